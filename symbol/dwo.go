package symbol

import (
	"fmt"
	"path/filepath"
	"sync"

	"sonde/objfile"
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
// llvm-symbolizer resolves them. A unit is looked for in the object's
// DWARF package (OBJECT.dwp, as llvm-symbolizer does) first, then in its
// .dwo file.

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

// decodeSplit decodes the split unit of skeleton u from the object's .dwp
// package, else from its .dwo file; ok is false when neither has it (the
// caller then decodes the skeleton alone: lines without functions).
func (di *dwarfInfo) decodeSplit(u *unit) (*cuData, bool) {
	if u.dwoName == "" && u.dwoID == 0 {
		return nil, false
	}
	var df *dwoFile
	if pkg, _ := di.pkg(); pkg != nil {
		if _, ok := pkg.Unit(u.dwoID); ok {
			df = di.openDWO(fmt.Sprintf("%s#%016x", di.dwpPath, u.dwoID), u, func() (*objfile.Split, error) {
				s, _ := pkg.Unit(u.dwoID)
				return s, nil
			})
		}
	}
	if df == nil {
		if u.dwoName == "" {
			return nil, false
		}
		path := u.dwoName
		if !filepath.IsAbs(path) {
			path = filepath.Join(u.compDir, path)
		}
		df = di.openDWO(path, u, func() (*objfile.Split, error) { return objfile.OpenDWO(path) })
	}
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

// pkg returns the object's DWARF package, read once; nil when there is
// none.
func (di *dwarfInfo) pkg() (*objfile.Package, error) {
	if di.dwpPath == "" {
		return nil, nil
	}
	di.dwpOnce.Do(func() { di.dwp, di.dwpErr = objfile.OpenPackage(di.dwpPath) })
	return di.dwp, di.dwpErr
}

// openDWO reads and indexes the split unit file named key (a .dwo path, or
// a unit of the package) once, for skeleton u, through read. Each unit
// usually has a file of its own, so different keys open in parallel.
func (di *dwarfInfo) openDWO(key string, u *unit, read func() (*objfile.Split, error)) *dwoFile {
	di.dwoMu.Lock()
	if di.dwo == nil {
		di.dwo = map[string]*dwoFile{}
	}
	df := di.dwo[key]
	if df == nil {
		df = &dwoFile{}
		di.dwo[key] = df
	}
	di.dwoMu.Unlock()
	df.once.Do(func() {
		s, err := read()
		if err != nil {
			df.err = err
			return
		}
		df.di, df.err = di.loadDWO(s, u)
	})
	return df
}

// loadDWO indexes the split unit sections s, for skeleton u.
func (di *dwarfInfo) loadDWO(s *objfile.Split, u *unit) (*dwarfInfo, error) {
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
	// The split file's own strings and range lists; the object's line
	// tables and addresses.
	dd.info, dd.abbrev = s.Info, s.Abbrev
	dd.secs = debugSections{file: s.Path, line: di.secs.line, str: s.Str, lineStr: di.secs.lineStr}
	dd.strOff, dd.addrSec, dd.rngLists, dd.rangesSec = s.StrOffsets, di.addrSec, s.RngLists, di.rangesSec
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
