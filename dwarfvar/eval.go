package dwarfvar

import (
	"debug/dwarf"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sonde/dwarfexpr"
	dc "sonde/internal/dwarfconst"
	"sort"
	"strconv"
	"sync"
)

// Expr is an expression compiled in the scope of one function: one typed
// tree per out-of-line instance of the function. It is immutable and safe
// for concurrent use.
type Expr struct {
	src   string
	fn    string
	insts []*compiled
}

// compiled is an expression bound to one instance of the function.
type compiled struct {
	u      *cu
	ranges [][2]uint64
	fbase  *variable // DW_AT_frame_base as a location
	root   *cnode
	offs   []dwarf.Offset // the function's DIE and its origins, names:
	names  []string       // what a call site's origin must match
}

// variable is a variable's type and where it lives.
type variable struct {
	name   string
	t      *ctype
	expr   []byte     // a single location expression
	list   []locEntry // or a location list
	isList bool
	konst  []byte // DW_AT_const_value
	none   bool   // no location at all: optimized out
	err    error  // its type or location could not be read
}

// scoped is a variable visible in the pc ranges of its lexical block (nil:
// the whole function).
type scoped struct {
	v      *variable
	ranges [][2]uint64
	depth  int
}

// binding is what a name means in a function: its candidates innermost
// block first, then a global, then an enumerator.
type binding struct {
	name   string
	cands  []scoped
	global *variable
}

// cnode is a node of a compiled expression, typed at compile time.
type cnode struct {
	kind  astKind
	t     *ctype // the node's type
	b     *binding
	num   uint64
	op    byte
	f     *field // aField, aArrow
	deref bool   // a C++ reference: the node's value is the referent
	x, y  *cnode
}

// Types of values the expression computes itself (C's promotions, 64-bit).
var (
	tLong   = &ctype{kind: tBase, name: "long", size: 8, enc: dc.DW_ATE_signed}
	tULong  = &ctype{kind: tBase, name: "unsigned long", size: 8, enc: dc.DW_ATE_unsigned}
	tInt    = &ctype{kind: tBase, name: "int", size: 4, enc: dc.DW_ATE_signed}
	tDouble = &ctype{kind: tBase, name: "double", size: 8, enc: dc.DW_ATE_float}
)

// Compile parses expr (a C expression: identifiers, integer literals, *p,
// p->f, s.f, a[i], unary - and &, + - * / % & | ^ << >> on integers,
// parentheses) in
// the scope of function fn (its DW_AT_name or linkage name) and resolves
// its names: parameters and locals (the innermost lexical block holding
// the pc at Eval time wins), then the object's globals and statics, then
// enumerators. Unsupported syntax and unknown names give a *CompileError.
func (p *Program) Compile(fn, expr string) (*Expr, error) {
	a, err := parse(expr)
	if err != nil {
		return nil, err
	}
	e := &Expr{src: expr, fn: fn}
	err = p.withInstances(fn, func(ins []*instance) error {
		for _, in := range ins {
			c, err := p.bind(in, expr, a)
			if err != nil {
				return err
			}
			e.insts = append(e.insts, c)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// String returns the expression's source.
func (e *Expr) String() string { return e.src }

// bind resolves and types the names of a for one instance. p.mu is held.
func (p *Program) bind(in *instance, src string, a *ast) (*compiled, error) {
	u := in.u
	c := &compiled{u: u, ranges: in.ranges}
	c.offs, c.names = u.chain(in.n)
	fb, err := u.location(in.n, "", nil, dwarf.AttrFrameBase)
	if err == nil && !fb.none {
		c.fbase = fb
	}
	scope := map[string]*binding{}
	b := &binder{u: u, src: src, scope: scope, fn: in}
	root, err := b.node(a)
	if err != nil {
		return nil, err
	}
	switch root.t.kind {
	case tStruct, tArray, tVoid, tOther:
		return nil, &CompileError{Expr: src, Col: 1, Msg: fmt.Sprintf("the value is a %s, not a scalar", root.t)}
	}
	c.root = root
	return c, nil
}

type binder struct {
	u     *cu
	src   string
	scope map[string]*binding
	fn    *instance
	vars  map[string][]scoped // the function's locals, by name
	err   error               // collect's error
}

// locals collects the function's parameters and locals once.
func (b *binder) locals() (map[string][]scoped, error) {
	if b.vars == nil && b.err == nil {
		if b.err = b.collect(); b.err != nil {
			b.vars = nil
		}
	}
	return b.vars, b.err
}

func (b *binder) errAt(a *ast, format string, args ...any) error {
	return &CompileError{Expr: b.src, Col: a.col + 1, Msg: fmt.Sprintf(format, args...)}
}

// collect gathers the function's parameters and locals with their blocks.
func (b *binder) collect() error {
	b.vars = map[string][]scoped{}
	seen := map[dwarf.Offset]bool{} // abstract DIEs a concrete DIE stands for
	var walk func(n *node, ranges [][2]uint64, depth int) error
	walk = func(n *node, ranges [][2]uint64, depth int) error {
		for _, c := range n.children {
			switch c.e.Tag {
			case dwarf.TagFormalParameter, dwarf.TagVariable:
				if o, ok := c.e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset); ok {
					seen[o] = true
				}
				on := b.u.origin(c)
				name := on.name()
				if name == "" {
					continue
				}
				t, err := b.u.typeOf(on)
				if err != nil {
					// Reported if the expression uses it.
					b.vars[name] = append(b.vars[name], scoped{v: &variable{name: name, err: fmt.Errorf("variable %s: %w", name, err)}, ranges: ranges, depth: depth})
					continue
				}
				v, err := b.u.location(c, name, t, dwarf.AttrLocation)
				if err != nil {
					v = &variable{name: name, err: err}
				}
				b.vars[name] = append(b.vars[name], scoped{v: v, ranges: ranges, depth: depth})
			case dwarf.TagLexDwarfBlock:
				rs, err := b.u.p.d.Ranges(c.e)
				if err != nil {
					return fmt.Errorf("lexical block at %#x: %w", c.e.Offset, err)
				}
				if len(rs) == 0 {
					// An abstract or empty block: its variables are nowhere.
					rs = [][2]uint64{}
				}
				if err := walk(c, rs, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(b.fn.n, nil, 0); err != nil {
		return err
	}
	// The abstract instance's parameters that the concrete one left out
	// are optimized out entirely.
	if ab := b.u.ref(b.fn.n, dwarf.AttrAbstractOrigin); ab != nil {
		for _, c := range ab.children {
			if (c.e.Tag != dwarf.TagFormalParameter && c.e.Tag != dwarf.TagVariable) || seen[c.e.Offset] {
				continue
			}
			name := c.name()
			if name == "" || len(b.vars[name]) > 0 {
				continue
			}
			t, err := b.u.typeOf(c)
			if err != nil {
				return fmt.Errorf("variable %s: %w", name, err)
			}
			b.vars[name] = append(b.vars[name], scoped{v: &variable{name: name, t: t, none: true}})
		}
	}
	for _, vs := range b.vars {
		sort.SliceStable(vs, func(i, j int) bool { return vs[i].depth > vs[j].depth })
	}
	return nil
}

// lookup resolves a name: locals, then globals of the unit, then the
// object's symbol table, then enumerators.
func (b *binder) lookup(a *ast) (*binding, *cnode, error) {
	if bd, ok := b.scope[a.name]; ok {
		return bd, nil, nil
	}
	vars, err := b.locals()
	if err != nil {
		return nil, nil, err
	}
	bd := &binding{name: a.name, cands: vars[a.name]}
	if len(bd.cands) == 0 || bd.cands[len(bd.cands)-1].ranges != nil {
		g, err := b.global(a.name)
		if err != nil {
			return nil, nil, err
		}
		bd.global = g
	}
	if len(bd.cands) == 0 && bd.global == nil {
		if n := b.enumerator(a.name); n != nil {
			return nil, n, nil
		}
		return nil, nil, b.errAt(a, "no symbol %q in function %s", a.name, b.fn.u.origin(b.fn.n).name())
	}
	b.scope[a.name] = bd
	return bd, nil, nil
}

// member rewrites a name that is no local but a member of *this (in a C++
// method) as this->name.
func (b *binder) member(a *ast) *ast {
	vars, err := b.locals()
	if err != nil {
		return nil // lookup reports it
	}
	if len(vars[a.name]) > 0 || a.name == "this" {
		return nil
	}
	this := vars["this"]
	if len(this) == 0 || this[0].v.t.kind != tPtr || this[0].v.t.elem.kind != tStruct {
		return nil
	}
	if findField(this[0].v.t.elem, a.name, 0) == nil {
		return nil
	}
	return &ast{kind: aArrow, name: a.name, col: a.col, col2: a.col, x: &ast{kind: aIdent, name: "this", col: a.col}}
}

// global finds a variable of the unit's top level (or, for a declaration,
// its definition or its symbol).
func (b *binder) global(name string) (*variable, error) {
	var decl *node
	for _, c := range b.u.root.children {
		if c.e.Tag != dwarf.TagVariable {
			continue
		}
		on := b.u.origin(c)
		if on.name() != name {
			continue
		}
		t, err := b.u.typeOf(on)
		if err != nil {
			return nil, fmt.Errorf("variable %s: %w", name, err)
		}
		if c.e.Val(dwarf.AttrLocation) != nil || c.e.Val(dwarf.AttrConstValue) != nil {
			return b.u.location(c, name, t, dwarf.AttrLocation)
		}
		decl = c
	}
	if decl == nil {
		return nil, nil
	}
	t, err := b.u.typeOf(decl)
	if err != nil {
		return nil, fmt.Errorf("variable %s: %w", name, err)
	}
	// Defined in another unit: its symbol gives the address.
	for _, s := range b.u.p.syms[name] {
		var e [9]byte
		e[0] = dc.DW_OP_addr
		binary.LittleEndian.PutUint64(e[1:], s.Value)
		return &variable{name: name, t: t, expr: e[:]}, nil
	}
	return &variable{name: name, t: t, none: true}, nil
}

// enumerator finds an enumerator of the unit by name.
func (b *binder) enumerator(name string) *cnode {
	for _, n := range b.u.nodes {
		if n.e.Tag != dwarf.TagEnumerator || n.name() != name || n.parent == nil {
			continue
		}
		t, err := b.u.typeAt(n.parent, 0)
		if err != nil || t.kind != tEnum {
			continue
		}
		for _, e := range t.enums {
			if e.name == name {
				return &cnode{kind: aNum, t: t, num: uint64(e.val)}
			}
		}
	}
	return nil
}

// location reads a DIE's location attribute (or DW_AT_const_value).
func (u *cu) location(n *node, name string, t *ctype, attr dwarf.Attr) (*variable, error) {
	v := &variable{name: name, t: t}
	f := n.e.AttrField(attr)
	if f == nil {
		if attr == dwarf.AttrLocation {
			switch k := n.e.Val(dwarf.AttrConstValue).(type) {
			case int64:
				v.konst = binary.LittleEndian.AppendUint64(nil, uint64(k))
				return v, nil
			case uint64:
				v.konst = binary.LittleEndian.AppendUint64(nil, k)
				return v, nil
			case []byte:
				v.konst = k
				return v, nil
			}
		}
		v.none = true
		return v, nil
	}
	var err error
	switch x := f.Val.(type) {
	case []byte:
		v.expr = x
	case int64: // loclistptr / sec_offset
		v.list, err = u.locList(uint64(x))
		v.isList = true
	case uint64: // DW_FORM_loclistx
		v.list, err = u.locListx(x)
		v.isList = true
	default:
		v.none = true
	}
	if err != nil {
		return nil, fmt.Errorf("location of %s in %s: %w", name, u.p.path, err)
	}
	return v, nil
}

// node types and checks one node of the parse tree.
func (b *binder) node(a *ast) (*cnode, error) {
	switch a.kind {
	case aIdent:
		if m := b.member(a); m != nil {
			return b.node(m)
		}
		bd, konst, err := b.lookup(a)
		if err != nil {
			return nil, err
		}
		if konst != nil {
			return konst, nil
		}
		var t *ctype
		for _, c := range bd.cands {
			if c.v.err != nil {
				return nil, b.errAt(a, "%v", c.v.err)
			}
			if t != nil && !sameType(t, c.v.t) {
				return nil, b.errAt(a, "%s has different types in different blocks", a.name)
			}
			t = c.v.t
		}
		if bd.global != nil {
			if t != nil && !sameType(t, bd.global.t) {
				return nil, b.errAt(a, "%s has different types in different blocks", a.name)
			}
			t = bd.global.t
		}
		return refd(&cnode{kind: aIdent, t: t, b: bd}), nil
	case aNum:
		t := tInt
		if a.num > math.MaxInt32 {
			t = tLong
		}
		if a.num > math.MaxInt64 {
			t = tULong
		}
		return &cnode{kind: aNum, t: t, num: a.num}, nil
	}
	x, err := b.node(a.x)
	if err != nil {
		return nil, err
	}
	n := &cnode{kind: a.kind, x: x}
	switch a.kind {
	case aDeref:
		if x.t.kind != tPtr && x.t.kind != tArray {
			return nil, b.errAt(a, "cannot dereference a value of type %s", x.t)
		}
		if x.t.elem.kind == tVoid || x.t.elem.kind == tOther {
			return nil, b.errAt(a, "cannot dereference %s", x.t)
		}
		n.t = x.t.elem
	case aNeg:
		if !scalarArith(x.t) {
			return nil, b.errAt(a, "cannot negate a value of type %s", x.t)
		}
		n.t = promote(x.t, x.t)
	case aAddrOf:
		if x.kind == aNum || x.kind == aNeg || x.kind == aBinary || x.kind == aAddrOf {
			return nil, b.errAt(a, "cannot take the address of a value")
		}
		n.t = &ctype{kind: tPtr, size: 8, elem: x.t}
	case aField, aArrow:
		st := x.t
		if a.kind == aArrow {
			if st.kind != tPtr {
				return nil, b.errAt(a, "-> on a value of type %s, not a pointer", st)
			}
			st = st.elem
		}
		if st.kind != tStruct {
			return nil, b.errAt(a, "field %s of a value of type %s, not a struct", a.name, st)
		}
		if st.incomplete {
			ct, err := b.u.p.complete(st)
			if err != nil {
				return nil, b.errAt(a, "%v", err)
			}
			st = ct
		}
		f := findField(st, a.name, 0)
		if f == nil {
			return nil, &CompileError{Expr: b.src, Col: a.col2 + 1, Msg: fmt.Sprintf("%s has no field %s", st, a.name)}
		}
		n.f, n.t = f, f.t
		return refd(n), nil
	case aIndex:
		if x.t.kind != tPtr && x.t.kind != tArray {
			return nil, b.errAt(a, "cannot index a value of type %s", x.t)
		}
		if x.t.elem.size <= 0 {
			return nil, b.errAt(a, "cannot index %s: element size unknown", x.t)
		}
		y, err := b.node(a.y)
		if err != nil {
			return nil, err
		}
		if !integer(y.t) {
			return nil, b.errAt(a.y, "index of type %s, not an integer", y.t)
		}
		n.y, n.t = y, x.t.elem
		return refd(n), nil
	case aBinary:
		y, err := b.node(a.y)
		if err != nil {
			return nil, err
		}
		intOp := a.op != '+' && a.op != '-' && a.op != '*' && a.op != '/'
		if !scalarArith(x.t) || !scalarArith(y.t) || intOp && (!integer(x.t) || !integer(y.t)) {
			return nil, b.errAt(a, "%s needs numbers (integers for %% & | ^ << >>; pointer arithmetic is not supported)", opName(a.op))
		}
		n.y, n.op, n.t = y, a.op, promote(x.t, y.t)
	}
	return n, nil
}

// refd makes a node of C++ reference type stand for its referent.
func refd(n *cnode) *cnode {
	if n.t != nil && n.t.kind == tPtr && n.t.ref {
		n.deref, n.t = true, n.t.elem
	}
	return n
}

// findField finds a field by name, looking into anonymous members and base
// classes; the field returned has its offset from the outer struct.
func findField(st *ctype, name string, depth int) *field {
	if depth > 16 {
		return nil
	}
	for i := range st.fields {
		if st.fields[i].name == name {
			return &st.fields[i]
		}
	}
	// Base-class subobjects (DW_TAG_inheritance) and anonymous structs and
	// unions have no name: their fields are the outer struct's.
	for _, f := range st.fields {
		if f.name != "" || f.t.kind != tStruct {
			continue
		}
		if g := findField(f.t, name, depth+1); g != nil {
			h := *g
			h.off += f.off
			return &h
		}
	}
	return nil
}

func sameType(a, b *ctype) bool {
	if a == b {
		return true
	}
	return a.kind == b.kind && a.size == b.size && a.name == b.name && a.enc == b.enc
}

func integer(t *ctype) bool {
	return t.kind == tEnum || t.kind == tBase && t.enc != dc.DW_ATE_float
}

func scalarArith(t *ctype) bool { return integer(t) || t.kind == tBase && t.enc == dc.DW_ATE_float }

func opName(op byte) string {
	switch op {
	case '<':
		return "<<"
	case '>':
		return ">>"
	}
	return string(op)
}

// promote is C's usual arithmetic conversion, widened to 64 bits (and
// floating point to double, as gdb computes).
func promote(a, b *ctype) *ctype {
	if a.kind == tBase && a.enc == dc.DW_ATE_float && b == a {
		return a
	}
	if a.kind == tBase && a.enc == dc.DW_ATE_float || b.kind == tBase && b.enc == dc.DW_ATE_float {
		return tDouble
	}
	if (a.size == 8 && !a.signed()) || (b.size == 8 && !b.signed()) {
		return tULong
	}
	return tLong
}

// rval is a value during evaluation: in memory at addr, or in bytes.
type rval struct {
	t       *ctype
	mem     bool
	addr    uint64
	bytes   []byte
	bitOff  int64
	bitSize int64
}

// Eval evaluates e in frame f, whose pc is the runtime pc (for frames other
// than the innermost, the return address - 1), with bias = runtime -
// link-time address of the object. The result is a scalar: a base type,
// an enum or a pointer.
func (e *Expr) Eval(f Frame, pc, bias uint64) (Value, error) {
	lpc := pc - bias
	for _, c := range e.insts {
		if !contains(c.ranges, lpc) {
			continue
		}
		ev := evaluators.Get().(*evaluator)
		*ev = evaluator{c: c, m: machine{f: f, bias: bias, u: c.u, fbVar: c.fbase, lpc: lpc, c: c}, lpc: lpc}
		r, err := ev.eval(c.root)
		var v Value
		if err == nil {
			v, err = ev.value(r)
		}
		*ev = evaluator{} // no frame kept alive by the pool
		evaluators.Put(ev)
		if err != nil {
			return Value{}, fmt.Errorf("evaluate %s in %s: %w", e.src, e.fn, err)
		}
		return v, nil
	}
	return Value{}, fmt.Errorf("evaluate %s: pc %#x (link-time %#x) is not in %s", e.src, pc, lpc, e.fn)
}

type evaluator struct {
	c   *compiled
	m   machine
	lpc uint64
}

// evaluators recycles evaluators: the machine in one is dwarfexpr's Debug,
// an interface, which puts it on the heap; a pool spares Eval that
// allocation at every sample.
var evaluators = sync.Pool{New: func() any { return new(evaluator) }}

// FrameBase implements dwarfexpr.Debug: the value of DW_AT_frame_base (a
// register location means the register's value, a memory location its
// address), computed once a machine.
func (m *machine) FrameBase() (uint64, error) {
	if m.fbKnown {
		return m.fb, nil
	}
	if m.fbVar == nil {
		return 0, errorf(ErrUnavailable, "function has no DW_AT_frame_base")
	}
	expr, ok := m.fbVar.expr, true
	if m.fbVar.isList {
		expr, ok = exprAt(m.fbVar.list, m.lpc)
	}
	if !ok {
		return 0, errorf(ErrUnavailable, "no frame base at pc")
	}
	// The frame base's own expression runs on this machine as a bare
	// one (no fbreg in a frame base, no entry values), restored after:
	// a second machine would be another allocation.
	saved := *m
	m.fbVar, m.lpc, m.fb, m.fbKnown, m.depth, m.c = nil, 0, 0, true, 0, nil
	l, err := m.locate(expr)
	*m = saved
	if err != nil {
		if errors.Is(err, ErrOptimizedOut) {
			return 0, errorf(ErrUnavailable, "no frame base at pc")
		}
		return 0, err
	}
	switch l.Kind {
	case dwarfexpr.Memory:
		m.fb = l.Addr
	case dwarfexpr.Register:
		v, ok := m.f.Reg(l.Reg)
		if !ok {
			return 0, errorf(ErrUnavailable, "frame base register %d not recoverable", l.Reg)
		}
		m.fb = v
	default:
		return 0, fmt.Errorf("frame base is not an address")
	}
	m.fbKnown = true
	return m.fb, nil
}

// variable locates a bound name at the pc.
func (ev *evaluator) variable(bd *binding) (*variable, error) {
	for _, c := range bd.cands {
		if c.ranges == nil || contains(c.ranges, ev.lpc) {
			return c.v, nil
		}
	}
	if bd.global != nil {
		return bd.global, nil
	}
	return nil, errorf(ErrUnavailable, "%s is not in scope at this pc", bd.name)
}

func (ev *evaluator) eval(n *cnode) (rval, error) {
	var r rval
	var err error
	switch n.kind {
	case aIdent:
		r, err = ev.ident(n)
	case aNum:
		r = rval{t: n.t, bytes: binary.LittleEndian.AppendUint64(make([]byte, 0, 8), n.num)}
	case aDeref:
		r, err = ev.eval(n.x)
		if err != nil {
			return r, err
		}
		r, err = ev.elem(r, 0)
	case aNeg:
		x, err := ev.eval(n.x)
		if err != nil {
			return x, err
		}
		if n.t.kind == tBase && n.t.enc == dc.DW_ATE_float {
			f, err := ev.float(x)
			if err != nil {
				return x, err
			}
			return floatVal(n.t, -f), nil
		}
		v, err := ev.int(x)
		if err != nil {
			return x, err
		}
		return intVal(n.t, -v), nil
	case aAddrOf:
		x, err := ev.eval(n.x)
		if err != nil {
			return x, err
		}
		if !x.mem || x.bitSize != 0 {
			return x, errorf(ErrUnavailable, "value is not in memory: no address")
		}
		return intVal(n.t, x.addr), nil
	case aField, aArrow:
		r, err = ev.eval(n.x)
		if err != nil {
			return r, err
		}
		if n.kind == aArrow {
			if r, err = ev.elem(r, 0); err != nil {
				return r, err
			}
		}
		r, err = sub(r, n.f.off, n.t)
		if err == nil && n.f.bitSize > 0 {
			r.bitOff, r.bitSize = n.f.bitOff, n.f.bitSize
		}
	case aIndex:
		r, err = ev.eval(n.x)
		if err != nil {
			return r, err
		}
		y, err := ev.eval(n.y)
		if err != nil {
			return y, err
		}
		i, err := ev.int(y)
		if err != nil {
			return y, err
		}
		if !n.y.t.signed() && n.y.t.size < 8 {
			i &= 1<<(uint(n.y.t.size)*8) - 1
		}
		r, err = ev.elem(r, int64(i))
	case aBinary:
		x, err := ev.eval(n.x)
		if err != nil {
			return x, err
		}
		y, err := ev.eval(n.y)
		if err != nil {
			return y, err
		}
		if n.t.enc == dc.DW_ATE_float {
			a, err := ev.num(x)
			if err != nil {
				return x, err
			}
			b, err := ev.num(y)
			if err != nil {
				return y, err
			}
			switch n.op {
			case '+':
				a += b
			case '-':
				a -= b
			case '*':
				a *= b
			case '/':
				a /= b
			}
			return floatVal(n.t, a), nil
		}
		a, err := ev.int(x)
		if err != nil {
			return x, err
		}
		b, err := ev.int(y)
		if err != nil {
			return y, err
		}
		v, err := arith(n.op, a, b, n.t.signed())
		if err != nil {
			return x, err
		}
		return intVal(n.t, v), nil
	}
	if err != nil {
		return r, err
	}
	if n.deref { // a C++ reference: the referent
		r.t = &ctype{kind: tPtr, size: 8}
		p, err := ev.int(r)
		if err != nil {
			return r, err
		}
		return rval{t: n.t, mem: true, addr: p}, nil
	}
	return r, nil
}

func arith(op byte, a, b uint64, signed bool) (uint64, error) {
	switch op {
	case '+':
		return a + b, nil
	case '-':
		return a - b, nil
	case '*':
		return a * b, nil
	case '&':
		return a & b, nil
	case '|':
		return a | b, nil
	case '^':
		return a ^ b, nil
	case '<':
		if b >= 64 {
			return 0, nil
		}
		return a << b, nil
	case '>':
		if b >= 64 {
			b = 63
			if !signed {
				return 0, nil
			}
		}
		if signed {
			return uint64(int64(a) >> b), nil
		}
		return a >> b, nil
	}
	if b == 0 {
		return 0, fmt.Errorf("division by zero")
	}
	if signed {
		if int64(a) == math.MinInt64 && int64(b) == -1 {
			return a, nil
		}
		if op == '/' {
			return uint64(int64(a) / int64(b)), nil
		}
		return uint64(int64(a) % int64(b)), nil
	}
	if op == '/' {
		return a / b, nil
	}
	return a % b, nil
}

func intVal(t *ctype, v uint64) rval {
	return rval{t: t, bytes: binary.LittleEndian.AppendUint64(make([]byte, 0, 8), v)}
}

func floatVal(t *ctype, f float64) rval {
	if t.size == 4 {
		return rval{t: t, bytes: binary.LittleEndian.AppendUint32(make([]byte, 0, 4), math.Float32bits(float32(f)))}
	}
	return rval{t: t, bytes: binary.LittleEndian.AppendUint64(make([]byte, 0, 8), math.Float64bits(f))}
}

// ident locates a variable at the pc.
func (ev *evaluator) ident(n *cnode) (rval, error) {
	v, err := ev.variable(n.b)
	if err != nil {
		return rval{}, err
	}
	t := v.t
	if n.deref {
		t = &ctype{kind: tPtr, size: 8} // the reference itself
	}
	switch {
	case v.none:
		return rval{}, fmt.Errorf("%s: %w", v.name, ErrOptimizedOut)
	case v.konst != nil:
		return rval{t: t, bytes: v.konst}, nil
	}
	expr := v.expr
	if v.isList {
		var ok bool
		if expr, ok = exprAt(v.list, ev.lpc); !ok {
			return rval{}, fmt.Errorf("%s: %w", v.name, ErrOptimizedOut)
		}
	}
	l, err := ev.m.locate(expr)
	if err != nil {
		return rval{}, fmt.Errorf("%s: %w", v.name, err)
	}
	switch l.Kind {
	case dwarfexpr.Memory:
		return rval{t: t, mem: true, addr: l.Addr}, nil
	case dwarfexpr.Register:
		if t.size > 8 || t.size < 0 {
			return rval{}, errorf(ErrUnavailable, "%s: %d bytes in one register", v.name, t.size)
		}
		buf := make([]byte, 8)
		if err := ev.m.read(l, 0, buf); err != nil {
			return rval{}, fmt.Errorf("%s: %w", v.name, err)
		}
		return rval{t: t, bytes: buf}, nil
	}
	return rval{t: t, bytes: l.Bytes}, nil
}

// sub is the part of r at byte offset off, of type t.
func sub(r rval, off int64, t *ctype) (rval, error) {
	if r.mem {
		return rval{t: t, mem: true, addr: r.addr + uint64(off)}, nil
	}
	end := off + max(t.size, 0)
	if off < 0 || end > int64(len(r.bytes)) {
		return rval{}, errorf(ErrOptimizedOut, "only %d bytes of the value are known", len(r.bytes))
	}
	return rval{t: t, bytes: r.bytes[off:end]}, nil
}

// elem is element i of the array or of the memory a pointer points to.
func (ev *evaluator) elem(r rval, i int64) (rval, error) {
	et := r.t.elem
	if r.t.kind == tArray {
		return sub(r, i*et.size, et)
	}
	p, err := ev.int(r)
	if err != nil {
		return r, err
	}
	return rval{t: et, mem: true, addr: p + uint64(i*et.size)}, nil
}

// raw reads a scalar's bits (bitfields extracted, zero-extended).
func (ev *evaluator) raw(r rval) (uint64, error) {
	size := r.t.size
	if r.bitSize > 0 {
		size = (r.bitOff + r.bitSize + 7) / 8
	}
	if size <= 0 || size > 8 {
		return 0, fmt.Errorf("value of type %s (%d bytes) is not a scalar", r.t, r.t.size)
	}
	var buf [8]byte
	if r.mem {
		if err := ev.m.f.ReadMemory(r.addr, buf[:size]); err != nil {
			return 0, errorf(ErrUnavailable, "read %d bytes at %#x: %v", size, r.addr, err)
		}
	} else {
		if int64(len(r.bytes)) < size {
			return 0, errorf(ErrOptimizedOut, "only %d of %d bytes known", len(r.bytes), size)
		}
		copy(buf[:], r.bytes[:size])
	}
	v := binary.LittleEndian.Uint64(buf[:])
	if r.bitSize > 0 {
		v = v >> uint(r.bitOff) & (1<<uint(r.bitSize) - 1)
	}
	return v, nil
}

// int reads an integer, enum or pointer, sign-extended per its type.
func (ev *evaluator) int(r rval) (uint64, error) {
	if r.t.kind == tBase && r.t.enc == dc.DW_ATE_float {
		f, err := ev.float(r)
		return uint64(int64(f)), err
	}
	if r.t.kind != tBase && r.t.kind != tEnum && r.t.kind != tPtr {
		return 0, fmt.Errorf("value of type %s is not a scalar", r.t)
	}
	v, err := ev.raw(r)
	if err != nil {
		return 0, err
	}
	bits := uint(r.t.size) * 8
	if r.bitSize > 0 {
		bits = uint(r.bitSize)
	}
	if r.t.signed() && bits < 64 && v&(1<<(bits-1)) != 0 {
		v |= ^uint64(0) << bits
	}
	return v, nil
}

// num reads an integer or floating-point value as a float64.
func (ev *evaluator) num(r rval) (float64, error) {
	if r.t.kind == tBase && r.t.enc == dc.DW_ATE_float {
		return ev.float(r)
	}
	v, err := ev.int(r)
	if r.t.signed() {
		return float64(int64(v)), err
	}
	return float64(v), err
}

func (ev *evaluator) float(r rval) (float64, error) {
	v, err := ev.raw(r)
	if err != nil {
		return 0, err
	}
	switch r.t.size {
	case 4:
		return float64(math.Float32frombits(uint32(v))), nil
	case 8:
		return math.Float64frombits(v), nil
	}
	return 0, fmt.Errorf("%d-byte floating point is not supported", r.t.size)
}

// Kind is the kind of a Value.
type Kind uint8

// The kinds of values an expression yields.
const (
	Int Kind = iota
	Uint
	Float
	Bool
	Char
	Enum
	Pointer
)

// Value is the scalar result of an expression. For every kind but Float,
// Int and Uint both hold the value (Int sign-extended from the type's size
// for signed types, zero-extended otherwise; Uint the same bits). For
// Float, Float holds the value and Uint the type's size in bytes (4 for
// float, 8 for double: String prints as many digits as gdb). Name is an
// enum value's enumerator name ("" when the value has none). The exported
// fields are all of it: a Value rebuilt from them prints the same.
type Value struct {
	Kind  Kind
	Int   int64
	Uint  uint64
	Float float64
	Name  string
}

func (ev *evaluator) value(r rval) (Value, error) {
	t := r.t
	switch t.kind {
	case tStruct, tArray:
		return Value{}, fmt.Errorf("value of type %s is not a scalar", t)
	case tVoid, tOther:
		return Value{}, fmt.Errorf("value of type %s cannot be shown", t)
	}
	if t.kind == tBase && t.enc == dc.DW_ATE_float {
		f, err := ev.float(r)
		if err != nil {
			return Value{}, err
		}
		return Value{Kind: Float, Float: f, Uint: uint64(t.size)}, nil
	}
	v, err := ev.int(r)
	if err != nil {
		return Value{}, err
	}
	out := Value{Int: int64(v), Uint: v}
	switch {
	case t.kind == tPtr:
		out.Kind = Pointer
	case t.kind == tEnum:
		out.Kind = Enum
		for _, e := range t.enums {
			if e.val == int64(v) {
				out.Name = e.name
				break
			}
		}
	case t.enc == dc.DW_ATE_boolean:
		out.Kind = Bool
	case (t.enc == dc.DW_ATE_signed_char || t.enc == dc.DW_ATE_unsigned_char) && t.size == 1:
		out.Kind = Char
	case t.signed():
		out.Kind = Int
	default:
		out.Kind = Uint
	}
	return out, nil
}

// String formats v as gdb's print does: enumerator names, 0x... pointers,
// chars as 97 'a', true/false, %g floats with 9 (float) or 17 (double)
// significant digits.
func (v Value) String() string {
	switch v.Kind {
	case Uint:
		return strconv.FormatUint(v.Uint, 10)
	case Float:
		prec := 17
		if v.Uint == 4 {
			prec = 9
		}
		return gdbFloat(v.Float, prec)
	case Bool:
		switch v.Uint {
		case 0:
			return "false"
		case 1:
			return "true"
		}
		return strconv.FormatUint(v.Uint, 10)
	case Char:
		return strconv.FormatInt(v.Int, 10) + " " + charLit(byte(v.Uint))
	case Enum:
		if v.Name != "" {
			return v.Name
		}
		return strconv.FormatInt(v.Int, 10)
	case Pointer:
		return "0x" + strconv.FormatUint(v.Uint, 16)
	}
	return strconv.FormatInt(v.Int, 10)
}

// Number returns v as a number for averages and histograms (enums by
// value); pointers are not numbers.
func (v Value) Number() (float64, bool) {
	switch v.Kind {
	case Float:
		return v.Float, true
	case Pointer:
		return 0, false
	case Uint:
		return float64(v.Uint), true
	}
	return float64(v.Int), true
}

// gdbFloat formats like C's %.*g, which gdb uses (%g drops trailing zeros;
// inf and nan as gdb spells them).
func gdbFloat(f float64, prec int) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		if math.Signbit(f) {
			return "-nan(0x" + strconv.FormatUint(math.Float64bits(f)&(1<<52-1), 16) + ")"
		}
		return "nan(0x" + strconv.FormatUint(math.Float64bits(f)&(1<<52-1), 16) + ")"
	}
	return strconv.FormatFloat(f, 'g', prec, 64)
}

// charLit quotes a char as gdb does: 'a', '\n', '\000', '\377'.
func charLit(c byte) string {
	switch c {
	case '\a':
		return `'\a'`
	case '\b':
		return `'\b'`
	case '\f':
		return `'\f'`
	case '\n':
		return `'\n'`
	case '\r':
		return `'\r'`
	case '\t':
		return `'\t'`
	case '\v':
		return `'\v'`
	case 033:
		return `'\033'`
	case '\'':
		return `'\''`
	case '\\':
		return `'\\'`
	}
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf(`'\%03o'`, c)
	}
	return "'" + string(c) + "'"
}
