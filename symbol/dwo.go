package symbol

import (
	"debug/elf"
	"path/filepath"
	"sync"
)

// Split DWARF [DWARF5 3.1.3, 7.3.2; and the GNU extension for DWARF 4,
// gcc.gnu.org/wiki/DebugFission]: a skeleton unit in the object names a
// .dwo file holding the real (split) unit. The split unit's addresses are
// indexes into the object's .debug_addr (from the skeleton's
// DW_AT_addr_base or DW_AT_GNU_addr_base); its strings are in the .dwo's
// own sections, at an implicit base (just past the DWARF 5 section header;
// 0 in DWARF 4). DWARF 5 range lists are in the .dwo too; DWARF 4 ones in
// the object's .debug_ranges, offset by DW_AT_GNU_ranges_base. Line
// tables, and so the file names of call sites, are the skeleton's, as
// llvm-symbolizer resolves them. .dwp packages are not read.

// dwoFile is one .dwo file's DWARF, indexed, or why it could not be used.
type dwoFile struct {
	once sync.Once
	di   *dwarfInfo
	err  error
}

// Implicit bases of a DWARF 5 split unit with 32-bit offsets: the
// .debug_str_offsets header (length, version, padding) and the
// .debug_rnglists header (length, version, address size, segment selector
// size, offset entry count).
const (
	dwoStrOffBase = 8
	dwoRngBase    = 12
)

// decodeSplit decodes the split unit of skeleton u from its .dwo file; ok
// is false when the file is missing or unusable (the caller then decodes
// the skeleton alone: lines without functions).
func (di *dwarfInfo) decodeSplit(u *unit) (*cuData, bool) {
	if u.dwoName == "" {
		return nil, false
	}
	path := u.dwoName
	if !filepath.IsAbs(path) {
		path = filepath.Join(u.compDir, path)
	}
	df := di.openDWO(path, u)
	if df.err != nil || df.di == nil {
		return nil, false
	}
	for i, su := range df.di.units {
		if su.dwoID == u.dwoID && !su.skeleton {
			cd, err := df.di.unit(i)
			return cd, err == nil
		}
	}
	return nil, false
}

// openDWO reads and indexes the .dwo at path once, for skeleton u. Each
// unit usually has a .dwo of its own, so different paths open in
// parallel.
func (di *dwarfInfo) openDWO(path string, u *unit) *dwoFile {
	di.dwoMu.Lock()
	if di.dwo == nil {
		di.dwo = map[string]*dwoFile{}
	}
	df := di.dwo[path]
	if df == nil {
		df = &dwoFile{}
		di.dwo[path] = df
	}
	di.dwoMu.Unlock()
	df.once.Do(func() { df.di, df.err = di.loadDWO(path, u) })
	return df
}

// loadDWO reads and indexes the .dwo at path.
func (di *dwarfInfo) loadDWO(path string, u *unit) (*dwarfInfo, error) {
	var s *dwarfSections
	err := safeCall(path, func() error {
		f, ef, err := openELF(path)
		if err != nil {
			return err
		}
		defer f.Close()
		s, err = readDWOSections(ef, path)
		return err
	})
	if err != nil {
		return nil, err
	}
	// The .dwo's own strings and range lists; the object's line tables
	// and addresses.
	s.line, s.lineStr, s.addr = di.secs.line, di.secs.lineStr, di.addrSec
	skeletons := map[uint64]*unit{}
	for _, sk := range di.units {
		if sk.skeleton {
			skeletons[sk.dwoID] = sk
		}
	}
	dd := &dwarfInfo{names: map[uint64]chainNames{}}
	dd.prepare = func(su *unit) {
		sk := skeletons[su.dwoID]
		if sk == nil {
			sk = u
		}
		su.addrBase, su.strOffBase, su.rngBase = sk.addrBase, dwoStrOffBase, dwoRngBase
		if su.vers < 5 {
			su.strOffBase, su.rangesBase = 0, sk.rangesBase
		}
		su.lineOff, su.compDir, su.base = sk.lineOff, sk.compDir, sk.base
	}
	dd.info, dd.abbrev = s.info, s.abbrev
	dd.secs = debugSections{file: path, line: s.line, str: s.str, lineStr: s.lineStr}
	dd.strOff, dd.addrSec, dd.rngLists, dd.rangesSec = s.strOff, s.addr, s.rngLists, di.rangesSec
	if err := dd.parseUnits(); err != nil {
		return nil, err
	}
	for _, su := range dd.units {
		// A DWARF 4 split unit may carry DW_AT_GNU_dwo_name as its
		// skeleton does; in a .dwo every unit is a split unit.
		su.skeleton = false
	}
	return dd, nil
}

// readDWOSections reads the .dwo sections of a split DWARF file.
func readDWOSections(f *elf.File, path string) (*dwarfSections, error) {
	var err error
	get := func(name string) []byte {
		if err != nil {
			return nil
		}
		var b []byte
		b, err = sectionData(f, path, name)
		return b
	}
	s := &dwarfSections{
		info: get(".debug_info.dwo"), abbrev: get(".debug_abbrev.dwo"), str: get(".debug_str.dwo"),
		strOff: get(".debug_str_offsets.dwo"), rngLists: get(".debug_rnglists.dwo"),
	}
	return s, err
}
