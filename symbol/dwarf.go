package symbol

import (
	"cmp"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"

	dc "sonde/internal/dwarfconst"
	"sonde/objfile"
)

// dwarfInfo indexes an object's DWARF: compilation units by address range,
// built at open; each unit's line table and subroutine tree are decoded
// only when an address falls into it, once, and kept.
type dwarfInfo struct {
	secs      debugSections
	info      []byte
	abbrev    []byte
	strOff    []byte
	addrSec   []byte
	rangesSec []byte
	rngLists  []byte

	units []*unit
	cus   []*cuState // parallel to units
	// cuRanges are the units' address ranges sorted by lo.
	cuRanges []cuRange

	// names caches the naming attributes of DIEs that abstract_origin and
	// specification chains lead to, across units.
	namesMu sync.Mutex
	names   map[uint64]chainNames

	// prepare, when set, adjusts a unit after its header is read and
	// before its DIE is: split units take their bases from the skeleton.
	prepare func(*unit)
	// dwo holds the split-DWARF files read, by path (dwo.go).
	dwoMu sync.Mutex
	dwo   map[string]*dwoFile
	// dwp is the object's DWARF package (OBJECT.dwp), read when a split
	// unit is first needed (dwo.go).
	dwpPath string
	dwpOnce sync.Once
	dwp     *objfile.Package
	dwpErr  error
}

type cuRange struct {
	lo, hi uint64
	cu     int
}

// cuState is the lazily decoded part of a unit.
type cuState struct {
	once sync.Once
	data *cuData
	err  error
}

// cuData is a decoded unit: its line table and its subroutine tree,
// flattened to segments that each name their innermost subroutine.
type cuData struct {
	lines *lineTable
	nodes []fnode
	segs  []seg // sorted by lo; each runs to the next one's lo
}

// fnode is a subroutine with code: a DW_TAG_subprogram or
// DW_TAG_inlined_subroutine.
type fnode struct {
	name     string
	parent   int32 // enclosing subroutine node, -1 for none
	inlined  bool
	callFile uint32 // DW_AT_call_*, for inlined subroutines
	callLine uint32
	callCol  uint32
	callDisc uint32 // DW_AT_GNU_discriminator of an inlined call
	entry    uint64 // DW_AT_low_pc, or the lowest range start
}

type seg struct {
	lo   uint64
	node int32 // -1 for a gap
}

// chainNames are the first linkage name and the first plain name found
// from a DIE along its abstract_origin/specification chain.
type chainNames struct{ linkage, name string }

// dwarfSections are the raw (decompressed) DWARF sections of a file.
type dwarfSections struct {
	info, abbrev, line, str, lineStr, strOff, addr, ranges, rngLists []byte
}

// readDWARFSections reads the DWARF sections of f (path names it for
// errors), whose bytes as stored r reads (nil if unknown). It calls
// debug/elf, so it runs under objfile.Safe.
func readDWARFSections(f *elf.File, r io.ReaderAt, path string) (*dwarfSections, error) {
	var err error
	get := func(name string) []byte {
		if err != nil {
			return nil
		}
		var b []byte
		b, err = objfile.SectionDataFrom(f, r, path, name)
		return b
	}
	s := &dwarfSections{
		info: get(".debug_info"), abbrev: get(".debug_abbrev"), line: get(".debug_line"),
		str: get(".debug_str"), lineStr: get(".debug_line_str"), strOff: get(".debug_str_offsets"),
		addr: get(".debug_addr"), ranges: get(".debug_ranges"), rngLists: get(".debug_rnglists"),
	}
	return s, err
}

// newDWARF indexes the compilation units of the DWARF in s, read from the
// file path.
func newDWARF(s *dwarfSections, path string) (*dwarfInfo, error) {
	di := &dwarfInfo{names: map[uint64]chainNames{}}
	di.info, di.abbrev = s.info, s.abbrev
	di.secs = debugSections{file: path, line: s.line, str: s.str, lineStr: s.lineStr}
	di.strOff, di.addrSec = s.strOff, s.addr
	di.rangesSec, di.rngLists = s.ranges, s.rngLists
	if len(di.info) == 0 {
		return nil, fmt.Errorf("%s: %w", path, ErrNoDebugInfo)
	}
	if err := di.parseUnits(); err != nil {
		return nil, fmt.Errorf("parse DWARF of %s: %w", path, err)
	}
	sort.SliceStable(di.cuRanges, func(i, j int) bool { return di.cuRanges[i].lo < di.cuRanges[j].lo })
	return di, nil
}

// missingDWO counts the split-DWARF skeleton units whose .dwo file is not
// there: their functions and inline frames are unknown.
func (di *dwarfInfo) missingDWO() int {
	n := 0
	for _, u := range di.units {
		if !u.skeleton {
			continue
		}
		p := u.dwoName
		if p != "" && !filepath.IsAbs(p) {
			p = filepath.Join(u.compDir, p)
		}
		if pkg, _ := di.pkg(); pkg != nil {
			if _, ok := pkg.Unit(u.dwoID); ok {
				continue
			}
		}
		if _, err := os.Stat(p); p == "" || err != nil {
			n++
		}
	}
	return n
}

// parseUnits reads every unit header of .debug_info [DWARF5 7.5.1] and the
// attributes of each compilation unit's DIE; type units are left out.
func (di *dwarfInfo) parseUnits() error {
	file := di.secs.file
	tables := map[uint64]*abbrevTable{}
	b := newBuf(di.info, 0, file, ".debug_info")
	for b.Len() > 0 && !b.Failed() {
		start := uint64(b.Off())
		n := uint64(b.U32())
		u := &unit{off: start, offSize: 4, lineOff: -1}
		if n == 0xffffffff {
			n = b.U64()
			u.offSize = 8
		}
		if b.Failed() || n > uint64(b.Len()) {
			b.Fail("unit length past end of section")
			break
		}
		u.end = uint64(b.Off()) + n
		if n == 0 {
			continue
		}
		u.vers = b.U16()
		if !b.Failed() && (u.vers < 2 || u.vers > 5) {
			b.Fail(fmt.Sprintf("unsupported DWARF version %d", u.vers))
			break
		}
		typ := uint8(1) // DW_UT_compile
		var abbrevOff uint64
		if u.vers >= 5 {
			typ = b.U8()
			u.addrSize = int(b.U8())
			abbrevOff = b.Uint(u.offSize)
		} else {
			abbrevOff = b.Uint(u.offSize)
			u.addrSize = int(b.U8())
		}
		if !b.Failed() && u.addrSize != 4 && u.addrSize != 8 {
			b.Fail(fmt.Sprintf("unsupported address size %d", u.addrSize))
		}
		keep := false
		switch typ {
		case 1, 3: // DW_UT_compile, DW_UT_partial
			keep = true
		case 4, 5: // DW_UT_skeleton, DW_UT_split_compile
			u.dwoID = b.U64()
			keep = true
			u.skeleton = typ == 4
		}
		if b.Failed() {
			break
		}
		u.die = uint64(b.Off())
		b.Seek(int(u.end))
		if !keep {
			continue
		}
		t := tables[abbrevOff]
		if t == nil {
			var err error
			if t, err = newAbbrevTable(di.abbrev, abbrevOff, file); err != nil {
				return err
			}
			tables[abbrevOff] = t
		}
		u.abbrevs = t
		if di.prepare != nil {
			di.prepare(u)
		}
		if err := di.readUnitDIE(u); err != nil {
			return err
		}
		for _, rg := range u.ranges {
			if rg[0] < rg[1] {
				di.cuRanges = append(di.cuRanges, cuRange{rg[0], rg[1], len(di.units)})
			}
		}
		di.units = append(di.units, u)
		di.cus = append(di.cus, &cuState{})
	}
	// Fixed sizes depend on the unit's address and offset sizes; a table
	// shared by units of different sizes gets no fixed sizes.
	sizeOf := map[*abbrevTable][2]int{}
	for _, u := range di.units {
		s := [2]int{u.addrSize, u.offSize*16 + int(u.vers)}
		if old, ok := sizeOf[u.abbrevs]; ok && old != s {
			sizeOf[u.abbrevs] = [2]int{-1, -1}
			continue
		}
		sizeOf[u.abbrevs] = s
	}
	for _, u := range di.units {
		if sizeOf[u.abbrevs][0] >= 0 {
			u.abbrevs.sizes = u
		}
	}
	return b.err()
}

func fixedSize(u *unit, a *abbrev) int {
	n := 0
	for _, at := range a.attrs {
		s := u.formSize(at.form)
		if s < 0 {
			return -1
		}
		n += s
	}
	return n
}

// readUnitDIE decodes the unit's own DIE: bases first (they may follow
// the attributes that use them), then comp_dir, stmt_list and ranges.
func (di *dwarfInfo) readUnitDIE(u *unit) error {
	b := newBuf(di.info[:u.end], 0, di.secs.file, ".debug_info")
	b.Seek(int(u.die))
	code := b.ULEB128()
	if b.Failed() {
		return b.err()
	}
	a, err := u.abbrevs.scan(code)
	if err != nil {
		return err
	}
	if a == nil {
		return &FormatError{File: di.secs.file, Off: int64(u.die), Msg: fmt.Sprintf(".debug_info: unknown abbreviation code %d", code)}
	}
	var low, high, ranges, compDir, dwoName *attrValue
	for _, at := range a.attrs {
		v := u.readAttr(b, at.form, at.implicit)
		switch at.attr {
		case dc.DW_AT_low_pc:
			low = &v
		case dc.DW_AT_high_pc:
			high = &v
		case dc.DW_AT_ranges:
			ranges = &v
		case dc.DW_AT_comp_dir:
			compDir = &v
		case dc.DW_AT_stmt_list:
			u.lineOff = int64(v.v)
		case dc.DW_AT_str_offsets_base:
			u.strOffBase = v.v
		case dc.DW_AT_addr_base, dc.DW_AT_GNU_addr_base:
			u.addrBase = v.v
		case dc.DW_AT_GNU_ranges_base:
			u.rangesBase = v.v
		case dc.DW_AT_GNU_dwo_id:
			u.dwoID = v.v
		case dc.DW_AT_rnglists_base:
			u.rngBase = v.v
		case dc.DW_AT_dwo_name, dc.DW_AT_GNU_dwo_name:
			// DWARF 5 says skeleton by unit type (a split unit may name
			// its .dwo too); DWARF 4 GNU skeletons only by attribute.
			if u.vers < 5 {
				u.skeleton = true
			}
			dwoName = &v
		}
	}
	if b.Failed() {
		return b.err()
	}
	if a.tag != dc.DW_TAG_compile_unit && a.tag != dc.DW_TAG_partial_unit && a.tag != dc.DW_TAG_skeleton_unit {
		return nil
	}
	if compDir != nil {
		u.compDir = di.str(u, *compDir)
	}
	if dwoName != nil {
		u.dwoName = di.str(u, *dwoName)
	}
	if low != nil {
		u.base, _ = di.addr(u, *low)
	}
	u.ranges, err = di.pcRanges(u, low, high, ranges, nil)
	return err
}

// unitFor returns the index of the unit whose ranges hold addr, -1 if none.
func (di *dwarfInfo) unitFor(addr uint64) int {
	i := sort.Search(len(di.cuRanges), func(i int) bool { return di.cuRanges[i].lo > addr })
	// Ranges of different units should not overlap; look back a little in
	// case they do (discarded functions at address 0).
	for j := i - 1; j >= 0 && j >= i-8; j-- {
		if r := di.cuRanges[j]; r.lo <= addr && addr < r.hi {
			return r.cu
		}
	}
	return -1
}

// unit returns unit i decoded.
func (di *dwarfInfo) unit(i int) (*cuData, error) {
	cs := di.cus[i]
	cs.once.Do(func() {
		u := di.units[i]
		if u.skeleton {
			if cd, ok := di.decodeSplit(u); ok {
				cs.data = cd
				return
			}
		}
		cs.data, cs.err = di.decodeUnit(u)
	})
	return cs.data, cs.err
}

// decode decodes the given units with workers goroutines and waits.
func (di *dwarfInfo) decode(units []int, workers int) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				di.unit(i)
			}
		}()
	}
	for _, i := range units {
		next <- i
	}
	close(next)
	wg.Wait()
}

// decodeAll decodes every unit with workers goroutines.
func (di *dwarfInfo) decodeAll(workers int) {
	units := make([]int, len(di.units))
	for i := range units {
		units[i] = i
	}
	di.decode(units, workers)
}

// skipChildren lists the tags whose subtrees hold no code and are skipped
// through DW_AT_sibling when they have one.
func skipChildren(tag uint64) bool {
	switch tag {
	case dc.DW_TAG_structure_type, dc.DW_TAG_class_type, dc.DW_TAG_union_type, dc.DW_TAG_enumeration_type,
		dc.DW_TAG_subroutine_type, dc.DW_TAG_array_type:
		return true
	}
	return false
}

// decodeUnit decodes a unit's line table and subroutine tree.
func (di *dwarfInfo) decodeUnit(u *unit) (*cuData, error) {
	cd := &cuData{lines: &lineTable{}}
	if u.lineOff >= 0 {
		lt, err := parseLineTable(&di.secs, uint64(u.lineOff), u.compDir)
		if err != nil {
			return nil, err
		}
		cd.lines = lt
	}

	type rng struct {
		lo, hi uint64
		depth  int32
		node   int32
	}
	var rs []rng
	var depths []int32
	var ranges [][2]uint64
	local := map[uint64]chainNames{}

	if err := u.abbrevs.complete(); err != nil {
		return nil, err
	}
	b := newBuf(di.info[:u.end], 0, di.secs.file, ".debug_info")
	b.Seek(int(u.die))
	// The unit DIE was read at open.
	if a := u.abbrevs.get(b.ULEB128()); a == nil || !a.children {
		return cd, b.err()
	} else {
		u.skipAttrs(b, a)
	}
	// stack holds, per open DIE with children, the enclosing subroutine
	// node for its children.
	stack := make([]int32, 1, 64)
	stack[0] = -1
	for !b.Failed() && b.Len() > 0 {
		dieOff := uint64(b.Off())
		code := b.ULEB128()
		if code == 0 {
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				break
			}
			continue
		}
		a := u.abbrevs.get(code)
		if a == nil {
			b.Fail(fmt.Sprintf("unknown abbreviation code %d", code))
			break
		}
		enclosing := stack[len(stack)-1]
		inner := enclosing
		switch {
		case a.tag == dc.DW_TAG_subprogram || a.tag == dc.DW_TAG_inlined_subroutine:
			var low, high, rgs *attrValue
			var lowV, highV, rgsV attrValue
			var own chainNames
			var linkV, nameV attrValue
			var origin, spec uint64
			n := fnode{parent: enclosing, inlined: a.tag == dc.DW_TAG_inlined_subroutine}
			for _, at := range a.attrs {
				v := u.readAttr(b, at.form, at.implicit)
				switch at.attr {
				case dc.DW_AT_low_pc:
					lowV, low = v, &lowV
				case dc.DW_AT_high_pc:
					highV, high = v, &highV
				case dc.DW_AT_ranges:
					rgsV, rgs = v, &rgsV
				case dc.DW_AT_linkage_name, dc.DW_AT_MIPS_linkage_name:
					linkV = v
				case dc.DW_AT_name:
					nameV = v
				case dc.DW_AT_abstract_origin:
					if isRef(v.form) {
						origin = v.v
					}
				case dc.DW_AT_specification:
					if isRef(v.form) {
						spec = v.v
					}
				case dc.DW_AT_call_file:
					n.callFile = uint32(v.v)
				case dc.DW_AT_call_line:
					n.callLine = uint32(v.v)
				case dc.DW_AT_call_column:
					n.callCol = uint32(v.v)
				case dc.DW_AT_GNU_discriminator:
					n.callDisc = uint32(v.v)
				}
			}
			if b.Failed() {
				break
			}
			if low == nil && rgs == nil {
				break
			}
			var err error
			ranges, err = di.pcRanges(u, low, high, rgs, ranges[:0])
			if err != nil {
				return nil, err
			}
			if !n.inlined {
				// Out-of-line functions start their own chain.
				n.parent = -1
			}
			hasLow := false
			if low != nil {
				n.entry, hasLow = di.addr(u, *low)
			}
			idx := int32(len(cd.nodes))
			var depth int32
			if n.parent >= 0 {
				depth = depths[n.parent] + 1
			}
			kept := false
			for _, rg := range ranges {
				if rg[0] >= rg[1] {
					continue
				}
				if !hasLow && (!kept || rg[0] < n.entry) {
					n.entry = rg[0]
				}
				kept = true
				rs = append(rs, rng{rg[0], rg[1], depth, idx})
			}
			if !kept {
				break
			}
			if linkV.form != 0 {
				own.linkage = di.str(u, linkV)
			}
			if nameV.form != 0 {
				own.name = di.str(u, nameV)
			}
			n.name = di.resolveName(local, own, origin, spec)
			cd.nodes = append(cd.nodes, n)
			depths = append(depths, depth)
			inner = idx
		case a.sibling && a.children && skipChildren(a.tag):
			var sib uint64
			for _, at := range a.attrs {
				v := u.readAttr(b, at.form, at.implicit)
				if at.attr == dc.DW_AT_sibling && isRef(v.form) {
					sib = v.v
				}
			}
			if sib > dieOff && sib <= u.end && !b.Failed() {
				b.Seek(int(sib))
				continue
			}
		default:
			u.skipAttrs(b, a)
		}
		if a.children {
			stack = append(stack, inner)
		}
	}
	if b.Failed() {
		return nil, b.err()
	}
	slices.SortFunc(rs, func(a, b rng) int {
		if c := cmp.Compare(a.lo, b.lo); c != 0 {
			return c
		}
		if c := cmp.Compare(a.depth, b.depth); c != 0 {
			return c
		}
		return cmp.Compare(a.node, b.node)
	})
	cd.segs = flatten(len(rs), func(i int) (uint64, uint64, int32) { return rs[i].lo, rs[i].hi, rs[i].node })
	return cd, nil
}

// flatten turns n properly nested ranges, sorted by start and then by
// depth, into segments that each name the innermost range holding them,
// as llvm's AddrDieMap does. A range that pokes out of its parent is cut at
// the parent's end.
func flatten(n int, at func(i int) (lo, hi uint64, node int32)) []seg {
	type open struct {
		hi   uint64
		node int32
	}
	var segs []seg
	var stack []open
	emit := func(lo uint64, node int32) {
		if k := len(segs); k > 0 {
			if segs[k-1].lo == lo {
				segs[k-1].node = node
				if k > 1 && segs[k-2].node == node {
					segs = segs[:k-1]
				}
				return
			}
			if segs[k-1].node == node {
				return
			}
		}
		segs = append(segs, seg{lo, node})
	}
	pop := func() {
		h := stack[len(stack)-1].hi
		stack = stack[:len(stack)-1]
		if len(stack) > 0 {
			emit(h, stack[len(stack)-1].node)
		} else {
			emit(h, -1)
		}
	}
	for i := 0; i < n; i++ {
		lo, hi, node := at(i)
		for len(stack) > 0 && stack[len(stack)-1].hi <= lo {
			pop()
		}
		if len(stack) > 0 && hi > stack[len(stack)-1].hi {
			hi = stack[len(stack)-1].hi
		}
		emit(lo, node)
		stack = append(stack, open{hi, node})
	}
	for len(stack) > 0 {
		pop()
	}
	return segs
}

// find returns the innermost subroutine node holding addr, -1 if none.
func (cd *cuData) find(addr uint64) int32 {
	i := sort.Search(len(cd.segs), func(i int) bool { return cd.segs[i].lo > addr })
	if i == 0 {
		return -1
	}
	return cd.segs[i-1].node
}

// resolveName names a subroutine whose own naming attributes are own and
// whose DW_AT_abstract_origin and DW_AT_specification (0 when absent) lead
// on, as llvm's getSubroutineName(LinkageName) does: the first linkage
// name along the chain, else the first plain name. local caches chains
// for the decoding goroutine; di.names caches them across units.
func (di *dwarfInfo) resolveName(local map[uint64]chainNames, own chainNames, origin, spec uint64) string {
	if own.linkage != "" {
		return own.linkage
	}
	next := origin
	if next == 0 {
		next = spec
	}
	if next != 0 {
		c := di.chain(local, next, 0)
		if c.linkage != "" {
			return c.linkage
		}
		if own.name == "" {
			own.name = c.name
		}
	}
	return own.name
}

// chain returns the names found from the DIE at off along its chain.
func (di *dwarfInfo) chain(local map[uint64]chainNames, off uint64, depth int) chainNames {
	if c, ok := local[off]; ok {
		return c
	}
	di.namesMu.Lock()
	c, ok := di.names[off]
	di.namesMu.Unlock()
	if ok {
		local[off] = c
		return c
	}
	if depth > 16 {
		return chainNames{}
	}
	own, origin, spec := di.readNames(off)
	c = own
	if c.linkage == "" {
		next := origin
		if next == 0 {
			next = spec
		}
		if next != 0 && next != off {
			nc := di.chain(local, next, depth+1)
			c.linkage = nc.linkage
			if c.name == "" {
				c.name = nc.name
			}
		}
	}
	local[off] = c
	di.namesMu.Lock()
	di.names[off] = c
	di.namesMu.Unlock()
	return c
}

// readNames decodes the naming attributes of the DIE at off in
// .debug_info, which may be in any unit.
func (di *dwarfInfo) readNames(off uint64) (own chainNames, origin, spec uint64) {
	i := sort.Search(len(di.units), func(i int) bool { return di.units[i].end > off })
	if i == len(di.units) || off < di.units[i].die {
		return
	}
	u := di.units[i]
	if u.abbrevs.complete() != nil {
		return
	}
	b := newBuf(di.info[:u.end], 0, di.secs.file, ".debug_info")
	b.Seek(int(off))
	a := u.abbrevs.get(b.ULEB128())
	if a == nil {
		return
	}
	for _, at := range a.attrs {
		v := u.readAttr(b, at.form, at.implicit)
		if b.Failed() {
			return chainNames{}, 0, 0
		}
		switch at.attr {
		case dc.DW_AT_linkage_name, dc.DW_AT_MIPS_linkage_name:
			own.linkage = di.str(u, v)
		case dc.DW_AT_name:
			own.name = di.str(u, v)
		case dc.DW_AT_abstract_origin:
			if isRef(v.form) {
				origin = v.v
			}
		case dc.DW_AT_specification:
			if isRef(v.form) {
				spec = v.v
			}
		}
	}
	return
}
