package objfile

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
)

// Split DWARF [DWARF5 3.1.3, 7.3.2, 7.3.5; for DWARF 4 the GNU extension,
// gcc.gnu.org/wiki/DebugFission and DWARF5 Appendix F]: a skeleton unit in
// the object names a .dwo file holding the real (split) unit; dwp(1) or
// llvm-dwp gathers an executable's .dwo files into one package, OBJECT.dwp,
// whose .debug_cu_index says where each unit's contribution to each section
// lies.

// Split is the sections of one split unit's file, or of one unit's
// contributions in a package (with the package's whole string table).
type Split struct {
	// Path is the .dwo or .dwp file.
	Path string
	// Info, Abbrev, Str, StrOffsets, RngLists, LocLists, Loc and Line are
	// the .debug_X.dwo sections (nil when absent).
	Info, Abbrev, Str, StrOffsets, RngLists, LocLists, Loc, Line []byte
}

// OpenDWO reads the sections of the .dwo file at path.
func OpenDWO(path string) (*Split, error) {
	osf, ef, err := openELF(path)
	if err != nil {
		return nil, err
	}
	defer osf.Close()
	s := &Split{Path: path}
	err = Safe(path, func() error { return s.read(ef) })
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Split) read(ef *elf.File) error {
	var err error
	get := func(name string) []byte {
		if err != nil {
			return nil
		}
		var b []byte
		b, err = SectionData(ef, s.Path, name)
		return b
	}
	s.Info, s.Abbrev, s.Str = get(".debug_info.dwo"), get(".debug_abbrev.dwo"), get(".debug_str.dwo")
	s.StrOffsets, s.RngLists, s.LocLists = get(".debug_str_offsets.dwo"), get(".debug_rnglists.dwo"), get(".debug_loclists.dwo")
	s.Loc, s.Line = get(".debug_loc.dwo"), get(".debug_line.dwo")
	return err
}

// Package is a DWARF package file (.dwp), read whole. It is immutable and
// safe for concurrent use.
type Package struct {
	secs  Split
	units map[uint64][]contrib // by DWO id
	ids   [maxSect]int         // column of each section in units' rows, -1 if absent
}

// contrib is a unit's contribution to one section: offset and size.
type contrib struct{ off, size uint32 }

// Section identifiers of .debug_cu_index [DWARF5 7.3.5.3, Table 7.31],
// and those of the GNU version 2 index for DWARF 4 (DW_SECT_TYPES,
// DW_SECT_LOC = 5, DW_SECT_MACINFO), mapped into one numbering.
const (
	sectInfo       = 1
	sectAbbrev     = 3
	sectLine       = 4
	sectLocLists   = 5 // DW_SECT_LOCLISTS in v5, DW_SECT_LOC in v2
	sectStrOffsets = 6
	sectRngLists   = 8 // v5 only
	maxSect        = 9
)

// PackagePath is where llvm-symbolizer and gdb look for the package of
// the object at path: path + ".dwp".
func PackagePath(path string) string { return path + ".dwp" }

// OpenPackage reads the DWARF package at path. A missing file gives an
// error wrapping fs.ErrNotExist.
func OpenPackage(path string) (*Package, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open DWARF package %s: %w", path, err)
	}
	osf, ef, err := openELF(path)
	if err != nil {
		return nil, err
	}
	defer osf.Close()
	p := &Package{secs: Split{Path: path}}
	var index []byte
	err = Safe(path, func() error {
		if err := p.secs.read(ef); err != nil {
			return err
		}
		var err error
		index, err = SectionData(ef, path, ".debug_cu_index")
		return err
	})
	if err != nil {
		return nil, err
	}
	if index == nil {
		return nil, &FormatError{File: path, Msg: "no .debug_cu_index"}
	}
	if err := p.parseIndex(index, ef.ByteOrder); err != nil {
		return nil, err
	}
	return p, nil
}

// parseIndex reads .debug_cu_index [DWARF5 7.3.5.3]: a header (version;
// the number of columns, units and hash slots), the hash table of
// signatures and its parallel table of row numbers (1-based, 0 for an
// empty slot), then the row of section identifiers, the offsets table and
// the sizes table, each row one unit, each column one section.
func (p *Package) parseIndex(b []byte, bo binary.ByteOrder) error {
	bad := func(off int, msg string) error {
		return &FormatError{File: p.secs.Path, Off: int64(off), Msg: ".debug_cu_index: " + msg}
	}
	if len(b) < 16 {
		return bad(0, "header truncated")
	}
	version := bo.Uint32(b) // v2: a 4-byte 2; v5: a 2-byte 5 and 2 bytes of padding
	if bo.Uint16(b) == 5 {
		version = 5
	}
	if version != 2 && version != 5 {
		return bad(0, fmt.Sprintf("version %d", version))
	}
	ncols, nunits, nslots := uint64(bo.Uint32(b[4:])), uint64(bo.Uint32(b[8:])), uint64(bo.Uint32(b[12:]))
	need := 16 + nslots*12 + ncols*4 + 2*nunits*ncols*4
	if ncols > maxSect || nunits > nslots || need > uint64(len(b)) {
		return bad(0, fmt.Sprintf("%d columns, %d units, %d slots do not fit %d bytes", ncols, nunits, nslots, len(b)))
	}
	for i := range p.ids {
		p.ids[i] = -1
	}
	colsOff := 16 + nslots*12
	for c := uint64(0); c < ncols; c++ {
		id := bo.Uint32(b[colsOff+4*c:])
		if version == 2 && id == 8 { // DW_SECT_MACRO (v2)
			id = 7
		}
		if id < maxSect {
			p.ids[id] = int(c)
		}
	}
	offs := colsOff + ncols*4
	sizes := offs + nunits*ncols*4
	p.units = make(map[uint64][]contrib, nunits)
	for s := uint64(0); s < nslots; s++ {
		sig := bo.Uint64(b[16+8*s:])
		row := uint64(bo.Uint32(b[16+nslots*8+4*s:]))
		if row == 0 {
			continue
		}
		if row > nunits {
			return bad(int(16+nslots*8+4*s), fmt.Sprintf("row %d of %d", row, nunits))
		}
		cs := make([]contrib, ncols)
		for c := uint64(0); c < ncols; c++ {
			at := (row-1)*ncols*4 + c*4
			cs[c] = contrib{bo.Uint32(b[offs+at:]), bo.Uint32(b[sizes+at:])}
		}
		p.units[sig] = cs
	}
	return nil
}

// Unit returns the sections of the split unit with DWO id id: its
// contributions to each section, and the whole string table. ok is false
// when the package has no such unit or its contributions lie outside the
// sections.
func (p *Package) Unit(id uint64) (*Split, bool) {
	cs, ok := p.units[id]
	if !ok {
		return nil, false
	}
	s := &Split{Path: p.secs.Path, Str: p.secs.Str}
	for _, x := range []struct {
		sect int
		src  []byte
		dst  *[]byte
	}{
		{sectInfo, p.secs.Info, &s.Info}, {sectAbbrev, p.secs.Abbrev, &s.Abbrev}, {sectLine, p.secs.Line, &s.Line},
		{sectStrOffsets, p.secs.StrOffsets, &s.StrOffsets}, {sectRngLists, p.secs.RngLists, &s.RngLists},
	} {
		c := p.ids[x.sect]
		if c < 0 {
			continue
		}
		k := cs[c]
		if uint64(k.off)+uint64(k.size) > uint64(len(x.src)) {
			return nil, false
		}
		*x.dst = x.src[k.off : k.off+k.size]
	}
	if c := p.ids[sectLocLists]; c >= 0 {
		k := cs[c]
		src := p.secs.LocLists
		dst := &s.LocLists
		if src == nil {
			src, dst = p.secs.Loc, &s.Loc
		}
		if uint64(k.off)+uint64(k.size) > uint64(len(src)) {
			return nil, false
		}
		*dst = src[k.off : k.off+k.size]
	}
	return s, true
}

// Len returns the number of units in the package.
func (p *Package) Len() int { return len(p.units) }
