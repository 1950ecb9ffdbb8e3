package export

import (
	"debug/dwarf"
	"debug/elf"
	"fmt"

	"sonde/profile"
)

// declPos is where a function is declared: DW_AT_decl_file and
// DW_AT_decl_line of its DW_TAG_subprogram [DWARF5 2.14].
type declPos struct {
	file string
	line int
}

// declLines maps the entry address of each function of an object (the
// low_pc of its subprogram, or the start of each of its DW_AT_ranges) to its
// declaration, following DW_AT_specification and DW_AT_abstract_origin to
// the declaring entry as gdb's "info line FUNC" and gcov do. Objects are
// read once each.
type declLines struct {
	objs map[string]map[profile.Addr]declPos
}

// lookup returns the declaration of the function entered at addr in m's
// file; ok is false when the file cannot be read or has no such function.
func (d *declLines) lookup(m *profile.Mapping, addr profile.Addr) (declPos, bool) {
	if d.objs == nil {
		d.objs = make(map[string]map[profile.Addr]declPos)
	}
	t, seen := d.objs[m.Path]
	if !seen {
		t, _ = readDecls(m.Path) // an unreadable object keeps the entry row's line
		d.objs[m.Path] = t
	}
	p, ok := t[addr]
	return p, ok
}

// readDecls reads the declarations of path's functions from its DWARF.
func readDecls(path string) (out map[profile.Addr]declPos, err error) {
	defer func() {
		// debug/dwarf on hostile bytes: an error, never a panic
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("read DWARF of %s: %v", path, r)
		}
	}()
	f, err := elf.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read DWARF: %w", err)
	}
	defer f.Close()
	d, err := f.DWARF()
	if err != nil {
		return nil, fmt.Errorf("read DWARF of %s: %w", path, err)
	}
	out = make(map[profile.Addr]declPos)
	r := d.Reader()
	var files []*dwarf.LineFile
	// decl reads the declaration of the entry at off, through at most a few
	// specification and abstract-origin links.
	decl := func(e *dwarf.Entry) (declPos, bool) {
		for depth := 0; e != nil && depth < 4; depth++ {
			line, lok := e.Val(dwarf.AttrDeclLine).(int64)
			fi, fok := e.Val(dwarf.AttrDeclFile).(int64)
			if lok && fok && fi >= 0 && int(fi) < len(files) && files[fi] != nil {
				return declPos{file: files[fi].Name, line: int(line)}, true
			}
			ref, ok := e.Val(dwarf.AttrSpecification).(dwarf.Offset)
			if !ok {
				ref, ok = e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
			}
			if !ok {
				return declPos{}, false
			}
			rr := d.Reader()
			rr.Seek(ref)
			if e, _ = rr.Next(); e == nil {
				return declPos{}, false
			}
		}
		return declPos{}, false
	}
	for {
		e, err := r.Next()
		if err != nil {
			return out, fmt.Errorf("read DWARF of %s: %w", path, err)
		}
		if e == nil {
			return out, nil
		}
		switch e.Tag {
		case dwarf.TagCompileUnit:
			files = nil
			if lr, err := d.LineReader(e); err == nil && lr != nil {
				files = lr.Files()
			}
			continue
		case dwarf.TagSubprogram:
		default:
			continue
		}
		ranges, err := d.Ranges(e)
		if err != nil || len(ranges) == 0 {
			continue
		}
		p, ok := decl(e)
		if !ok {
			continue
		}
		for _, rg := range ranges {
			if rg[0] != 0 {
				out[profile.Addr(rg[0])] = p
			}
		}
	}
}
