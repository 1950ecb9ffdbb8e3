package symbol

import (
	"debug/dwarf"
	"debug/elf"
	"fmt"
	"sort"
	"sync"
)

// dwarfInfo indexes an object's DWARF: compilation units by address range,
// built at open; each unit's line table and function tree are decoded only
// when an address falls into it, once, and kept.
type dwarfInfo struct {
	d    *dwarf.Data
	secs debugSections
	cus  []*cuInfo
	// cuRanges are the units' address ranges sorted by lo.
	cuRanges []cuRange

	// cross caches DIEs read across units (DW_FORM_ref_addr).
	namesMu sync.Mutex
	cross   map[dwarf.Offset]*nameRefs
}

type cuRange struct {
	lo, hi uint64
	cu     int
}

// cuInfo is one compilation unit, decoded lazily by load.
type cuInfo struct {
	off     dwarf.Offset // its first DIE
	compDir string
	lineOff int64 // DW_AT_stmt_list, -1 if none

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
	entry    uint64 // DW_AT_low_pc, or the lowest range start
}

type seg struct {
	lo   uint64
	node int32 // -1 for a gap
}

// DWARF attributes debug/dwarf does not name.
const attrMIPSLinkageName dwarf.Attr = 0x2007

// loadDWARF reads the DWARF sections of f (path names it for errors) and
// indexes its compilation units.
func loadDWARF(f *elf.File, path string) (*dwarfInfo, error) {
	sec := func(name string) ([]byte, error) { return sectionData(f, path, name) }
	var err error
	get := func(name string) []byte {
		if err != nil {
			return nil
		}
		var b []byte
		b, err = sec(name)
		return b
	}
	abbrev, info, line, str, ranges := get(".debug_abbrev"), get(".debug_info"), get(".debug_line"), get(".debug_str"), get(".debug_ranges")
	addr, lineStr, strOff, rngLists := get(".debug_addr"), get(".debug_line_str"), get(".debug_str_offsets"), get(".debug_rnglists")
	if err != nil {
		return nil, err
	}
	if len(info) == 0 {
		return nil, fmt.Errorf("%s: %w", path, ErrNoDebugInfo)
	}
	d, err := dwarf.New(abbrev, nil, nil, info, line, nil, ranges, str)
	if err != nil {
		return nil, fmt.Errorf("parse DWARF of %s: %w", path, err)
	}
	for _, s := range []struct {
		name string
		data []byte
	}{{".debug_addr", addr}, {".debug_line_str", lineStr}, {".debug_str_offsets", strOff}, {".debug_rnglists", rngLists}} {
		if s.data != nil {
			if err := d.AddSection(s.name, s.data); err != nil {
				return nil, fmt.Errorf("parse DWARF of %s: %w", path, err)
			}
		}
	}
	di := &dwarfInfo{d: d, secs: debugSections{file: path, line: line, str: str, lineStr: lineStr}}
	offs, err := unitOffsets(info, path)
	if err != nil {
		return nil, err
	}
	r := d.Reader()
	for _, off := range offs {
		r.Seek(off)
		e, err := r.Next()
		if err != nil {
			return nil, fmt.Errorf("parse DWARF of %s: %w", path, err)
		}
		if e == nil || (e.Tag != dwarf.TagCompileUnit && e.Tag != dwarf.TagPartialUnit) {
			continue
		}
		cu := &cuInfo{off: off, lineOff: -1}
		cu.compDir, _ = e.Val(dwarf.AttrCompDir).(string)
		if lo, ok := e.Val(dwarf.AttrStmtList).(int64); ok {
			cu.lineOff = lo
		}
		rs, err := d.Ranges(e)
		if err != nil {
			return nil, fmt.Errorf("parse DWARF of %s: unit at %#x: %w", path, off, err)
		}
		for _, rg := range rs {
			if rg[0] < rg[1] {
				di.cuRanges = append(di.cuRanges, cuRange{rg[0], rg[1], len(di.cus)})
			}
		}
		di.cus = append(di.cus, cu)
	}
	sort.SliceStable(di.cuRanges, func(i, j int) bool { return di.cuRanges[i].lo < di.cuRanges[j].lo })
	return di, nil
}

// unitOffsets returns the offset of the first DIE of each compilation unit
// in .debug_info, which is where debug/dwarf's Reader.Seek wants to go
// [DWARF5 7.5.1]. Type units are left out.
func unitOffsets(info []byte, path string) ([]dwarf.Offset, error) {
	var offs []dwarf.Offset
	b := &buf{data: info, file: path, sec: ".debug_info"}
	for b.off < len(info) && b.err == nil {
		start := b.off
		n := uint64(b.u32())
		offSize := 4
		if n == 0xffffffff {
			n = b.u64()
			offSize = 8
		}
		if b.err != nil || n > uint64(len(info)-b.off) {
			b.fail("unit length past end of section")
			break
		}
		end := b.off + int(n)
		if n == 0 {
			continue
		}
		vers := b.u16()
		typ := uint8(1) // DW_UT_compile
		if vers >= 5 {
			typ = b.u8()
			b.u8() // address size
			b.skip(offSize)
		} else {
			b.skip(offSize + 1)
		}
		switch typ {
		case 1, 3: // DW_UT_compile, DW_UT_partial
			offs = append(offs, dwarf.Offset(b.off))
		case 4, 5: // DW_UT_skeleton, DW_UT_split_compile
			b.skip(8)
			offs = append(offs, dwarf.Offset(b.off))
		}
		if b.err != nil {
			break
		}
		_ = start
		b.off = end
	}
	return offs, b.err
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
	cu := di.cus[i]
	cu.once.Do(func() {
		cu.err = safeCall(di.secs.file, func() error {
			var err error
			cu.data, err = di.decodeUnit(cu)
			return err
		})
	})
	return cu.data, cu.err
}

// nameRefs are the naming attributes of a subroutine DIE.
type nameRefs struct {
	linkage, name    string
	origin, spec     dwarf.Offset
	hasOrigin, hasSp bool
}

// decodeUnit decodes a unit's line table and subroutine tree.
func (di *dwarfInfo) decodeUnit(cu *cuInfo) (*cuData, error) {
	cd := &cuData{lines: &lineTable{}}
	if cu.lineOff >= 0 {
		lt, err := parseLineTable(&di.secs, uint64(cu.lineOff), cu.compDir)
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
	refs := map[dwarf.Offset]*nameRefs{}
	nodeRef := []dwarf.Offset{} // per node: the DIE to name it from

	// stack holds, per open DIE with children, the enclosing subroutine
	// node for its children.
	stack := make([]int32, 0, 32)
	r := di.d.Reader()
	r.Seek(cu.off)
	first := true
	for {
		e, err := r.Next()
		if err != nil {
			return nil, fmt.Errorf("parse DWARF of %s: %w", di.secs.file, err)
		}
		if e == nil {
			break
		}
		if first {
			first = false
			if !e.Children {
				break
			}
			stack = append(stack, -1)
			continue
		}
		if e.Tag == 0 {
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				break
			}
			continue
		}
		enclosing := stack[len(stack)-1]
		inner := enclosing
		if e.Tag == dwarf.TagSubprogram || e.Tag == dwarf.TagInlinedSubroutine {
			nr := &nameRefs{}
			for _, f := range e.Field {
				switch f.Attr {
				case dwarf.AttrLinkageName, attrMIPSLinkageName:
					nr.linkage, _ = f.Val.(string)
				case dwarf.AttrName:
					nr.name, _ = f.Val.(string)
				case dwarf.AttrAbstractOrigin:
					nr.origin, nr.hasOrigin = f.Val.(dwarf.Offset)
				case dwarf.AttrSpecification:
					nr.spec, nr.hasSp = f.Val.(dwarf.Offset)
				}
			}
			refs[e.Offset] = nr
			if e.AttrField(dwarf.AttrLowpc) != nil || e.AttrField(dwarf.AttrRanges) != nil {
				ranges, err := di.d.Ranges(e)
				if err != nil {
					return nil, fmt.Errorf("parse DWARF of %s: DIE at %#x: %w", di.secs.file, e.Offset, err)
				}
				n := fnode{parent: enclosing, inlined: e.Tag == dwarf.TagInlinedSubroutine}
				if e.Tag == dwarf.TagSubprogram {
					// Out-of-line functions start their own chain.
					n.parent = -1
				}
				if lo, ok := e.Val(dwarf.AttrLowpc).(uint64); ok {
					n.entry = lo
				}
				if n.inlined {
					n.callFile = uint32(asUint(e.Val(dwarf.AttrCallFile)))
					n.callLine = uint32(asUint(e.Val(dwarf.AttrCallLine)))
					n.callCol = uint32(asUint(e.Val(dwarf.AttrCallColumn)))
				}
				idx := int32(len(cd.nodes))
				var depth int32
				if n.parent >= 0 {
					depth = depths[n.parent] + 1
				}
				_, hasLow := e.Val(dwarf.AttrLowpc).(uint64)
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
				if kept {
					cd.nodes = append(cd.nodes, n)
					depths = append(depths, depth)
					nodeRef = append(nodeRef, e.Offset)
					inner = idx
				}
			}
		}
		if e.Children {
			stack = append(stack, inner)
		}
	}

	// Names: the linkage name through the abstract_origin/specification
	// chain, else the plain name through it (llvm's getSubroutineName).
	for i := range cd.nodes {
		cd.nodes[i].name = di.resolveName(refs, nodeRef[i])
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].lo != rs[j].lo {
			return rs[i].lo < rs[j].lo
		}
		return rs[i].depth < rs[j].depth
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

func asUint(v any) uint64 {
	switch v := v.(type) {
	case int64:
		return uint64(v)
	case uint64:
		return v
	}
	return 0
}

// resolveName names the subroutine DIE at off: its linkage name, found on
// it or through DW_AT_abstract_origin and DW_AT_specification, else its
// DW_AT_name found the same way. refs holds the unit's own DIEs; others
// (DW_FORM_ref_addr into other units) are read on demand and cached.
func (di *dwarfInfo) resolveName(refs map[dwarf.Offset]*nameRefs, off dwarf.Offset) string {
	var linkage, name string
	seen := 0
	for cur := off; seen < 16; seen++ {
		nr := refs[cur]
		if nr == nil {
			nr = di.readRefs(cur)
			if nr == nil {
				break
			}
		}
		if linkage == "" {
			linkage = nr.linkage
		}
		if name == "" {
			name = nr.name
		}
		if linkage != "" {
			break
		}
		switch {
		case nr.hasOrigin:
			cur = nr.origin
		case nr.hasSp:
			cur = nr.spec
		default:
			seen = 16
		}
	}
	if linkage != "" {
		return linkage
	}
	return name
}

// readRefs reads the naming attributes of the DIE at off, which lies in
// another unit.
func (di *dwarfInfo) readRefs(off dwarf.Offset) *nameRefs {
	di.namesMu.Lock()
	defer di.namesMu.Unlock()
	if di.cross == nil {
		di.cross = map[dwarf.Offset]*nameRefs{}
	}
	if nr, ok := di.cross[off]; ok {
		return nr
	}
	r := di.d.Reader()
	r.Seek(off)
	e, err := r.Next()
	var nr *nameRefs
	if err == nil && e != nil {
		nr = &nameRefs{}
		nr.linkage, _ = e.Val(dwarf.AttrLinkageName).(string)
		if nr.linkage == "" {
			nr.linkage, _ = e.Val(attrMIPSLinkageName).(string)
		}
		nr.name, _ = e.Val(dwarf.AttrName).(string)
		nr.origin, nr.hasOrigin = e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
		nr.spec, nr.hasSp = e.Val(dwarf.AttrSpecification).(dwarf.Offset)
	}
	di.cross[off] = nr
	return nr
}
