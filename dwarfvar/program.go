package dwarfvar

import (
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/ianlancetaylor/demangle"

	"sonde/objfile"
)

// ErrNoDWARF is returned by Open for an object without DWARF debug info,
// in itself or in a separate debug file.
var ErrNoDWARF = objfile.ErrNoDWARF

// Program holds one ELF object's functions, variables and types. Units are
// decoded lazily, when a function of theirs is compiled; it is safe for
// concurrent use.
type Program struct {
	path     string
	d        *dwarf.Data
	loc      []byte // .debug_loc (DWARF 2-4)
	loclists []byte // .debug_loclists (DWARF 5)
	addr     []byte // .debug_addr
	units    []unitHdr
	syms     map[string][]elf.Symbol // functions and objects by name

	mu      sync.Mutex // guards cus and d (debug/dwarf's caches are not safe)
	cus     map[dwarf.Offset]*cu
	scanned map[string][]*instance     // names found by a full scan
	cxx     map[string][]string        // C++ names to mangled symbols
	structs map[string][2]dwarf.Offset // complete struct types: unit, DIE
	sites   map[uint64]*callSite       // call sites by return address (nil: none)
}

// unitHdr is one unit of .debug_info: where it spans and its version, which
// says whether a location list offset points into .debug_loc or
// .debug_loclists.
type unitHdr struct {
	off, end uint64
	version  int
}

// Open reads the symbol table and the DWARF sections of the ELF object at
// path, or of its separate debug file (see package objfile).
func Open(path string) (p *Program, err error) {
	f, err := objfile.Open(path, nil)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !f.HasDWARF() {
		return nil, fmt.Errorf("read DWARF of %s: %w (%s)", path, ErrNoDWARF, f.Why())
	}
	// debug/elf and debug/dwarf panic on some corrupt inputs.
	err = objfile.Safe(path, func() error {
		p, err = open(f)
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// open is Open on the opened object f.
func open(f *objfile.File) (*Program, error) {
	d, err := f.DWARF()
	if err != nil {
		return nil, err
	}
	p := &Program{path: f.Path, d: d, syms: map[string][]elf.Symbol{}, cus: map[dwarf.Offset]*cu{}, scanned: map[string][]*instance{}}
	sec := func(name string) []byte {
		b, err := f.DebugSection(name)
		if err != nil {
			return nil
		}
		return b
	}
	p.loc = sec(".debug_loc")
	p.loclists = sec(".debug_loclists")
	p.addr = sec(".debug_addr")
	p.units = parseUnitHeaders(sec(".debug_info"))
	syms, _ := f.Symbols()
	for _, s := range syms {
		t := elf.ST_TYPE(s.Info)
		if (t == elf.STT_FUNC || t == elf.STT_OBJECT) && s.Value != 0 && s.Section != elf.SHN_UNDEF {
			p.syms[s.Name] = append(p.syms[s.Name], s)
		}
	}
	return p, nil
}

// recover turns a panic of debug/dwarf on corrupt data into an error.
func (p *Program) recover(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("read DWARF of %s: corrupt data: %v", p.path, r)
	}
}

// parseUnitHeaders lists the units of .debug_info with their versions.
func parseUnitHeaders(info []byte) []unitHdr {
	var us []unitHdr
	for off := uint64(0); off+6 < uint64(len(info)); {
		l := uint64(binary.LittleEndian.Uint32(info[off:]))
		hdr := uint64(4)
		if l == 0xffffffff {
			if off+14 > uint64(len(info)) {
				break
			}
			l, hdr = binary.LittleEndian.Uint64(info[off+4:]), 12
		}
		if off+hdr+2 > uint64(len(info)) || l > uint64(len(info)) {
			break
		}
		v := int(binary.LittleEndian.Uint16(info[off+hdr:]))
		end := off + hdr + l
		us = append(us, unitHdr{off: off, end: end, version: v})
		off = end
	}
	return us
}

// unitHeader returns the unit header holding the DIE at off.
func (p *Program) unitHeader(off dwarf.Offset) unitHdr {
	i := sort.Search(len(p.units), func(i int) bool { return p.units[i].end > uint64(off) })
	if i < len(p.units) && p.units[i].off <= uint64(off) {
		return p.units[i]
	}
	return unitHdr{version: 4}
}

// node is one DIE of a decoded unit, with its children.
type node struct {
	e        *dwarf.Entry
	parent   *node
	children []*node
}

func (n *node) name() string {
	s, _ := n.e.Val(dwarf.AttrName).(string)
	return s
}

// cu is one decoded compilation unit: its DIE tree and what its location
// lists need.
type cu struct {
	p            *Program
	root         *node
	nodes        map[dwarf.Offset]*node
	version      int
	unitOff      uint64 // offset of the unit header in .debug_info
	base         uint64 // DW_AT_low_pc: the base of its location lists
	addrBase     uint64
	loclistsBase uint64
	types        map[dwarf.Offset]*ctype
}

// unitAt decodes (once) the unit whose unit DIE is at off. p.mu is held.
func (p *Program) unitAt(off dwarf.Offset) (*cu, error) {
	if u, ok := p.cus[off]; ok {
		return u, nil
	}
	r := p.d.Reader()
	r.Seek(off)
	h := p.unitHeader(off)
	u := &cu{p: p, nodes: map[dwarf.Offset]*node{}, version: h.version, unitOff: h.off, types: map[dwarf.Offset]*ctype{}}
	var cur *node
	for {
		e, err := r.Next()
		if err != nil {
			return nil, fmt.Errorf("read DWARF unit at %#x of %s: %w", off, p.path, err)
		}
		if e == nil {
			break
		}
		if e.Tag == 0 {
			if cur == nil || cur.parent == nil {
				break
			}
			cur = cur.parent
			continue
		}
		n := &node{e: e, parent: cur}
		u.nodes[e.Offset] = n
		if cur == nil {
			u.root = n
		} else {
			cur.children = append(cur.children, n)
		}
		if e.Children {
			cur = n
		} else if cur == nil {
			break
		}
	}
	if u.root == nil {
		return nil, fmt.Errorf("read DWARF unit at %#x of %s: empty unit", off, p.path)
	}
	ce := u.root.e
	if v, ok := ce.Val(dwarf.AttrLowpc).(uint64); ok {
		u.base = v
	}
	if v, ok := ce.Val(dwarf.AttrAddrBase).(int64); ok {
		u.addrBase = uint64(v)
	}
	if v, ok := ce.Val(dwarf.AttrLoclistsBase).(int64); ok {
		u.loclistsBase = uint64(v)
	}
	p.cus[off] = u
	return u, nil
}

// ref returns the DIE an attribute refers to, in u when it is there.
func (u *cu) ref(n *node, a dwarf.Attr) *node {
	off, ok := n.e.Val(a).(dwarf.Offset)
	if !ok {
		return nil
	}
	if m, ok := u.nodes[off]; ok {
		return m
	}
	// A reference into another unit (DW_FORM_ref_addr): decode that one.
	r := u.p.d.Reader()
	r.Seek(off)
	e, err := r.Next()
	if err != nil || e == nil {
		return nil
	}
	return &node{e: e}
}

// origin follows DW_AT_abstract_origin and DW_AT_specification to the DIE
// that carries n's name and type.
func (u *cu) origin(n *node) *node {
	for i := 0; i < 8; i++ {
		if n.e.Val(dwarf.AttrName) != nil && n.e.Val(dwarf.AttrType) != nil {
			return n
		}
		m := u.ref(n, dwarf.AttrAbstractOrigin)
		if m == nil {
			m = u.ref(n, dwarf.AttrSpecification)
		}
		if m == nil {
			return n
		}
		n = m
	}
	return n
}

// instance is one out-of-line instance of a function: its subprogram DIE
// and its link-time ranges.
type instance struct {
	u      *cu
	n      *node
	ranges [][2]uint64
}

// FuncRanges returns the [low,high) link-time ranges of all out-of-line
// instances of fn (its DW_AT_name or linkage name; gcc's clones such as
// fn.constprop.0 included).
func (p *Program) FuncRanges(fn string) (rs [][2]uint64, err error) {
	err = p.withInstances(fn, func(ins []*instance) error {
		for _, in := range ins {
			rs = append(rs, in.ranges...)
		}
		return nil
	})
	return rs, err
}

// withInstances calls f with fn's instances, p.mu held; a panic of
// debug/dwarf on corrupt data is an error.
func (p *Program) withInstances(fn string, f func([]*instance) error) (err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	defer p.recover(&err)
	ins, err := p.instances(fn)
	if err != nil {
		return err
	}
	return f(ins)
}

// instances finds fn's out-of-line instances. p.mu is held.
func (p *Program) instances(fn string) ([]*instance, error) {
	var addrs []uint64
	add := func(name string) {
		for _, s := range p.syms[name] {
			if elf.ST_TYPE(s.Info) == elf.STT_FUNC {
				addrs = append(addrs, s.Value)
			}
		}
	}
	for name := range p.syms {
		if name == fn || isClone(name, fn) {
			add(name)
		}
	}
	if len(addrs) == 0 {
		// C++: "area", "Shape::area" or "ns::twice" for a mangled symbol.
		for _, name := range p.cxxNames()[fn] {
			add(name)
		}
	}
	var ins []*instance
	seen := map[dwarf.Offset]bool{}
	for _, a := range addrs {
		r := p.d.Reader()
		ce, err := r.SeekPC(a)
		if err != nil {
			continue
		}
		u, err := p.unitAt(ce.Offset)
		if err != nil {
			return nil, err
		}
		for _, n := range u.nodes {
			if n.e.Tag != dwarf.TagSubprogram || seen[n.e.Offset] {
				continue
			}
			// The subprogram holding fn's symbol is fn (inlined copies
			// are DW_TAG_inlined_subroutine, not subprograms).
			rs, err := p.d.Ranges(n.e)
			if err != nil || !contains(rs, a) {
				continue
			}
			seen[n.e.Offset] = true
			ins = append(ins, &instance{u: u, n: n, ranges: rs})
		}
	}
	if len(ins) > 0 {
		return ins, nil
	}
	return p.scan(fn)
}

// topLevel calls visit for every DIE at the top of a unit or of a
// namespace in it, with the offset of its unit DIE; it reads nothing else.
func (p *Program) topLevel(visit func(cuOff dwarf.Offset, e *dwarf.Entry)) error {
	r := p.d.Reader()
	var cuOff dwarf.Offset
	for {
		e, err := r.Next()
		if err != nil {
			return fmt.Errorf("read DWARF of %s: %w", p.path, err)
		}
		if e == nil {
			return nil
		}
		switch e.Tag {
		case dwarf.TagCompileUnit, dwarf.TagPartialUnit:
			cuOff = e.Offset
			continue // into its children
		case dwarf.TagNamespace, 0:
			continue
		}
		visit(cuOff, e)
		if e.Children {
			r.SkipChildren()
		}
	}
}

// scan looks for fn in every unit, for objects whose symbol table does not
// name it (C++ functions asked for by their plain name). p.mu is held.
func (p *Program) scan(fn string) ([]*instance, error) {
	if ins, ok := p.scanned[fn]; ok {
		return ins, nil
	}
	var ins []*instance
	var cands []dwarf.Offset
	err := p.topLevel(func(cuOff dwarf.Offset, e *dwarf.Entry) {
		if e.Tag == dwarf.TagSubprogram && (e.Val(dwarf.AttrLowpc) != nil || e.Val(dwarf.AttrRanges) != nil) {
			cands = append(cands, cuOff)
		}
	})
	if err != nil {
		return nil, err
	}
	done := map[dwarf.Offset]bool{}
	for _, off := range cands {
		if done[off] {
			continue
		}
		done[off] = true
		u, err := p.unitAt(off)
		if err != nil {
			return nil, err
		}
		for _, n := range u.nodes {
			if n.e.Tag != dwarf.TagSubprogram || (n.e.Val(dwarf.AttrLowpc) == nil && n.e.Val(dwarf.AttrRanges) == nil) {
				continue
			}
			on := u.origin(n)
			if on.name() != fn && linkage(on) != fn && linkage(n) != fn {
				continue
			}
			rs, err := p.d.Ranges(n.e)
			if err != nil || len(rs) == 0 {
				continue
			}
			ins = append(ins, &instance{u: u, n: n, ranges: rs})
		}
		// Units hold many functions: drop the ones that did not match.
		if len(ins) == 0 || ins[len(ins)-1].u != u {
			delete(p.cus, off)
		}
	}
	if len(ins) == 0 {
		return nil, fmt.Errorf("function %s: not found in the DWARF of %s", fn, p.path)
	}
	p.scanned[fn] = ins
	return ins, nil
}

// cxxNames maps the names a user may give a C++ function (qualified
// without parameters, "ns::Class::f", and the last component, "f") to its
// mangled symbols, gcc's clones included. p.mu is held.
func (p *Program) cxxNames() map[string][]string {
	if p.cxx != nil {
		return p.cxx
	}
	p.cxx = map[string][]string{}
	for name := range p.syms {
		if !strings.HasPrefix(name, "_Z") {
			continue
		}
		d := demangle.Filter(name, demangle.NoParams)
		if d == name {
			continue
		}
		if i := strings.Index(d, " [clone "); i >= 0 {
			d = d[:i]
		}
		p.cxx[d] = append(p.cxx[d], name)
		if i := strings.LastIndex(d, "::"); i >= 0 && !strings.Contains(d[i:], "<") {
			p.cxx[d[i+2:]] = append(p.cxx[d[i+2:]], name)
		}
	}
	return p.cxx
}

func linkage(n *node) string {
	if s, ok := n.e.Val(dwarf.AttrLinkageName).(string); ok {
		return s
	}
	s, _ := n.e.Val(dwarf.Attr(0x2007)).(string)
	return s
}

// isClone reports whether name is a gcc clone of fn: fn.constprop.0,
// fn.isra.0, fn.part.0 and fn.cold are out-of-line instances of fn.
func isClone(name, fn string) bool {
	if !strings.HasPrefix(name, fn+".") {
		return false
	}
	rest := name[len(fn)+1:]
	for _, s := range []string{"constprop", "isra", "part", "cold", "lto_priv", "localalias"} {
		if strings.HasPrefix(rest, s) {
			return true
		}
	}
	return false
}

func contains(rs [][2]uint64, a uint64) bool {
	for _, r := range rs {
		if a >= r[0] && a < r[1] {
			return true
		}
	}
	return false
}
