package symbol

import (
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"

	"sonde/objfile"
)

// Options configure Open and NewCache. The zero value and nil are the
// defaults.
type Options struct {
	// DebugDirs are searched for separate debug files
	// (.build-id/xx/rest.debug and .gnu_debuglink names); nil means
	// objfile.DefaultDebugDirs.
	DebugDirs []string
	// Debuginfod and NoDebuginfod are objfile.Options' (nil: the servers
	// DEBUGINFOD_URLS names).
	Debuginfod   *objfile.Debuginfod
	NoDebuginfod bool
	// Prefetch decodes every DWARF unit in the background after Open, on
	// all CPUs but one, for a streaming caller (an addr2line co-process)
	// that will ask about many addresses one at a time. It costs the CPU
	// and memory of decoding units that may never be asked about.
	Prefetch bool
	// GoPclntab reads a Go binary's lines and inline frames from its
	// .gopclntab even when it has DWARF: the same frames for Go code
	// (TestGoBinaries compares both with llvm-symbolizer), without
	// decompressing and indexing the DWARF, which costs a continuous
	// profiler meeting many new Go programs three times more. The C code
	// of a cgo binary is then named from the symbol table only.
	GoPclntab bool
}

// objfile returns the options of objfile.Open.
func (o *Options) objfile() *objfile.Options {
	if o == nil {
		return nil
	}
	return &objfile.Options{DebugDirs: o.DebugDirs, Debuginfod: o.Debuginfod, NoDebuginfod: o.NoDebuginfod}
}

// Object is an opened ELF object with its indexes: symbols, DWARF units by
// address (each decoded when first needed) or Go's pc-line table. Its methods
// are safe for concurrent use. It holds no open file.
type Object struct {
	path    string
	buildID string
	info    Info
	loads   []elf.ProgHeader // PT_LOAD segments, for FileOffsetToAddr

	syms     *symtab    // the object's own table, overriding outer names
	fallback *symtab    // a debug file's table, when the object has none
	dw       *dwarfInfo // nil without DWARF
	gopcln   *goTable   // nil unless Go without DWARF
	isGo     bool       // a Go binary: its DWARF names are Go's own

	mu       sync.Mutex
	degraded string // the first DWARF decoding error, for Info

	// symsLater reads syms when first needed, for an object whose frames
	// come from .gopclntab (Options.GoPclntab): Go code never needs the
	// table, only addresses outside Go functions do.
	symsLater func() *symtab
	symsOnce  sync.Once
}

// Open opens the ELF object at path and indexes what it offers. A file
// that is not ELF gives an error wrapping ErrNotELF; an object without debug
// information opens (and degrades to symbol names, Info says so).
func Open(path string, opts *Options) (*Object, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open ELF file %s: %w", path, err)
	}
	defer f.Close()
	return openReader(path, f, opts, func() (io.ReaderAt, func(), error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		return f, func() { f.Close() }, nil
	})
}

// reopener opens the bytes of an object again: the file, or the image it
// was read from. It returns the bytes and what releases them.
type reopener func() (io.ReaderAt, func(), error)

// openReader opens the ELF object in r, named path. Everything that calls
// debug/elf or debug/gosym (which panic on some corrupt inputs) runs under
// objfile.Safe; sonde's own DWARF parsers run outside it, so that fuzzing finds
// their bugs.
func openReader(path string, r io.ReaderAt, opts *Options, reopen reopener) (*Object, error) {
	var p *objectParts
	err := objfile.Safe(path, func() error {
		var err error
		p, err = readObject(path, r, opts, reopen)
		return err
	})
	if err != nil {
		var fe *FormatError
		if errors.As(err, &fe) && !strings.HasPrefix(err.Error(), "open ") {
			err = fmt.Errorf("open ELF file %s: %w", path, err)
		}
		return nil, err
	}
	o, missing := p.obj, p.missing
	if p.dwarf != nil {
		o.dw, err = newDWARF(p.dwarf, p.dwarfPath)
		if err == nil {
			o.dw.dwpPath = objfile.PackagePath(path)
		}
		if err != nil {
			// Corrupt DWARF: degrade to symbols and say so.
			o.dw = nil
			missing = append(missing, fmt.Sprintf("DWARF unusable (%v)", err))
		}
	}
	if g := p.gopcln; o.dw == nil && g != nil {
		var err error
		if g.gofunc != 0 {
			// sonde's own decoder, for the lines too (no debug/gosym
			// table of every function): outside objfile.Safe.
			if inl, ierr := newGoInline(g.pcln, g.text, g.gofunc, g.rodata, g.rodataAddr, path); ierr == nil && inl != nil {
				o.gopcln = &goTable{inl: inl}
			}
		}
		if o.gopcln == nil {
			err = objfile.Safe(path, func() error {
				var err error
				o.gopcln, err = newGoTable(g.pcln, g.text, path)
				return err
			})
		}
		switch {
		case err == nil && o.gopcln != nil && o.gopcln.inl != nil:
			missing = append(missing, "lines and inline frames from .gopclntab, no columns")
		case err == nil && o.gopcln != nil:
			missing = append(missing, "lines from .gopclntab, no inline frames")
		}
	}
	if o.gopcln == nil && o.symsLater != nil {
		// .gopclntab unusable after all: the symbol table now.
		o.syms, o.symsLater = o.symsLater(), nil
	}
	if opts != nil && opts.Prefetch && o.dw != nil {
		go o.dw.decodeAll(max(1, runtime.GOMAXPROCS(0)-1))
	}
	switch {
	case o.dw != nil:
		o.info.HasFunctions, o.info.HasLineNumbers, o.info.HasInlineFrames = true, true, true
		if n := o.dw.missingDWO(); n > 0 {
			// Split DWARF: lines are here, functions in .dwo files.
			missing = append(missing, fmt.Sprintf("split DWARF: %d of %d units' .dwo missing or unreadable, names from symbols there, no inline frames", n, len(o.dw.units)))
			o.info.HasInlineFrames = n < len(o.dw.units)
		}
	case o.gopcln != nil:
		o.info.HasFunctions, o.info.HasLineNumbers = true, true
		o.info.HasInlineFrames = o.gopcln.inl != nil
	case o.syms != nil && o.syms.funcs > 0:
		o.info.HasFunctions = true
		missing = append(missing, "function names from "+o.syms.source+" only")
	case o.fallback != nil && o.fallback.funcs > 0:
		o.info.HasFunctions = true
		missing = append(missing, "function names from the debug file's "+o.fallback.source+" only")
	default:
		missing = append(missing, "no function symbols")
	}
	o.info.Missing = strings.Join(missing, ": ")
	return o, nil
}

// objectParts is what readObject gathers through debug/elf for Open to
// index.
type objectParts struct {
	obj       *Object        // with segments, build-id and symbols filled in
	dwarf     *dwarfSections // nil without DWARF
	dwarfPath string         // the file the DWARF is from
	gopcln    *goInput       // nil unless a Go binary without DWARF
	missing   []string       // what Info will say is missing, so far
}

// goInput is the raw material of a goTable.
type goInput struct {
	pcln       []byte // .gopclntab
	text       uint64 // .text address
	gofunc     uint64 // address of go:func.*, 0 if unknown
	rodata     []byte // the section holding go:func.*
	rodataAddr uint64 // its address
}

// readObject reads what Open needs through objfile and debug/elf:
// segments, build-id, symbols, the raw DWARF sections (of a separate debug
// file when the object has none) and .gopclntab.
func readObject(path string, r io.ReaderAt, opts *Options, reopen reopener) (*objectParts, error) {
	of, err := objfile.NewFile(path, r, opts.objfile())
	if err != nil {
		return nil, err
	}
	defer of.Close()
	ef := of.ELF
	o := &Object{path: path, buildID: of.BuildID}
	p := &objectParts{obj: o, dwarfPath: of.DebugPath}
	for _, p := range ef.Progs {
		if p.Type == elf.PT_LOAD {
			o.loads = append(o.loads, p.ProgHeader)
		}
	}
	o.isGo = ef.Section(".gopclntab") != nil || ef.Section(".go.buildinfo") != nil
	pcln := ef.Section(".gopclntab")
	goFirst := opts != nil && opts.GoPclntab && pcln != nil && pcln.Type != elf.SHT_NOBITS && ef.Section(".text") != nil
	if goFirst && reopen != nil {
		o.symsLater = func() *symtab { return reloadSymtab(path, o.buildID, reopen) }
	} else {
		o.syms = loadSymtab(ef)
	}
	if of.Separate() {
		o.info.DebugFile = of.DebugPath
		if o.syms == nil && o.symsLater == nil {
			o.fallback = loadSymtab(of.Debug)
		}
	}
	if of.HasDWARF() && !goFirst {
		p.dwarf, err = readDWARFSections(of.Debug, of.DebugReader(), of.DebugPath)
		if err != nil {
			p.dwarf = nil
			p.missing = append(p.missing, fmt.Sprintf("DWARF unusable (%v)", err))
		}
	} else if !goFirst {
		p.missing = append(p.missing, "no DWARF ("+of.Why()+")")
	}
	if s := pcln; s != nil && s.Type != elf.SHT_NOBITS && p.dwarf == nil {
		if data, err := s.Data(); err == nil {
			g := &goInput{pcln: data}
			if t := ef.Section(".text"); t != nil {
				g.text = t.Addr
			}
			// Function entries are offsets from runtime.text, the start
			// of .text unless an external linker put C code first (cgo
			// programs with C code of their own), as go tool addr2line
			// reads it.
			if a, ok := symbolValue(ef, "runtime.text"); ok {
				g.text = a
			}
			g.gofunc, g.rodata, g.rodataAddr = goFuncData(ef)
			p.gopcln = g
		}
	}
	return p, nil
}

// Path returns the path the object was opened from.
func (o *Object) Path() string { return o.path }

// BuildID returns the object's GNU build-id in hex, "" if it has none.
func (o *Object) BuildID() string { return o.buildID }

// Info says what the object offers and what is missing, including DWARF
// units that failed to decode since Open.
func (o *Object) Info() Info {
	o.mu.Lock()
	defer o.mu.Unlock()
	info := o.info
	if o.degraded != "" {
		if info.Missing != "" {
			info.Missing += "; "
		}
		info.Missing += "some DWARF unusable, names from symbols there (" + o.degraded + ")"
	}
	return info
}

// Close releases the object. The object holds no file descriptors, so
// Close only drops the indexes; it must not run concurrently with other
// methods, and the object answers nothing after it.
func (o *Object) Close() error {
	o.dw, o.gopcln, o.syms, o.fallback = nil, nil, nil, nil
	return nil
}

// FileOffsetToAddr converts a file offset (as /proc/PID/maps gives) to a
// link-time virtual address through the PT_LOAD segment holding it.
func (o *Object) FileOffsetToAddr(off uint64) (uint64, bool) {
	for _, p := range o.loads {
		if off >= p.Off && off-p.Off < p.Filesz {
			return p.Vaddr + (off - p.Off), true
		}
	}
	return 0, false
}

// Frames returns the source frames of the link-time address addr, innermost
// first, or nil, nil when addr is in no known function.
//
// Where llvm-symbolizer and binutils addr2line differ we follow
// llvm-symbolizer (--inlining --functions=linkage): the outermost frame's
// name is overridden by the symbol table's name of the symbol covering addr
// when there is one (so gcc's clones read "f.constprop.0", "f.cold"), except
// in Go binaries; file paths are joined, not cleaned, as llvm does (see
// filePath).
func (o *Object) Frames(addr uint64) ([]Frame, error) {
	var frames []Frame
	if dw := o.dw; dw != nil {
		if i := dw.unitFor(addr); i >= 0 {
			cd, err := dw.unit(i)
			if err != nil {
				o.noteDegraded(err)
			} else {
				frames = cd.frames(addr)
			}
		}
	} else if o.gopcln != nil {
		frames = o.gopcln.frames(addr)
	}
	return o.withSymbol(addr, frames), nil
}

// withSymbol names the outermost frame after the symbol covering addr, as
// llvm-symbolizer does, or makes a symbol-only frame when there are no
// frames. Like llvm-symbolizer, a frame without a file takes the name of
// the STT_FILE symbol before a local symbol (Rust's "crate.hash-cgu.0").
func (o *Object) withSymbol(addr uint64, frames []Frame) []Frame {
	if o.isGo && len(frames) > 0 {
		// Go's ELF symbols carry ABI suffixes ("runtime.call16.abi0")
		// that are not Go names; DWARF and .gopclntab say "runtime.call16",
		// as go tool addr2line and pprof do. Here we differ from
		// llvm-symbolizer on purpose.
		return frames
	}
	if o.symsLater != nil {
		o.symsOnce.Do(func() { o.syms = o.symsLater() })
	}
	t := o.syms
	if t == nil && len(frames) == 0 {
		t = o.fallback
	}
	s, ok := t.find(addr)
	if !ok {
		return frames
	}
	if len(frames) == 0 {
		return []Frame{{Func: s.name, File: s.file, FuncAddr: s.addr}}
	}
	last := &frames[len(frames)-1]
	last.Func = s.name
	if last.File == "" {
		last.File = s.file
	}
	for i := range frames {
		frames[i].FuncAddr = s.addr
	}
	return frames
}

func (o *Object) noteDegraded(err error) {
	o.mu.Lock()
	if o.degraded == "" {
		o.degraded = err.Error()
	}
	o.mu.Unlock()
}

// FramesBatch answers Frames for each of addrs, decoding the DWARF units
// they need in parallel first (one worker per CPU). Use it when all
// addresses are known up front; Frames answers one at a time.
func (o *Object) FramesBatch(addrs []uint64) ([][]Frame, error) {
	if dw := o.dw; dw != nil {
		need := map[int]bool{}
		for _, a := range addrs {
			if i := dw.unitFor(a); i >= 0 {
				need[i] = true
			}
		}
		units := make([]int, 0, len(need))
		for i := range need {
			units = append(units, i)
		}
		sort.Ints(units)
		dw.decode(units, runtime.GOMAXPROCS(0))
	}
	out := make([][]Frame, len(addrs))
	for k, a := range addrs {
		f, err := o.Frames(a)
		if err != nil {
			return nil, err
		}
		out[k] = f
	}
	return out, nil
}

// frames builds the frames of addr from the unit's tree and line table:
// the innermost frame's position from the line table, each outer one's from
// the DW_AT_call_file/line/column of the frame inside it [DWARF5 3.3.8.2].
func (cd *cuData) frames(addr uint64) []Frame {
	row, hasRow := cd.lines.find(addr)
	n := cd.find(addr)
	if n < 0 {
		if !hasRow {
			return nil
		}
		return []Frame{{File: cd.lines.file(uint64(row.file)), Line: int(row.line), Column: int(row.col), Discriminator: int(row.disc)}}
	}
	var frames []Frame
	var f Frame
	var entry uint64
	if hasRow {
		f = Frame{File: cd.lines.file(uint64(row.file)), Line: int(row.line), Column: int(row.col), Discriminator: int(row.disc)}
	}
	for depth := 0; n >= 0 && depth < 1000; depth++ {
		node := &cd.nodes[n]
		f.Func = node.name
		f.Inlined = node.inlined
		frames = append(frames, f)
		entry = node.entry
		f = Frame{File: cd.lines.file(uint64(node.callFile)), Line: int(node.callLine), Column: int(node.callCol), Discriminator: int(node.callDisc)}
		if !node.inlined {
			break
		}
		n = node.parent
	}
	for i := range frames {
		frames[i].FuncAddr = entry
	}
	return frames
}

// reloadSymtab reads the symbol table of the object at path again through
// reopen, nil when its bytes are gone or are no longer those of build ID
// buildID.
func reloadSymtab(path, buildID string, reopen reopener) *symtab {
	r, done, err := reopen()
	if err != nil {
		return nil
	}
	defer done()
	var t *symtab
	objfile.Safe(path, func() error {
		ef, err := elf.NewFile(r)
		if err != nil {
			return err
		}
		if objfile.BuildID(ef) != buildID {
			return nil // replaced since
		}
		t = loadSymtab(ef)
		return nil
	})
	return t
}

// symbolValue returns the value of the symbol name in f's .symtab, found
// by a scan of the raw table that builds no symbol (elf.File.Symbols
// allocates every name of a Go binary's 50,000).
func symbolValue(f *elf.File, name string) (uint64, bool) {
	s := f.Section(".symtab")
	if s == nil || s.Type != elf.SHT_SYMTAB || int(s.Link) >= len(f.Sections) {
		return 0, false
	}
	// Elf64_Sym: name u32, info, other u8, shndx u16, value, size u64;
	// Elf32_Sym: name, value, size u32, info, other u8, shndx u16.
	size, valueAt := 24, 8
	if f.Class == elf.ELFCLASS32 {
		size, valueAt = 16, 4
	}
	syms, err := s.Data()
	if err != nil {
		return 0, false
	}
	strs, err := f.Sections[s.Link].Data()
	if err != nil {
		return 0, false
	}
	for off := size; off+size <= len(syms); off += size {
		n := uint64(f.ByteOrder.Uint32(syms[off:]))
		if n+uint64(len(name)) < uint64(len(strs)) && strs[n+uint64(len(name))] == 0 && string(strs[n:n+uint64(len(name))]) == name {
			if size == 16 {
				return uint64(f.ByteOrder.Uint32(syms[off+valueAt:])), true
			}
			return f.ByteOrder.Uint64(syms[off+valueAt:]), true
		}
	}
	return 0, false
}
