package dwarfvar

import (
	"debug/dwarf"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// ErrOptimizedOut says a variable has no location at the pc (no location
// attribute, no location list entry covering the pc, or an empty piece).
var ErrOptimizedOut = errors.New("optimized out")

// ErrUnavailable says a variable has a location that cannot be read here:
// a register the frame does not recover, unreadable memory, or a DWARF
// operation whose value lives elsewhere (DW_OP_entry_value,
// DW_OP_GNU_parameter_ref, thread-local storage, vector registers).
var ErrUnavailable = errors.New("value unavailable")

// DWARF expression operations [DWARF5 2.5, 2.6, table 7.9].
const (
	opAddr            = 0x03
	opDeref           = 0x06
	opConst1u         = 0x08
	opConst1s         = 0x09
	opConst2u         = 0x0a
	opConst2s         = 0x0b
	opConst4u         = 0x0c
	opConst4s         = 0x0d
	opConst8u         = 0x0e
	opConst8s         = 0x0f
	opConstu          = 0x10
	opConsts          = 0x11
	opDup             = 0x12
	opDrop            = 0x13
	opOver            = 0x14
	opPick            = 0x15
	opSwap            = 0x16
	opRot             = 0x17
	opXderef          = 0x18
	opAbs             = 0x19
	opAnd             = 0x1a
	opDiv             = 0x1b
	opMinus           = 0x1c
	opMod             = 0x1d
	opMul             = 0x1e
	opNeg             = 0x1f
	opNot             = 0x20
	opOr              = 0x21
	opPlus            = 0x22
	opPlusUconst      = 0x23
	opShl             = 0x24
	opShr             = 0x25
	opShra            = 0x26
	opXor             = 0x27
	opBra             = 0x28
	opEq              = 0x29
	opGe              = 0x2a
	opGt              = 0x2b
	opLe              = 0x2c
	opLt              = 0x2d
	opNe              = 0x2e
	opSkip            = 0x2f
	opLit0            = 0x30
	opLit31           = 0x4f
	opReg0            = 0x50
	opReg31           = 0x6f
	opBreg0           = 0x70
	opBreg31          = 0x8f
	opRegx            = 0x90
	opFbreg           = 0x91
	opBregx           = 0x92
	opPiece           = 0x93
	opDerefSize       = 0x94
	opXderefSize      = 0x95
	opNop             = 0x96
	opPushObjAddr     = 0x97
	opCall2           = 0x98
	opCall4           = 0x99
	opCallRef         = 0x9a
	opFormTLSAddress  = 0x9b
	opCallFrameCFA    = 0x9c
	opBitPiece        = 0x9d
	opImplicitValue   = 0x9e
	opStackValue      = 0x9f
	opImplicitPointer = 0xa0
	opAddrx           = 0xa1
	opConstx          = 0xa2
	opEntryValue      = 0xa3
	opConstType       = 0xa4
	opRegvalType      = 0xa5
	opDerefType       = 0xa6
	opConvert         = 0xa8
	opReinterpret     = 0xa9
	opGNUPushTLS      = 0xe0
	opGNUUninit       = 0xf0
	opGNUImplicitPtr  = 0xf2
	opGNUEntryValue   = 0xf3
	opGNUParamRef     = 0xfa
	opGNUAddrIndex    = 0xfb
	opGNUConstIndex   = 0xfc
	opGNUVariableVal  = 0xfd
)

// Frame is the machine state of one stack frame.
type Frame interface {
	// Reg returns DWARF register n (x86-64 psABI numbering: 0 rax, 1 rdx,
	// 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15, 16 the return
	// address/rip); ok is false when it is not recoverable in this frame.
	Reg(n int) (v uint64, ok bool)
	// CFA returns the canonical frame address (DW_OP_call_frame_cfa, gcc's
	// frame base).
	CFA() (uint64, bool)
	// ReadMemory reads runtime addresses; it fails when they are
	// unreadable.
	ReadMemory(addr uint64, buf []byte) error
}

// locEntry is one entry of a location list, in link-time addresses;
// dflt marks DW_LLE_default_location.
type locEntry struct {
	lo, hi uint64
	expr   []byte
	dflt   bool
}

// location is where a DWARF expression puts a value [DWARF5 2.6]: in
// memory, in a register, or in the bytes given (stack or implicit value,
// pieces assembled).
type location struct {
	kind  uint8 // locMem, locReg, locBytes
	addr  uint64
	reg   int
	bytes []byte
}

const (
	locMem = iota
	locReg
	locBytes
)

// machine evaluates DWARF location expressions in one frame.
type machine struct {
	f        Frame
	bias     uint64
	u        *cu
	fbVar    *variable // the function's DW_AT_frame_base
	lpc      uint64    // link-time pc, for location lists
	fb       uint64    // the frame base, once computed
	fbKnown  bool
	depth    int       // of entry values resolved through callers
	c        *compiled // the function evaluated in, for its call sites
	callerOf *compiled // always nil: the caller's own entry values stay unknown
	stack    [16]uint64
	sp       int
	nsteps   int
}

func errorf(sentinel error, format string, a ...any) error {
	return fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, a...))
}

// locate evaluates a location description. An empty expression is an
// optimized-out value.
func (m *machine) locate(expr []byte) (location, error) {
	if len(expr) == 0 {
		return location{}, ErrOptimizedOut
	}
	var pieces []byte
	havePieces := false
	m.sp = 0
	b := rd{b: expr}
	for b.off < len(b.b) {
		l, err := m.run(&b)
		if err != nil {
			return location{}, err
		}
		if b.off >= len(b.b) {
			if havePieces {
				return location{}, fmt.Errorf("DWARF expression: trailing operations after DW_OP_piece")
			}
			if l.kind == locBytes && l.bytes == nil {
				return location{}, ErrOptimizedOut
			}
			return l, nil
		}
		// The location l is one piece of the value.
		op := b.u8()
		var size uint64
		var bitOff uint64
		switch op {
		case opPiece:
			size = b.uleb()
		case opBitPiece:
			bits := b.uleb()
			bitOff = b.uleb()
			if bits%8 != 0 || bitOff%8 != 0 {
				return location{}, errorf(ErrUnavailable, "DW_OP_bit_piece of %d bits at bit %d", bits, bitOff)
			}
			size, bitOff = bits/8, bitOff/8
		default:
			return location{}, fmt.Errorf("DWARF expression: unexpected operation %#x", op)
		}
		if b.err != nil {
			return location{}, b.err
		}
		if size > 64 {
			return location{}, fmt.Errorf("DWARF expression: piece of %d bytes", size)
		}
		havePieces = true
		if l.kind == locBytes && l.bytes == nil { // an empty piece
			return location{}, ErrOptimizedOut
		}
		buf := make([]byte, size)
		if err := m.read(l, bitOff, buf); err != nil {
			return location{}, err
		}
		pieces = append(pieces, buf...)
		m.sp = 0
	}
	return location{kind: locBytes, bytes: pieces}, nil
}

// read copies len(buf) bytes from location l, starting off bytes in.
func (m *machine) read(l location, off uint64, buf []byte) error {
	switch l.kind {
	case locMem:
		if err := m.f.ReadMemory(l.addr+off, buf); err != nil {
			return errorf(ErrUnavailable, "read %d bytes at %#x: %v", len(buf), l.addr+off, err)
		}
		return nil
	case locReg:
		v, ok := m.reg(l.reg)
		if !ok {
			return errorf(ErrUnavailable, "register %d not recoverable", l.reg)
		}
		var r [8]byte
		binary.LittleEndian.PutUint64(r[:], v)
		if off+uint64(len(buf)) > 8 {
			return errorf(ErrUnavailable, "%d bytes of register %d", off+uint64(len(buf)), l.reg)
		}
		copy(buf, r[off:])
		return nil
	}
	if off+uint64(len(buf)) > uint64(len(l.bytes)) {
		return errorf(ErrUnavailable, "%d bytes of a %d-byte value", off+uint64(len(buf)), len(l.bytes))
	}
	copy(buf, l.bytes[off:])
	return nil
}

func (m *machine) reg(n int) (uint64, bool) {
	if n < 0 || n > 16 {
		return 0, false // vector and other registers: not in a Frame
	}
	return m.f.Reg(n)
}

func (m *machine) push(v uint64) error {
	if m.sp == len(m.stack) {
		return fmt.Errorf("DWARF expression: stack overflow")
	}
	m.stack[m.sp] = v
	m.sp++
	return nil
}

func (m *machine) pop() (uint64, error) {
	if m.sp == 0 {
		return 0, fmt.Errorf("DWARF expression: stack underflow")
	}
	m.sp--
	return m.stack[m.sp], nil
}

// run executes operations up to the end of the expression or the next
// DW_OP_piece and returns the location they describe.
func (m *machine) run(b *rd) (location, error) {
	for b.off < len(b.b) {
		if m.nsteps++; m.nsteps > 10000 {
			return location{}, fmt.Errorf("DWARF expression: too many steps")
		}
		op := b.b[b.off]
		if op == opPiece || op == opBitPiece {
			break
		}
		b.off++
		switch {
		case op >= opLit0 && op <= opLit31:
			if err := m.push(uint64(op - opLit0)); err != nil {
				return location{}, err
			}
			continue
		case op >= opReg0 && op <= opReg31:
			return m.regLoc(b, int(op-opReg0))
		case op >= opBreg0 && op <= opBreg31:
			if err := m.breg(int(op-opBreg0), b.sleb()); err != nil {
				return location{}, err
			}
			continue
		}
		var err error
		switch op {
		case opRegx:
			return m.regLoc(b, int(b.uleb()))
		case opBregx:
			r := int(b.uleb())
			err = m.breg(r, b.sleb())
		case opAddr:
			err = m.push(b.u64() + m.bias)
		case opAddrx, opGNUAddrIndex:
			a, e := m.u.debugAddr(b.uleb())
			if e != nil {
				return location{}, e
			}
			err = m.push(a + m.bias)
		case opConstx, opGNUConstIndex:
			a, e := m.u.debugAddr(b.uleb())
			if e != nil {
				return location{}, e
			}
			err = m.push(a)
		case opFbreg:
			off := b.sleb()
			fb, e := m.frameBase()
			if e != nil {
				return location{}, e
			}
			err = m.push(fb + uint64(off))
		case opCallFrameCFA:
			cfa, ok := m.f.CFA()
			if !ok {
				return location{}, errorf(ErrUnavailable, "CFA not recoverable")
			}
			err = m.push(cfa)
		case opImplicitValue:
			n := b.uleb()
			v := b.bytes(n)
			if b.err != nil {
				return location{}, b.err
			}
			return location{kind: locBytes, bytes: v}, m.endOfPiece(b)
		case opStackValue:
			v, e := m.pop()
			if e != nil {
				return location{}, e
			}
			var buf [8]byte
			binary.LittleEndian.PutUint64(buf[:], v)
			return location{kind: locBytes, bytes: buf[:]}, m.endOfPiece(b)
		case opEntryValue, opGNUEntryValue:
			n := b.uleb()
			inner := b.bytes(n)
			if b.err != nil {
				return location{}, b.err
			}
			v, e := m.entryValue(inner)
			if e != nil {
				return location{}, e
			}
			err = m.push(v)
		case opGNUParamRef:
			return location{}, errorf(ErrUnavailable, "DW_OP_GNU_parameter_ref")
		case opFormTLSAddress, opGNUPushTLS:
			return location{}, errorf(ErrUnavailable, "thread-local storage")
		case opImplicitPointer, opGNUImplicitPtr:
			return location{}, errorf(ErrUnavailable, "implicit pointer")
		case opConvert, opReinterpret:
			// The stack is untyped 64-bit here: a conversion to an integer
			// base type truncates and extends.
			size, signed, e := m.u.baseType(b.uleb())
			if e != nil {
				return location{}, e
			}
			var v uint64
			if v, err = m.pop(); err == nil {
				err = m.push(extend(v, size, signed && op == opConvert))
			}
		case opConstType:
			if _, _, e := m.u.baseType(b.uleb()); e != nil {
				return location{}, e
			}
			n := b.u8()
			v := b.bytes(uint64(n))
			if n > 8 {
				return location{}, errorf(ErrUnavailable, "typed constant of %d bytes", n)
			}
			var buf [8]byte
			copy(buf[:], v)
			err = m.push(binary.LittleEndian.Uint64(buf[:]))
		case opRegvalType:
			r := int(b.uleb())
			if _, _, e := m.u.baseType(b.uleb()); e != nil {
				return location{}, e
			}
			err = m.breg(r, 0)
		case opDerefType:
			n := int(b.u8())
			if _, _, e := m.u.baseType(b.uleb()); e != nil {
				return location{}, e
			}
			err = m.deref(n)
		case opGNUVariableVal, opXderef, opXderefSize, opCall2, opCall4, opCallRef, opPushObjAddr:
			return location{}, errorf(ErrUnavailable, "DWARF operation %#x not supported", op)
		case opGNUUninit, opNop:
		case opDeref:
			err = m.deref(8)
		case opDerefSize:
			err = m.deref(int(b.u8()))
		case opConst1u:
			err = m.push(uint64(b.u8()))
		case opConst1s:
			err = m.push(uint64(int64(int8(b.u8()))))
		case opConst2u:
			err = m.push(uint64(b.u16()))
		case opConst2s:
			err = m.push(uint64(int64(int16(b.u16()))))
		case opConst4u:
			err = m.push(uint64(b.u32()))
		case opConst4s:
			err = m.push(uint64(int64(int32(b.u32()))))
		case opConst8u, opConst8s:
			err = m.push(b.u64())
		case opConstu:
			err = m.push(b.uleb())
		case opConsts:
			err = m.push(uint64(b.sleb()))
		case opDup:
			if m.sp == 0 {
				return location{}, fmt.Errorf("DWARF expression: stack underflow")
			}
			err = m.push(m.stack[m.sp-1])
		case opDrop:
			_, err = m.pop()
		case opOver, opPick:
			i := 1
			if op == opPick {
				i = int(b.u8())
			}
			if i >= m.sp {
				return location{}, fmt.Errorf("DWARF expression: stack underflow")
			}
			err = m.push(m.stack[m.sp-1-i])
		case opSwap:
			if m.sp < 2 {
				return location{}, fmt.Errorf("DWARF expression: stack underflow")
			}
			m.stack[m.sp-1], m.stack[m.sp-2] = m.stack[m.sp-2], m.stack[m.sp-1]
		case opRot:
			if m.sp < 3 {
				return location{}, fmt.Errorf("DWARF expression: stack underflow")
			}
			s := m.stack[m.sp-3 : m.sp]
			s[0], s[1], s[2] = s[1], s[2], s[0]
		case opAbs, opNeg, opNot:
			var v uint64
			if v, err = m.pop(); err == nil {
				switch op {
				case opAbs:
					if int64(v) < 0 {
						v = -v
					}
				case opNeg:
					v = -v
				case opNot:
					v = ^v
				}
				err = m.push(v)
			}
		case opPlusUconst:
			var v uint64
			if v, err = m.pop(); err == nil {
				err = m.push(v + b.uleb())
			}
		case opSkip, opBra:
			off := int16(b.u16())
			if op == opBra {
				var v uint64
				if v, err = m.pop(); err != nil || v == 0 {
					break
				}
			}
			n := b.off + int(off)
			if n < 0 || n > len(b.b) {
				return location{}, fmt.Errorf("DWARF expression: branch out of the expression")
			}
			b.off = n
		default:
			y, e1 := m.pop()
			x, e2 := m.pop()
			if e1 != nil || e2 != nil {
				return location{}, fmt.Errorf("DWARF expression: stack underflow")
			}
			v, e := binop(op, x, y)
			if e != nil {
				return location{}, e
			}
			err = m.push(v)
		}
		if err != nil {
			return location{}, err
		}
		if b.err != nil {
			return location{}, b.err
		}
	}
	if b.err != nil {
		return location{}, b.err
	}
	if m.sp == 0 {
		// No operation left a value: an empty piece (optimized out).
		return location{kind: locBytes}, nil
	}
	return location{kind: locMem, addr: m.stack[m.sp-1]}, nil
}

func binop(op byte, x, y uint64) (uint64, error) {
	b := func(c bool) uint64 {
		if c {
			return 1
		}
		return 0
	}
	switch op {
	case opAnd:
		return x & y, nil
	case opOr:
		return x | y, nil
	case opXor:
		return x ^ y, nil
	case opPlus:
		return x + y, nil
	case opMinus:
		return x - y, nil
	case opMul:
		return x * y, nil
	case opDiv:
		if y == 0 || int64(x) == math.MinInt64 && int64(y) == -1 {
			return 0, fmt.Errorf("DWARF expression: division by zero")
		}
		return uint64(int64(x) / int64(y)), nil
	case opMod:
		if y == 0 {
			return 0, fmt.Errorf("DWARF expression: division by zero")
		}
		return x % y, nil
	case opShl:
		if y >= 64 {
			return 0, nil
		}
		return x << y, nil
	case opShr:
		if y >= 64 {
			return 0, nil
		}
		return x >> y, nil
	case opShra:
		if y >= 64 {
			y = 63
		}
		return uint64(int64(x) >> y), nil
	case opEq:
		return b(x == y), nil
	case opNe:
		return b(x != y), nil
	case opGe:
		return b(int64(x) >= int64(y)), nil
	case opGt:
		return b(int64(x) > int64(y)), nil
	case opLe:
		return b(int64(x) <= int64(y)), nil
	case opLt:
		return b(int64(x) < int64(y)), nil
	}
	return 0, fmt.Errorf("DWARF expression: unknown operation %#x", op)
}

func leUint64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }

// extend truncates v to size bytes and extends it back to 64 bits.
func extend(v uint64, size int64, signed bool) uint64 {
	if size <= 0 || size >= 8 {
		return v
	}
	bits := uint(size) * 8
	v &= 1<<bits - 1
	if signed && v&(1<<(bits-1)) != 0 {
		v |= ^uint64(0) << bits
	}
	return v
}

// baseType reads the integer base type at a unit-relative offset, as the
// typed DWARF 5 operations name it (0: the generic type). Floating-point
// types are refused: the stack here holds integers.
func (u *cu) baseType(off uint64) (size int64, signed bool, err error) {
	if off == 0 {
		return 8, false, nil
	}
	n, ok := u.nodes[dwarf.Offset(u.unitOff+off)]
	if !ok || n.e.Tag != dwarf.TagBaseType {
		return 0, false, fmt.Errorf("DWARF expression: no base type at unit offset %#x", off)
	}
	size, _ = n.e.Val(dwarf.AttrByteSize).(int64)
	enc, _ := n.e.Val(dwarf.AttrEncoding).(int64)
	if enc == ateFloat {
		return 0, false, errorf(ErrUnavailable, "floating-point DWARF stack values")
	}
	return size, enc == ateSigned || enc == ateSignedChar, nil
}

// regLoc is DW_OP_regN: the value is the register itself.
func (m *machine) regLoc(b *rd, r int) (location, error) {
	if r > 16 {
		return location{}, errorf(ErrUnavailable, "register %d (vector or special) not recorded", r)
	}
	return location{kind: locReg, reg: r}, m.endOfPiece(b)
}

// endOfPiece checks that a register, stack or implicit location ends the
// expression or its piece.
func (m *machine) endOfPiece(b *rd) error {
	if b.err != nil {
		return b.err
	}
	if b.off < len(b.b) && b.b[b.off] != opPiece && b.b[b.off] != opBitPiece {
		return fmt.Errorf("DWARF expression: operation %#x after a register or value location", b.b[b.off])
	}
	return nil
}

func (m *machine) breg(r int, off int64) error {
	v, ok := m.reg(r)
	if !ok {
		return errorf(ErrUnavailable, "register %d not recoverable", r)
	}
	return m.push(v + uint64(off))
}

func (m *machine) deref(n int) error {
	a, err := m.pop()
	if err != nil {
		return err
	}
	if n < 1 || n > 8 {
		return fmt.Errorf("DWARF expression: DW_OP_deref_size %d", n)
	}
	var buf [8]byte
	if err := m.f.ReadMemory(a, buf[:n]); err != nil {
		return errorf(ErrUnavailable, "read %d bytes at %#x: %v", n, a, err)
	}
	return m.push(binary.LittleEndian.Uint64(buf[:]))
}

// debugAddr reads entry i of the unit's .debug_addr table.
func (u *cu) debugAddr(i uint64) (uint64, error) {
	off := u.addrBase + i*8
	if off < u.addrBase || off+8 > uint64(len(u.p.addr)) || off+8 < off {
		return 0, fmt.Errorf("DW_OP_addrx %d: outside .debug_addr of %s", i, u.p.path)
	}
	return binary.LittleEndian.Uint64(u.p.addr[off:]), nil
}

// DW_LLE_* location list entry kinds [DWARF5 7.7.3].
const (
	lleEndOfList      = 0
	lleBaseAddressx   = 1
	lleStartxEndx     = 2
	lleStartxLength   = 3
	lleOffsetPair     = 4
	lleDefaultLoc     = 5
	lleBaseAddress    = 6
	lleStartEnd       = 7
	lleStartLength    = 8
	maxLocListEntries = 1 << 16
)

// locList decodes the location list at off (an offset into .debug_loc for
// units before DWARF 5, into .debug_loclists from DWARF 5 on) into
// link-time address ranges.
func (u *cu) locList(off uint64) ([]locEntry, error) {
	if u.version < 5 {
		return decodeLoc(u.p.loc, off, u.base)
	}
	return decodeLoclists(u.p.loclists, off, u.base, u.debugAddr)
}

// locListx resolves a DW_FORM_loclistx index through the unit's
// DW_AT_loclists_base offset table.
func (u *cu) locListx(i uint64) ([]locEntry, error) {
	base := u.loclistsBase
	if base == 0 {
		base = 12 // the first table's offsets start after its header
	}
	p := base + i*4
	if p < base || p+4 > uint64(len(u.p.loclists)) {
		return nil, fmt.Errorf("DW_FORM_loclistx %d: outside .debug_loclists", i)
	}
	return u.locList(base + uint64(binary.LittleEndian.Uint32(u.p.loclists[p:])))
}

// decodeLoc decodes a DWARF 2-4 .debug_loc list.
func decodeLoc(sec []byte, off, base uint64) ([]locEntry, error) {
	b := rd{b: sec, off: int(off)}
	if off > uint64(len(sec)) {
		return nil, fmt.Errorf(".debug_loc offset %#x: outside the section", off)
	}
	var es []locEntry
	for n := 0; n < maxLocListEntries; n++ {
		lo, hi := b.u64(), b.u64()
		if b.err != nil {
			return nil, fmt.Errorf(".debug_loc list at %#x: %w", off, b.err)
		}
		if lo == 0 && hi == 0 {
			return es, nil
		}
		if lo == ^uint64(0) {
			base = hi
			continue
		}
		n := uint64(b.u16())
		e := b.bytes(n)
		if b.err != nil {
			return nil, fmt.Errorf(".debug_loc list at %#x: %w", off, b.err)
		}
		es = append(es, locEntry{lo: base + lo, hi: base + hi, expr: e})
	}
	return nil, fmt.Errorf(".debug_loc list at %#x: too long", off)
}

// decodeLoclists decodes a DWARF 5 .debug_loclists list.
func decodeLoclists(sec []byte, off, base uint64, addr func(uint64) (uint64, error)) ([]locEntry, error) {
	if off > uint64(len(sec)) {
		return nil, fmt.Errorf(".debug_loclists offset %#x: outside the section", off)
	}
	b := rd{b: sec, off: int(off)}
	var es []locEntry
	fail := func(err error) ([]locEntry, error) {
		return nil, fmt.Errorf(".debug_loclists list at %#x: %w", off, err)
	}
	for n := 0; n < maxLocListEntries; n++ {
		kind := b.u8()
		var lo, hi uint64
		var err error
		dflt := false
		switch kind {
		case lleEndOfList:
			if b.err != nil {
				return fail(b.err)
			}
			return es, nil
		case lleBaseAddressx:
			if base, err = addr(b.uleb()); err != nil {
				return fail(err)
			}
			continue
		case lleBaseAddress:
			base = b.u64()
			continue
		case lleStartxEndx:
			i, j := b.uleb(), b.uleb()
			if lo, err = addr(i); err == nil {
				hi, err = addr(j)
			}
		case lleStartxLength:
			i, l := b.uleb(), b.uleb()
			if lo, err = addr(i); err == nil {
				hi = lo + l
			}
		case lleOffsetPair:
			lo, hi = base+b.uleb(), base+b.uleb()
		case lleDefaultLoc:
			dflt = true
		case lleStartEnd:
			lo, hi = b.u64(), b.u64()
		case lleStartLength:
			lo = b.u64()
			hi = lo + b.uleb()
		default:
			return fail(fmt.Errorf("unknown entry kind %#x", kind))
		}
		if err != nil {
			return fail(err)
		}
		e := b.bytes(b.uleb())
		if b.err != nil {
			return fail(b.err)
		}
		es = append(es, locEntry{lo: lo, hi: hi, expr: e, dflt: dflt})
	}
	return fail(fmt.Errorf("too long"))
}

// exprAt picks the expression of a location list for link-time pc.
func exprAt(es []locEntry, pc uint64) ([]byte, bool) {
	var d []byte
	found := false
	for _, e := range es {
		if e.dflt {
			d, found = e.expr, true
			continue
		}
		if pc >= e.lo && pc < e.hi {
			return e.expr, true
		}
	}
	return d, found
}

// rd is a bounds-checked little-endian reader with a sticky error.
type rd struct {
	b   []byte
	off int
	err error
}

func (b *rd) need(n uint64) bool {
	if b.err != nil {
		return false
	}
	if n > uint64(len(b.b)-b.off) {
		b.err = fmt.Errorf("truncated at offset %#x", b.off)
		return false
	}
	return true
}

func (b *rd) u8() byte {
	if !b.need(1) {
		return 0
	}
	b.off++
	return b.b[b.off-1]
}

func (b *rd) u16() uint16 {
	if !b.need(2) {
		return 0
	}
	b.off += 2
	return binary.LittleEndian.Uint16(b.b[b.off-2:])
}

func (b *rd) u32() uint32 {
	if !b.need(4) {
		return 0
	}
	b.off += 4
	return binary.LittleEndian.Uint32(b.b[b.off-4:])
}

func (b *rd) u64() uint64 {
	if !b.need(8) {
		return 0
	}
	b.off += 8
	return binary.LittleEndian.Uint64(b.b[b.off-8:])
}

func (b *rd) bytes(n uint64) []byte {
	if !b.need(n) {
		return nil
	}
	b.off += int(n)
	return b.b[b.off-int(n) : b.off]
}

func (b *rd) uleb() uint64 {
	v, n := uleb(b.b[min(b.off, len(b.b)):])
	if n == 0 {
		if b.err == nil {
			b.err = fmt.Errorf("truncated LEB128 at offset %#x", b.off)
		}
		return 0
	}
	b.off += n
	return v
}

func (b *rd) sleb() int64 {
	var v int64
	var shift uint
	for {
		c := b.u8()
		if b.err != nil {
			return 0
		}
		if shift < 64 {
			v |= int64(c&0x7f) << shift
		}
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
	}
}

// uleb decodes an unsigned LEB128; n is 0 when it is truncated.
func uleb(b []byte) (v uint64, n int) {
	var shift uint
	for i, c := range b {
		if shift < 64 {
			v |= uint64(c&0x7f) << shift
		}
		shift += 7
		if c&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}
