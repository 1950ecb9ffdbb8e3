package web

import (
	"debug/elf"
	"fmt"
	"regexp"
	"sort"
	"sync"

	"github.com/google/pprof/driver"
	"golang.org/x/arch/x86/x86asm"

	"sonde/objfile"
	"sonde/symbol"
)

// objTool is pprof's ObjTool made of sonde's parts: objfile reads the ELF
// file and its symbol table, symbol.Cache gives source lines with inline
// frames, x86asm disassembles. pprof's disassembly and source views use it
// instead of objdump and addr2line.
//
// Addresses: export.Pprof places every mapping at its link-time addresses
// (pprof's base is 0), so pprof's addresses are the object's own and
// ObjAddr is the identity.
type objTool struct {
	cache *symbol.Cache

	mu    sync.Mutex
	files map[string]*objfile.File
}

func newObjTool(cache *symbol.Cache) *objTool {
	return &objTool{cache: cache, files: make(map[string]*objfile.File)}
}

// file opens path once; the files stay open until close.
func (t *objTool) file(path string) (*objfile.File, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if f := t.files[path]; f != nil {
		return f, nil
	}
	f, err := objfile.Open(path, &objfile.Options{ELFOnly: true})
	if err != nil {
		return nil, err
	}
	t.files[path] = f
	return f, nil
}

func (t *objTool) close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, f := range t.files {
		f.Close()
	}
	t.files = nil
}

func (t *objTool) Open(file string, _, _, _ uint64, _ string) (driver.ObjFile, error) {
	f, err := t.file(file)
	if err != nil {
		return nil, err
	}
	return &objFile{tool: t, f: f}, nil
}

// Disasm disassembles [start, end) of file with x86asm, in AT&T (GNU)
// syntax unless intelSyntax, each instruction with its source position.
func (t *objTool) Disasm(file string, start, end uint64, intelSyntax bool) ([]driver.Inst, error) {
	f, err := t.file(file)
	if err != nil {
		return nil, err
	}
	if f.ELF.Machine != elf.EM_X86_64 {
		return nil, fmt.Errorf("disassemble %s: %v: sonde disassembles x86-64 only", file, f.ELF.Machine)
	}
	// pprof asks for ranges widened by 500 bytes on each side, which may
	// reach past the code: the executable segments' part of the range is
	// disassembled.
	type piece struct {
		addr uint64
		code []byte
	}
	var pieces []piece
	for _, p := range f.ELF.Progs {
		if p.Type != elf.PT_LOAD || p.Flags&elf.PF_X == 0 {
			continue
		}
		lo, hi := max(start, p.Vaddr), min(end, p.Vaddr+p.Filesz)
		if lo >= hi {
			continue
		}
		code := make([]byte, hi-lo)
		if _, err := p.ReadAt(code, int64(lo-p.Vaddr)); err != nil {
			return nil, fmt.Errorf("disassemble %s: %w", file, err)
		}
		pieces = append(pieces, piece{lo, code})
	}
	if len(pieces) == 0 {
		return nil, fmt.Errorf("disassemble %s: [%#x, %#x) is in no executable segment", file, start, end)
	}
	sort.Slice(pieces, func(i, j int) bool { return pieces[i].addr < pieces[j].addr })
	syms, _ := f.Symbols()
	sort.Slice(syms, func(i, j int) bool { return syms[i].Value < syms[j].Value })
	lookup := func(addr uint64) (string, uint64) {
		i := sort.Search(len(syms), func(i int) bool { return syms[i].Value > addr }) - 1
		for ; i >= 0; i-- {
			s := syms[i]
			if elf.ST_TYPE(s.Info) == elf.STT_FUNC && addr < s.Value+s.Size {
				return s.Name, s.Value
			}
		}
		return "", 0
	}
	obj, _ := t.cache.Object(file, f.BuildID)
	var out []driver.Inst
	for _, pc := range pieces {
		code := pc.code
		for off := uint64(0); off < uint64(len(code)); {
			addr := pc.addr + off
			in, err := x86asm.Decode(code[off:], 64)
			n := uint64(in.Len)
			text := ""
			switch {
			case err != nil || n == 0:
				n, text = 1, fmt.Sprintf(".byte %#x", code[off])
			case intelSyntax:
				text = x86asm.IntelSyntax(in, addr, lookup)
			default:
				text = x86asm.GNUSyntax(in, addr, lookup)
			}
			inst := driver.Inst{Addr: addr, Text: text}
			if obj != nil {
				if fr, _ := obj.Frames(addr); len(fr) > 0 {
					inst.Function, inst.File, inst.Line = symbol.Demangle(fr[0].Func), fr[0].File, fr[0].Line
				}
			}
			out = append(out, inst)
			off += n
		}
	}
	return out, nil
}

// objFile is one object opened for pprof.
type objFile struct {
	tool *objTool
	f    *objfile.File
}

func (o *objFile) Name() string                        { return o.f.Path }
func (o *objFile) ObjAddr(addr uint64) (uint64, error) { return addr, nil }
func (o *objFile) BuildID() string                     { return o.f.BuildID }
func (o *objFile) Close() error                        { return nil } // closed with the tool

// SourceLine gives the frames of addr, innermost first, from sonde's
// symbolizer.
func (o *objFile) SourceLine(addr uint64) ([]driver.Frame, error) {
	obj, err := o.tool.cache.Object(o.f.Path, o.f.BuildID)
	if err != nil {
		return nil, err
	}
	frames, err := obj.Frames(addr)
	if err != nil {
		return nil, err
	}
	out := make([]driver.Frame, len(frames))
	for i, fr := range frames {
		out[i] = driver.Frame{Func: symbol.Demangle(fr.Func), File: fr.File, Line: fr.Line, Column: fr.Column}
	}
	return out, nil
}

// Symbols lists the function symbols whose names match r (nil: all) and
// that hold addr (0: any).
func (o *objFile) Symbols(r *regexp.Regexp, addr uint64) ([]*driver.Sym, error) {
	syms, _ := o.f.Symbols()
	var out []*driver.Sym
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) != elf.STT_FUNC || s.Value == 0 {
			continue
		}
		name := symbol.Demangle(s.Name)
		if r != nil && !r.MatchString(s.Name) && !r.MatchString(name) {
			continue
		}
		if addr != 0 && (addr < s.Value || addr >= s.Value+s.Size) {
			continue
		}
		end := s.Value
		if s.Size > 0 {
			end = s.Value + s.Size - 1
		}
		out = append(out, &driver.Sym{Name: []string{name}, File: o.f.Path, Start: s.Value, End: end})
	}
	return out, nil
}
