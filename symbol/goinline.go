package symbol

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// goInline decodes the inline tree that the Go linker writes into
// .gopclntab (Go 1.20+ format, magic 0xfffffff1), which debug/gosym does
// not expose: per function, PCDATA_InlTreeIndex maps a pc to an entry of
// the FUNCDATA_InlTree table, each entry naming an inlined callee and the
// pc of its call site in the caller [runtime/symtab.go, symtabinl.go].
// The layouts below follow runtime.pcHeader, runtime._func and
// runtime.inlinedCall of Go 1.20-1.26.
type goInline struct {
	file        string
	minLC       uint64
	funcnametab []byte
	pctab       []byte
	cutab       []byte // per compilation unit, file numbers to filetab offsets
	filetab     []byte
	pclntab     []byte // runtime.pclntab: functab then the _func records
	nfunc       int
	text        uint64 // moduledata.text: function entries are offsets from it
	gofunc      uint64 // address of go:func.*, the base of funcdata offsets
	rodata      []byte // the section holding go:func.*
	rodataAddr  uint64
}

const (
	goPCLnTabMagic120   = 0xfffffff1
	goPCDATAInlTreeIdx  = 2
	goFUNCDATAInlTree   = 3
	goFuncHeaderSize    = 44 // runtime._func without its trailing arrays
	goInlinedCallSize   = 16 // runtime.inlinedCall
	goMaxInlineDepth    = 256
	goPCValueMaxEntries = 1 << 20
)

// newGoInline reads the header of a .gopclntab. It returns nil, nil for
// pclntab versions it does not know (no inline frames then).
func newGoInline(pcln []byte, text, gofunc uint64, rodata []byte, rodataAddr uint64, file string) (*goInline, error) {
	if len(pcln) < 8 || binary.LittleEndian.Uint32(pcln) != goPCLnTabMagic120 {
		return nil, nil
	}
	ptr := int(pcln[7])
	if ptr != 8 && ptr != 4 {
		return nil, &FormatError{File: file, Off: 7, Msg: fmt.Sprintf(".gopclntab: pointer size %d", ptr)}
	}
	b := newBuf(pcln, 0, file, ".gopclntab")
	b.Seek(8)
	nfunc := b.Uint(ptr)
	b.Uint(ptr) // nfiles
	b.Uint(ptr) // unused (was textStart)
	funcname := b.Uint(ptr)
	cutab := b.Uint(ptr)
	filetab := b.Uint(ptr)
	pctab := b.Uint(ptr)
	pclnOff := b.Uint(ptr)
	if b.Failed() {
		return nil, b.err()
	}
	n := uint64(len(pcln))
	if funcname > n || pctab > n || pclnOff > n || cutab > n || filetab > n || nfunc > n/8 {
		return nil, &FormatError{File: file, Off: 8, Msg: ".gopclntab: header offsets out of range"}
	}
	g := &goInline{
		file: file, minLC: uint64(pcln[6]), funcnametab: pcln[funcname:], pctab: pcln[pctab:],
		cutab: pcln[cutab:], filetab: pcln[filetab:],
		pclntab: pcln[pclnOff:], nfunc: int(nfunc), text: text, gofunc: gofunc, rodata: rodata, rodataAddr: rodataAddr,
	}
	if g.minLC == 0 {
		g.minLC = 1
	}
	if uint64(len(g.pclntab)) < (nfunc+1)*8 {
		return nil, &FormatError{File: file, Off: int64(pclnOff), Msg: ".gopclntab: function table truncated"}
	}
	return g, nil
}

// goFunc is the part of a runtime._func that inline decoding needs.
type goFunc struct {
	entry   uint64
	nameOff uint32
	// pctab offsets of the pc-file and pc-line tables, and the first
	// cutab entry of the function's compilation unit.
	pcfile, pcln, cuOffset uint32
	inlIdx                 uint32 // pctab offset of PCDATA_InlTreeIndex, 0 if none
	inlTree                uint64 // address of FUNCDATA_InlTree, 0 if none
}

// funcFor returns the function whose code holds pc.
func (g *goInline) funcFor(pc uint64) (goFunc, bool) {
	if pc < g.text {
		return goFunc{}, false
	}
	off := pc - g.text
	ft := g.pclntab
	i := sort.Search(g.nfunc, func(i int) bool { return uint64(binary.LittleEndian.Uint32(ft[i*8:])) > off })
	if i == 0 || i > g.nfunc {
		return goFunc{}, false
	}
	if i == g.nfunc && off >= uint64(binary.LittleEndian.Uint32(ft[g.nfunc*8:])) {
		// Past the last function's end (the table's last entry): code
		// of no Go function, as an external linker's C code after Go's.
		return goFunc{}, false
	}
	funcOff := uint64(binary.LittleEndian.Uint32(ft[(i-1)*8+4:]))
	if funcOff+goFuncHeaderSize > uint64(len(ft)) {
		return goFunc{}, false
	}
	fb := ft[funcOff:]
	f := goFunc{
		entry:    g.text + uint64(binary.LittleEndian.Uint32(fb)),
		nameOff:  binary.LittleEndian.Uint32(fb[4:]),
		pcfile:   binary.LittleEndian.Uint32(fb[20:]),
		pcln:     binary.LittleEndian.Uint32(fb[24:]),
		cuOffset: binary.LittleEndian.Uint32(fb[32:]),
	}
	npcdata := uint64(binary.LittleEndian.Uint32(fb[28:]))
	nfuncdata := uint64(fb[43])
	arr := funcOff + goFuncHeaderSize
	if arr+4*(npcdata+nfuncdata) > uint64(len(ft)) {
		return goFunc{}, false
	}
	if npcdata > goPCDATAInlTreeIdx {
		f.inlIdx = binary.LittleEndian.Uint32(ft[arr+4*goPCDATAInlTreeIdx:])
	}
	if nfuncdata > goFUNCDATAInlTree {
		if off := binary.LittleEndian.Uint32(ft[arr+4*npcdata+4*goFUNCDATAInlTree:]); off != ^uint32(0) {
			f.inlTree = g.gofunc + uint64(off)
		}
	}
	return f, true
}

// pcvalue decodes the pc-value table at off in pctab for targetpc in a
// function starting at entry, as runtime.pcvalue does: -1 when none.
func (g *goInline) pcvalue(off uint32, entry, targetpc uint64) int32 {
	if off == 0 || uint64(off) >= uint64(len(g.pctab)) {
		return -1
	}
	b := newBuf(g.pctab[off:], 0, g.file, ".gopclntab")
	val := int32(-1)
	pc := entry
	for i := 0; i < goPCValueMaxEntries && !b.Failed(); i++ {
		uv := b.ULEB128()
		if uv == 0 && i > 0 {
			return -1
		}
		u := uint32(uv)
		val += int32(-(u & 1) ^ (u >> 1))
		pc += b.ULEB128() * g.minLC
		if b.Failed() {
			return -1
		}
		if targetpc < pc {
			return val
		}
	}
	return -1
}

// line returns the file and line of pc from the pc-file and pc-line
// tables of its function, as debug/gosym's go12PCToFile and go12PCToLine
// (Go 1.16+) read them: "" and -1 where they say nothing. It replaces
// debug/gosym where the inline tree is read, which builds a table of all
// functions first (tens of milliseconds and megabytes a Go program).
func (g *goInline) line(pc uint64) (string, int) {
	f, ok := g.funcFor(pc)
	if !ok {
		return "", 0
	}
	line := g.pcvalue(f.pcln, f.entry, pc)
	file := ""
	if fno := g.pcvalue(f.pcfile, f.entry, pc); fno >= 0 {
		at := (uint64(f.cuOffset) + uint64(fno)) * 4
		if at+4 <= uint64(len(g.cutab)) {
			if off := binary.LittleEndian.Uint32(g.cutab[at:]); off != ^uint32(0) {
				file, _ = cstrAt(g.filetab, uint64(off))
			}
		}
	}
	return file, int(line)
}

// name returns the function name at nameOff in funcnametab.
func (g *goInline) name(nameOff uint32) string {
	s, _ := cstrAt(g.funcnametab, uint64(nameOff))
	return s
}

// frames returns pc's frames innermost first, with positions from lineAt,
// or nil when pc is in no function.
func (g *goInline) frames(pc uint64, lineAt func(pc uint64) (string, int)) []Frame {
	f, ok := g.funcFor(pc)
	if !ok {
		return nil
	}
	var frames []Frame
	cur := pc
	if f.inlTree != 0 && f.inlTree >= g.rodataAddr {
		ix := g.pcvalue(f.inlIdx, f.entry, cur)
		for depth := 0; ix >= 0 && depth < goMaxInlineDepth; depth++ {
			at := f.inlTree - g.rodataAddr + uint64(ix)*goInlinedCallSize
			if at+goInlinedCallSize > uint64(len(g.rodata)) {
				break
			}
			ic := g.rodata[at:]
			file, line := lineAt(cur)
			frames = append(frames, Frame{Func: g.name(binary.LittleEndian.Uint32(ic[4:])), File: file, Line: line, Inlined: true, FuncAddr: f.entry})
			cur = f.entry + uint64(int64(int32(binary.LittleEndian.Uint32(ic[8:]))))
			ix = g.pcvalue(f.inlIdx, f.entry, cur)
		}
	}
	file, line := lineAt(cur)
	return append(frames, Frame{Func: g.name(f.nameOff), File: file, Line: line, FuncAddr: f.entry})
}
