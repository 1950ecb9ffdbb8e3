package dwarfvar

import (
	"debug/dwarf"
	"fmt"
	"sonde/internal/binread"
	dc "sonde/internal/dwarfconst"
)

// attrEnumClass is DW_AT_enum_class [DWARF5 7.5.4]: a C++ enum class.
const attrEnumClass = dwarf.Attr(0x6d)

// tkind is the shape of a C type once typedefs and qualifiers are gone.
type tkind uint8

const (
	tVoid tkind = iota
	tBase
	tEnum
	tPtr // pointers and C++ references (ref is set)
	tStruct
	tArray
	tOther // functions, pointers to members, ...: not usable here
)

// ctype is a C type as the evaluator needs it.
type ctype struct {
	kind       tkind
	name       string
	size       int64
	enc        int64  // base types: DW_ATE_*
	elem       *ctype // pointer target, array element, enum's underlying type
	count      int64  // arrays: the element count, -1 when unknown
	ref        bool   // a C++ reference: dereferenced implicitly
	incomplete bool   // a struct only declared in this unit
	fields     []field
	enums      []enumerator
}

type field struct {
	name    string
	t       *ctype
	off     int64 // byte offset
	bitOff  int64 // for bitfields: bit offset from off, little-endian
	bitSize int64 // 0: not a bitfield
}

type enumerator struct {
	name string
	val  int64
}

// signed reports whether values of base or enum type t are signed.
func (t *ctype) signed() bool {
	switch t.kind {
	case tBase:
		return t.enc == dc.DW_ATE_signed || t.enc == dc.DW_ATE_signed_char
	case tEnum:
		if t.elem != nil {
			return t.elem.signed()
		}
		for _, e := range t.enums {
			if e.val < 0 {
				return true
			}
		}
		return false
	}
	return false
}

// typeOf decodes the type n's DW_AT_type names (void when none). p.mu is
// held.
func (u *cu) typeOf(n *node) (*ctype, error) {
	tn := u.ref(n, dwarf.AttrType)
	if tn == nil {
		if _, ok := n.e.Val(dwarf.AttrType).(uint64); ok {
			return nil, fmt.Errorf("type unit references (DW_FORM_ref_sig8) are not supported")
		}
		return &ctype{kind: tVoid, name: "void"}, nil
	}
	return u.typeAt(tn, 0)
}

func (u *cu) typeAt(n *node, depth int) (*ctype, error) {
	if t, ok := u.types[n.e.Offset]; ok {
		return t, nil
	}
	if depth > 64 {
		return nil, fmt.Errorf("type at %#x: too deeply nested", n.e.Offset)
	}
	inner := func() (*ctype, error) {
		tn := u.ref(n, dwarf.AttrType)
		if tn == nil {
			return &ctype{kind: tVoid, name: "void"}, nil
		}
		return u.typeAt(tn, depth+1)
	}
	size, _ := n.e.Val(dwarf.AttrByteSize).(int64)
	switch n.e.Tag {
	case dwarf.TagTypedef, dwarf.TagConstType, dwarf.TagVolatileType, dwarf.TagRestrictType, dwarf.TagAtomicType:
		t, err := inner()
		if err == nil {
			u.types[n.e.Offset] = t
		}
		return t, err
	case dwarf.TagBaseType:
		enc, _ := n.e.Val(dwarf.AttrEncoding).(int64)
		t := &ctype{kind: tBase, name: n.name(), size: size, enc: enc}
		u.types[n.e.Offset] = t
		return t, nil
	case dwarf.TagPointerType, dwarf.TagReferenceType, dwarf.TagRvalueReferenceType:
		if size == 0 {
			size = 8
		}
		t := &ctype{kind: tPtr, size: size, ref: n.e.Tag != dwarf.TagPointerType}
		u.types[n.e.Offset] = t // before the target: structs point to themselves
		e, err := inner()
		if err != nil {
			delete(u.types, n.e.Offset)
			return nil, err
		}
		t.elem = e
		return t, nil
	case dwarf.TagEnumerationType:
		t := &ctype{kind: tEnum, name: n.name(), size: size}
		u.types[n.e.Offset] = t
		if u.ref(n, dwarf.AttrType) != nil {
			e, err := inner()
			if err == nil && e.kind == tBase {
				t.elem = e
				if t.size == 0 {
					t.size = e.size
				}
			}
		}
		for _, c := range n.children {
			if c.e.Tag != dwarf.TagEnumerator {
				continue
			}
			var v int64
			switch x := c.e.Val(dwarf.AttrConstValue).(type) {
			case int64:
				v = x
			case uint64:
				v = int64(x)
			}
			name := c.name()
			if scoped, _ := n.e.Val(attrEnumClass).(bool); scoped && t.name != "" {
				name = t.name + "::" + name // gdb prints C++ scoped enumerators so
			}
			t.enums = append(t.enums, enumerator{name: name, val: v})
		}
		return t, nil
	case dwarf.TagStructType, dwarf.TagClassType, dwarf.TagUnionType:
		t := &ctype{kind: tStruct, name: n.name(), size: size}
		if decl, _ := n.e.Val(dwarf.AttrDeclaration).(bool); decl {
			// An incomplete type (a pointer to it is fine; its fields
			// are not known here).
			t.incomplete, t.size = true, -1
			u.types[n.e.Offset] = t
			return t, nil
		}
		u.types[n.e.Offset] = t
		for _, c := range n.children {
			if c.e.Tag != dwarf.TagMember && c.e.Tag != dwarf.TagInheritance {
				continue
			}
			if ext, _ := c.e.Val(dwarf.AttrExternal).(bool); ext {
				continue // a static member: not in the object
			}
			ft, err := u.typeOf(c)
			if err != nil {
				delete(u.types, n.e.Offset)
				return nil, err
			}
			f := field{name: c.name(), t: ft}
			switch v := c.e.Val(dwarf.AttrDataMemberLoc).(type) {
			case int64:
				f.off = v
			case []byte: // DWARF 2: DW_OP_plus_uconst n
				if len(v) > 1 && v[0] == dc.DW_OP_plus_uconst {
					r := binread.New(v[1:])
					f.off = int64(r.ULEB128())
				}
			}
			if bs, ok := c.e.Val(dwarf.AttrBitSize).(int64); ok && bs > 0 {
				f.bitSize = bs
				if dbo, ok := c.e.Val(dwarf.AttrDataBitOffset).(int64); ok {
					f.off, f.bitOff = dbo/8, dbo%8
				} else if bo, ok := c.e.Val(dwarf.AttrBitOffset).(int64); ok {
					// DWARF 2/3: bits from the most significant bit of a
					// storage unit of DW_AT_byte_size bytes.
					bsz, _ := c.e.Val(dwarf.AttrByteSize).(int64)
					if bsz == 0 {
						bsz = ft.size
					}
					lsb := bsz*8 - bo - bs
					f.off += lsb / 8
					f.bitOff = lsb % 8
				}
			}
			t.fields = append(t.fields, f)
		}
		return t, nil
	case dwarf.TagArrayType:
		e, err := inner()
		if err != nil {
			return nil, err
		}
		// One DW_TAG_subrange_type per dimension, outermost first.
		var dims []int64
		for _, c := range n.children {
			if c.e.Tag != dwarf.TagSubrangeType && c.e.Tag != dwarf.TagEnumerationType {
				continue
			}
			cnt := int64(-1)
			if v, ok := c.e.Val(dwarf.AttrCount).(int64); ok {
				cnt = v
			} else if v, ok := c.e.Val(dwarf.AttrUpperBound).(int64); ok {
				lo, _ := c.e.Val(dwarf.AttrLowerBound).(int64)
				cnt = v - lo + 1
			}
			dims = append(dims, cnt)
		}
		if len(dims) == 0 {
			dims = []int64{-1}
		}
		t := e
		for i := len(dims) - 1; i >= 0; i-- {
			sz := int64(-1)
			if dims[i] >= 0 && t.size >= 0 {
				sz = dims[i] * t.size
			}
			t = &ctype{kind: tArray, elem: t, count: dims[i], size: sz}
		}
		u.types[n.e.Offset] = t
		return t, nil
	case dwarf.TagUnspecifiedType:
		t := &ctype{kind: tVoid, name: n.name()}
		if size > 0 { // decltype(nullptr)
			t = &ctype{kind: tPtr, size: size, elem: &ctype{kind: tVoid}}
		}
		u.types[n.e.Offset] = t
		return t, nil
	}
	t := &ctype{kind: tOther, name: n.name(), size: size}
	u.types[n.e.Offset] = t
	return t, nil
}

// complete finds the definition of a struct, class or union that t's unit
// only declares: in another unit of the object (as gdb does for opaque
// types). The index of the units' top-level type definitions is built once,
// reading top-level DIEs only. p.mu is held.
func (p *Program) complete(t *ctype) (*ctype, error) {
	if p.structs == nil {
		p.structs = map[string][2]dwarf.Offset{}
		err := p.topLevel(func(cuOff dwarf.Offset, e *dwarf.Entry) {
			switch e.Tag {
			case dwarf.TagStructType, dwarf.TagClassType, dwarf.TagUnionType:
				name, _ := e.Val(dwarf.AttrName).(string)
				decl, _ := e.Val(dwarf.AttrDeclaration).(bool)
				if _, dup := p.structs[name]; name != "" && !decl && !dup {
					p.structs[name] = [2]dwarf.Offset{cuOff, e.Offset}
				}
			}
		})
		if err != nil {
			return nil, err
		}
	}
	loc, ok := p.structs[t.name]
	if !ok {
		return nil, fmt.Errorf("%s is incomplete (only declared) in the object", t)
	}
	u, err := p.unitAt(loc[0])
	if err != nil {
		return nil, err
	}
	n, ok := u.nodes[loc[1]]
	if !ok {
		return nil, fmt.Errorf("%s: no DIE at %#x", t, loc[1])
	}
	return u.typeAt(n, 0)
}

// String names t roughly as C writes it, for error messages.
func (t *ctype) String() string {
	switch t.kind {
	case tPtr:
		if t.ref {
			return t.elem.String() + " &"
		}
		return t.elem.String() + " *"
	case tArray:
		return fmt.Sprintf("%s [%d]", t.elem, t.count)
	case tStruct:
		return "struct " + t.name
	case tEnum:
		return "enum " + t.name
	}
	if t.name == "" {
		return "<unnamed type>"
	}
	return t.name
}
