package sample

import (
	"debug/elf"
	"debug/gosym"
	"fmt"

	"sonde/objfile"
	"sonde/symbol"
)

// object is what the sampler needs of an ELF file to turn a runtime
// placement into link-time addresses: its loadable segments and build-id.
// It is read once per path and kept for the run.
type object struct {
	path    string
	loads   []elf.ProgHeader
	buildID string
	isGo    bool
	// goEnds are the link-time extents of Go's outermost functions, read
	// from .gopclntab the first time a stack needs them (goRead): most
	// Go objects a machine maps are never asked, and parsing their
	// tables cost a whole-machine sampler more than all its unwinding.
	goEnds []addrRange
	goRead bool
	err    error
	// version is the file's when it was read (versioned: known), so that
	// a file replaced at the same path is read again (objversion.go).
	version   fileVersion
	versioned bool
}

// addrRange is a half-open range of link-time addresses.
type addrRange struct{ lo, hi uint64 }

// goEndFuncs are the functions at the outer end of every Go stack.
var goEndFuncs = []string{"runtime.goexit", "runtime.main", "runtime.mstart", "runtime.rt0_go"}

// goEnd reports whether link-time address a lies in one of goEndFuncs.
func (o *object) goEnd(a uint64) bool {
	if !o.isGo {
		return false
	}
	if !o.goRead {
		o.goRead = true
		if v, ok := pathVersion(o.path); o.versioned && (!ok || v != o.version) {
			return false // replaced since: not the file sampled
		}
		objfile.Safe(o.path, func() error {
			f, err := elf.Open(o.path)
			if err != nil {
				return err
			}
			defer f.Close()
			o.goEnds = readGoEnds(f)
			return nil
		})
	}
	for _, r := range o.goEnds {
		if a >= r.lo && a < r.hi {
			return true
		}
	}
	return false
}

// readGoEnds finds goEndFuncs in a Go executable's .gopclntab, which the
// Go runtime itself needs and no build strips (its symbol table gives the
// assembly functions among them no size).
func readGoEnds(f *elf.File) []addrRange {
	if f.Section(".go.buildinfo") == nil && f.Section(".gopclntab") == nil {
		return nil
	}
	var out []addrRange
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		return nil
	}
	data, err := pcln.Data()
	if err != nil {
		return nil
	}
	if ext := symbol.GoFuncExtents(data, text.Addr, goEndFuncs); ext != nil {
		// Go 1.20 and later: a scan of the table, not all of it decoded.
		for _, name := range goEndFuncs {
			if r, ok := ext[name]; ok {
				out = append(out, addrRange{r[0], r[1]})
			}
		}
		return out
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		return nil
	}
	for _, name := range goEndFuncs {
		if fn := tab.LookupFunc(name); fn != nil {
			out = append(out, addrRange{fn.Entry, fn.End})
		}
	}
	return out
}

// readObject reads path's program headers and build-id note.
func readObject(path string) *object {
	o := &object{path: path}
	err := objfile.Safe(path, func() error {
		f, err := elf.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		o.isGo = f.Section(".gopclntab") != nil
		for _, p := range f.Progs {
			if p.Type == elf.PT_LOAD {
				o.loads = append(o.loads, p.ProgHeader)
			}
		}
		o.buildID = objfile.BuildID(f)
		return nil
	})
	if err != nil {
		return &object{err: fmt.Errorf("open ELF file %s: %w", path, err)}
	}
	return o
}

// bias returns what was added to link-time addresses of the object when
// file offset pgoff was mapped at runtime address start: the segment that
// holds pgoff has link-time address p_vaddr at file offset p_offset, so
// offset pgoff is link-time p_vaddr + (pgoff - p_offset), now at start.
func (o *object) bias(start, pgoff uint64) (uint64, bool) {
	best := -1
	for i, p := range o.loads {
		lo := p.Off &^ 0xfff // mmap maps whole pages
		if pgoff >= lo && pgoff < p.Off+p.Filesz {
			if best < 0 || p.Flags&elf.PF_X != 0 {
				best = i
			}
		}
	}
	if best < 0 {
		return 0, false
	}
	p := o.loads[best]
	return start - (p.Vaddr + pgoff - p.Off), true
}
