package dwarfvar

import (
	"debug/dwarf"
	"encoding/binary"
	"fmt"
	"sonde/dwarfexpr"
	"sonde/internal/binread"
	dc "sonde/internal/dwarfconst"
)

// CallerFrame is a Frame that can also give its caller's frame. With it,
// Eval resolves DW_OP_entry_value(DW_OP_regN), a parameter's value at
// function entry, from the caller's call-site parameter for register N
// (DW_TAG_call_site_parameter's DW_AT_call_value, evaluated in the caller's
// frame), as gdb does. Without it, such values are ErrUnavailable.
type CallerFrame interface {
	Frame
	// Caller returns the calling frame, its pc (the return address, at
	// run time), and the path and bias of the object that holds it (as
	// given to Open, and runtime - link-time address); ok is false when
	// there is no caller.
	Caller() (f Frame, pc uint64, path string, bias uint64, ok bool)
}

// DWARF 4 GNU extensions for call sites (gcc -gdwarf-4).
const (
	tagGNUCallSite      = dwarf.Tag(0x4109)
	tagGNUCallSiteParam = dwarf.Tag(0x410a)
	attrGNUCallSiteVal  = dwarf.Attr(0x2111)
)

// callParam is a call site's parameter: the register it is passed in and
// the expression that gives its value in the caller.
type callParam struct {
	reg   int
	value []byte
}

// callSite is what a call site of a function says about its arguments.
type callSite struct {
	u      *cu
	fbase  *variable // the calling function's frame base
	params []callParam
	callee []string // names of the function called (origin chain), "" when indirect
	offs   []dwarf.Offset
}

// calls reports whether the call site calls the function of the compiled
// instance c: the call's origin is c's DIE or its abstract origin, or has
// its (linkage) name. An indirect call or a tail call from another
// function does not match, and the entry value stays unknown.
func (cs *callSite) calls(c *compiled) bool {
	for _, o := range cs.offs {
		for _, p := range c.offs {
			if o == p {
				return true
			}
		}
	}
	for _, n := range cs.callee {
		for _, m := range c.names {
			if n != "" && n == m {
				return true
			}
		}
	}
	return false
}

// chain lists the DIE offsets and names along n's abstract origin and
// specification chain.
func (u *cu) chain(n *node) (offs []dwarf.Offset, names []string) {
	for i := 0; n != nil && i < 8; i++ {
		offs = append(offs, n.e.Offset)
		if s := n.name(); s != "" {
			names = append(names, s)
		}
		if s := linkage(n); s != "" {
			names = append(names, s)
		}
		m := u.ref(n, dwarf.AttrAbstractOrigin)
		if m == nil {
			m = u.ref(n, dwarf.AttrSpecification)
		}
		n = m
	}
	return offs, names
}

// EntryValue implements dwarfexpr.Debug: DW_OP_entry_value(expr)
// through the caller's call site.
func (m *machine) EntryValue(expr []byte) (uint64, error) {
	reg := -1
	if len(expr) == 1 && expr[0] >= dc.DW_OP_reg0 && expr[0] <= dc.DW_OP_reg31 {
		reg = int(expr[0] - dc.DW_OP_reg0)
	} else if len(expr) > 1 && expr[0] == dc.DW_OP_regx {
		r := binread.New(expr[1:])
		if v := r.ULEB128(); !r.Failed() && r.Len() == 0 {
			reg = int(v)
		}
	}
	cf, ok := m.f.(CallerFrame)
	if reg < 0 || !ok || m.depth > 4 {
		return 0, errorf(ErrUnavailable, "value at function entry (DW_OP_entry_value)")
	}
	f, pc, path, bias, ok := cf.Caller()
	if !ok || path != m.u.p.path {
		return 0, errorf(ErrUnavailable, "value at function entry (DW_OP_entry_value): no caller in this object")
	}
	cs, err := m.u.p.callSite(pc - bias)
	if err != nil {
		return 0, err
	}
	if m.c == nil || !cs.calls(m.c) {
		return 0, errorf(ErrUnavailable, "value at function entry (DW_OP_entry_value): the caller's call site does not call this function (indirect or tail call)")
	}
	for _, prm := range cs.params {
		if prm.reg != reg {
			continue
		}
		cm := machine{f: f, bias: bias, u: cs.u, fbVar: cs.fbase, lpc: pc - 1 - bias, depth: m.depth + 1, c: m.callerOf}
		l, err := cm.locate(prm.value)
		if err != nil {
			return 0, fmt.Errorf("entry value (DW_OP_entry_value) of register %d from the caller: %w", reg, err)
		}
		var buf [8]byte
		if l.Kind == dwarfexpr.Memory { // DW_AT_call_value is a DWARF expression: its value
			return l.Addr, nil
		}
		if err := cm.read(l, 0, buf[:]); err != nil {
			return 0, err
		}
		return binary.LittleEndian.Uint64(buf[:]), nil
	}
	return 0, errorf(ErrUnavailable, "value at function entry (DW_OP_entry_value): the call site does not give register %d", reg)
}

// callSite finds the call site whose return address is ra (link-time) and
// caches it. It takes p.mu: units may be decoded.
func (p *Program) callSite(ra uint64) (cs *callSite, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	defer p.recover(&err)
	if cs, ok := p.sites[ra]; ok {
		if cs == nil {
			return nil, errorf(ErrUnavailable, "value at function entry (DW_OP_entry_value): no call site at %#x", ra)
		}
		return cs, nil
	}
	if p.sites == nil {
		p.sites = map[uint64]*callSite{}
	}
	p.sites[ra] = nil
	r := p.d.Reader()
	ce, err := r.SeekPC(ra - 1)
	if err != nil {
		return nil, errorf(ErrUnavailable, "value at function entry (DW_OP_entry_value): no unit at %#x", ra)
	}
	u, err := p.unitAt(ce.Offset)
	if err != nil {
		return nil, err
	}
	for _, n := range u.nodes {
		var pcAttr dwarf.Attr
		switch n.e.Tag {
		case dwarf.TagCallSite:
			pcAttr = dwarf.AttrCallReturnPC
		case tagGNUCallSite:
			pcAttr = dwarf.AttrLowpc
		default:
			continue
		}
		if v, ok := n.e.Val(pcAttr).(uint64); !ok || v != ra {
			continue
		}
		cs := &callSite{u: u}
		o := u.ref(n, dwarf.AttrCallOrigin)
		if o == nil {
			o = u.ref(n, dwarf.AttrAbstractOrigin) // DW_TAG_GNU_call_site
		}
		if o != nil {
			cs.offs, cs.callee = u.chain(o)
		}
		for fn := n.parent; fn != nil; fn = fn.parent {
			if fn.e.Tag == dwarf.TagSubprogram {
				if fb, err := u.location(fn, "", nil, dwarf.AttrFrameBase); err == nil && !fb.none {
					cs.fbase = fb
				}
				break
			}
		}
		for _, c := range n.children {
			if c.e.Tag != dwarf.TagCallSiteParameter && c.e.Tag != tagGNUCallSiteParam {
				continue
			}
			loc, _ := c.e.Val(dwarf.AttrLocation).([]byte)
			val, _ := c.e.Val(dwarf.AttrCallValue).([]byte)
			if val == nil {
				val, _ = c.e.Val(attrGNUCallSiteVal).([]byte)
			}
			if len(loc) == 1 && loc[0] >= dc.DW_OP_reg0 && loc[0] <= dc.DW_OP_reg31 && val != nil {
				cs.params = append(cs.params, callParam{reg: int(loc[0] - dc.DW_OP_reg0), value: val})
			}
		}
		p.sites[ra] = cs
		return cs, nil
	}
	return nil, errorf(ErrUnavailable, "value at function entry (DW_OP_entry_value): no call site at %#x", ra)
}
