// Package dwarfexpr evaluates DWARF expressions [DWARF5 2.5] and location
// descriptions [DWARF5 2.6] of x86-64 code: the one stack machine behind
// the unwinder's CFA and register rules (Value) and dwarfvar's variable
// locations (Locate), as delve's pkg/dwarf/op serves both its stacks and
// its variables.
//
// What an expression reads comes through two small interfaces: Frame (the
// registers, memory and CFA of one stack frame), which every caller
// supplies, and Debug (frame base, entry values, .debug_addr, base types),
// which only a caller with a unit's debugging information has; the
// unwinder passes none, and the operations that need it are unavailable
// there.
//
// The stack holds untyped 64-bit values. Floating-point typed operations,
// vector registers, thread-local storage, implicit pointers and
// DW_OP_call* are refused with ErrUnavailable, never guessed.
package dwarfexpr

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"sonde/internal/binread"
	dc "sonde/internal/dwarfconst"
)

// ErrOptimizedOut says a value has no location (an empty expression or
// piece).
var ErrOptimizedOut = errors.New("optimized out")

// ErrUnavailable says a value has a location that cannot be read here: a
// register the frame does not recover, unreadable memory, or an operation
// whose value lives elsewhere (entry values, thread-local storage, vector
// registers).
var ErrUnavailable = errors.New("value unavailable")

// MaxReg is the highest DWARF register a Frame is asked for: the x86-64
// psABI's 0 rax, 1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15
// r8-r15, 16 the return address. Higher numbers (vector, x87, segment
// registers) are unavailable.
const MaxReg = 16

// Frame is the machine state of one stack frame. It is used during one
// evaluation only and never retained.
type Frame interface {
	// Reg returns DWARF register n (0..MaxReg); ok is false when it is not
	// recoverable in this frame.
	Reg(n int) (v uint64, ok bool)
	// CFA returns the canonical frame address (DW_OP_call_frame_cfa); ok
	// is false when it is not known.
	CFA() (uint64, bool)
	// ReadMemory fills buf from runtime address addr; it fails when any
	// of the bytes is unreadable.
	ReadMemory(addr uint64, buf []byte) error
}

// Debug supplies what the debugging information of the expression's unit
// adds to a frame. A nil Debug makes the operations that need it fail
// with ErrUnavailable.
type Debug interface {
	// FrameBase returns the value of the function's DW_AT_frame_base
	// (DW_OP_fbreg).
	FrameBase() (uint64, error)
	// EntryValue returns the value expr (a DW_OP_regN) had on entry to
	// the function (DW_OP_entry_value).
	EntryValue(expr []byte) (uint64, error)
	// DebugAddr returns entry i of the unit's .debug_addr table, a
	// link-time address (DW_OP_addrx, DW_OP_constx).
	DebugAddr(i uint64) (uint64, error)
	// BaseType returns the size and signedness of the integer base type
	// at unit offset off (0: the generic type), for the typed operations.
	BaseType(off uint64) (size int64, signed bool, err error)
}

// Kind says where a location puts a value.
type Kind uint8

// The kinds of Location.
const (
	Memory   Kind = iota // at Addr
	Register             // in register Reg
	Bytes                // the bytes given: a stack or implicit value, or pieces assembled
)

// Location is where an expression puts a value [DWARF5 2.6].
type Location struct {
	Kind  Kind
	Addr  uint64
	Reg   int
	Bytes []byte
}

// maxStack bounds the stack, maxSteps the operations executed (branches
// can loop).
const (
	maxStack = 16
	maxSteps = 10000
)

// machine is one evaluation's state.
type machine struct {
	f     Frame
	d     Debug
	bias  uint64
	stack [maxStack]uint64
	sp    int
	steps int
}

func errorf(sentinel error, format string, a ...any) error {
	return fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, a...))
}

var (
	errUnderflow = errors.New("DWARF expression: stack underflow")
	errOverflow  = errors.New("DWARF expression: stack overflow")
)

// Value evaluates an expression of call frame information [DWARF5 6.4.2]
// with push on the stack first (the CFA for DW_CFA_expression and
// DW_CFA_val_expression, nothing for DW_CFA_def_cfa_expression) and
// returns the value on top of the stack at the end. Location operations
// (DW_OP_regN, DW_OP_stack_value, pieces) are errors there.
func Value(expr []byte, f Frame, push ...uint64) (uint64, error) {
	var m machine
	m.f = f
	for _, v := range push {
		if err := m.push(v); err != nil {
			return 0, err
		}
	}
	b := binread.New(expr)
	l, err := m.run(&b)
	if err != nil {
		return 0, err
	}
	if l.Kind == Bytes && l.Bytes == nil {
		return 0, fmt.Errorf("DWARF expression: empty stack at the end")
	}
	if b.Len() > 0 || l.Kind != Memory {
		return 0, fmt.Errorf("DWARF expression: a location description where a value is expected")
	}
	return l.Addr, nil
}

// Locate evaluates a location description in frame f: a simple location
// or a composite of pieces, which it assembles into Bytes by reading each
// piece. bias is added to DW_OP_addr and DW_OP_addrx addresses (runtime
// minus link-time address of the object); d may be nil. An empty
// expression is ErrOptimizedOut.
func Locate(expr []byte, f Frame, d Debug, bias uint64) (Location, error) {
	if len(expr) == 0 {
		return Location{}, ErrOptimizedOut
	}
	var m machine
	m.f, m.d, m.bias = f, d, bias
	var pieces []byte
	havePieces := false
	b := binread.New(expr)
	for b.Len() > 0 {
		l, err := m.run(&b)
		if err != nil {
			return Location{}, err
		}
		if b.Len() == 0 {
			if havePieces {
				return Location{}, fmt.Errorf("DWARF expression: trailing operations after DW_OP_piece")
			}
			if l.Kind == Bytes && l.Bytes == nil {
				return Location{}, ErrOptimizedOut
			}
			return l, nil
		}
		// The location l is one piece of the value.
		var size, bitOff uint64
		switch op := b.U8(); op {
		case dc.DW_OP_piece:
			size = b.ULEB128()
		case dc.DW_OP_bit_piece:
			bits := b.ULEB128()
			bitOff = b.ULEB128()
			if bits%8 != 0 || bitOff%8 != 0 {
				return Location{}, errorf(ErrUnavailable, "DW_OP_bit_piece of %d bits at bit %d", bits, bitOff)
			}
			size, bitOff = bits/8, bitOff/8
		default:
			return Location{}, fmt.Errorf("DWARF expression: unexpected operation %#x", op)
		}
		if err := b.Err(); err != nil {
			return Location{}, fmt.Errorf("DWARF expression: %w", err)
		}
		if size > 64 {
			return Location{}, fmt.Errorf("DWARF expression: piece of %d bytes", size)
		}
		havePieces = true
		if l.Kind == Bytes && l.Bytes == nil { // an empty piece
			return Location{}, ErrOptimizedOut
		}
		buf := make([]byte, size)
		if err := Read(l, f, bitOff, buf); err != nil {
			return Location{}, err
		}
		pieces = append(pieces, buf...)
		m.sp = 0
	}
	return Location{Kind: Bytes, Bytes: pieces}, nil
}

// Read copies len(buf) bytes of the value at location l, starting off
// bytes in, through frame f.
func Read(l Location, f Frame, off uint64, buf []byte) error {
	switch l.Kind {
	case Memory:
		if err := f.ReadMemory(l.Addr+off, buf); err != nil {
			return errorf(ErrUnavailable, "read %d bytes at %#x: %v", len(buf), l.Addr+off, err)
		}
		return nil
	case Register:
		v, ok := reg(f, l.Reg)
		if !ok {
			return errorf(ErrUnavailable, "register %d not recoverable", l.Reg)
		}
		if off+uint64(len(buf)) > 8 {
			return errorf(ErrUnavailable, "%d bytes of register %d", off+uint64(len(buf)), l.Reg)
		}
		var r [8]byte
		binary.LittleEndian.PutUint64(r[:], v)
		copy(buf, r[off:])
		return nil
	}
	if off+uint64(len(buf)) > uint64(len(l.Bytes)) {
		return errorf(ErrUnavailable, "%d bytes of a %d-byte value", off+uint64(len(buf)), len(l.Bytes))
	}
	copy(buf, l.Bytes[off:])
	return nil
}

func reg(f Frame, n int) (uint64, bool) {
	if n < 0 || n > MaxReg {
		return 0, false
	}
	return f.Reg(n)
}

func (m *machine) push(v uint64) error {
	if m.sp == len(m.stack) {
		return errOverflow
	}
	m.stack[m.sp] = v
	m.sp++
	return nil
}

func (m *machine) pop() (uint64, error) {
	if m.sp == 0 {
		return 0, errUnderflow
	}
	m.sp--
	return m.stack[m.sp], nil
}

func (m *machine) debug(op string) (Debug, error) {
	if m.d == nil {
		return nil, errorf(ErrUnavailable, "%s outside a unit's debugging information", op)
	}
	return m.d, nil
}

// run executes operations up to the end of the expression or the next
// DW_OP_piece and returns the location they describe: the top of the
// stack as a memory address unless an operation said otherwise.
func (m *machine) run(b *binread.Reader) (Location, error) {
	for b.Len() > 0 {
		if m.steps++; m.steps > maxSteps {
			return Location{}, fmt.Errorf("DWARF expression: too many steps")
		}
		op := b.U8()
		if op == dc.DW_OP_piece || op == dc.DW_OP_bit_piece {
			b.Seek(b.Off() - 1) // the caller reads the piece
			break
		}
		var err error
		switch {
		case op >= dc.DW_OP_lit0 && op <= dc.DW_OP_lit31:
			err = m.push(uint64(op - dc.DW_OP_lit0))
		case op >= dc.DW_OP_reg0 && op <= dc.DW_OP_reg31:
			return m.regLoc(b, int(op-dc.DW_OP_reg0))
		case op >= dc.DW_OP_breg0 && op <= dc.DW_OP_breg31:
			err = m.breg(int(op-dc.DW_OP_breg0), b.SLEB128())
		default:
			var l Location
			var done bool
			l, done, err = m.op(op, b)
			if done {
				return l, err
			}
		}
		if err != nil {
			return Location{}, err
		}
		if b.Failed() {
			return Location{}, fmt.Errorf("DWARF expression: %w", b.Err())
		}
	}
	if b.Failed() {
		return Location{}, fmt.Errorf("DWARF expression: %w", b.Err())
	}
	if m.sp == 0 {
		// No operation left a value: an empty piece (optimized out).
		return Location{Kind: Bytes}, nil
	}
	return Location{Kind: Memory, Addr: m.stack[m.sp-1]}, nil
}

// op executes one operation other than the literals and registers; done
// says that the location l ends the expression or its piece.
func (m *machine) op(op byte, b *binread.Reader) (Location, bool, error) {
	switch op {
	case dc.DW_OP_regx:
		l, err := m.regLoc(b, int(min(b.ULEB128(), math.MaxInt32)))
		return l, true, err
	case dc.DW_OP_bregx:
		r := int(min(b.ULEB128(), math.MaxInt32))
		return Location{}, false, m.breg(r, b.SLEB128())
	case dc.DW_OP_addr:
		if _, err := m.debug("DW_OP_addr"); err != nil {
			return Location{}, false, err
		}
		return Location{}, false, m.push(b.U64() + m.bias)
	case dc.DW_OP_addrx, dc.DW_OP_GNU_addr_index, dc.DW_OP_constx, dc.DW_OP_GNU_const_index:
		d, err := m.debug("DW_OP_addrx")
		if err != nil {
			return Location{}, false, err
		}
		a, err := d.DebugAddr(b.ULEB128())
		if err != nil {
			return Location{}, false, err
		}
		if op == dc.DW_OP_addrx || op == dc.DW_OP_GNU_addr_index {
			a += m.bias
		}
		return Location{}, false, m.push(a)
	case dc.DW_OP_fbreg:
		off := b.SLEB128()
		d, err := m.debug("DW_OP_fbreg")
		if err != nil {
			return Location{}, false, err
		}
		fb, err := d.FrameBase()
		if err != nil {
			return Location{}, false, err
		}
		return Location{}, false, m.push(fb + uint64(off))
	case dc.DW_OP_call_frame_cfa:
		cfa, ok := m.f.CFA()
		if !ok {
			return Location{}, false, errorf(ErrUnavailable, "CFA not recoverable")
		}
		return Location{}, false, m.push(cfa)
	case dc.DW_OP_implicit_value:
		v := b.BytesU(b.ULEB128())
		if b.Failed() {
			return Location{}, false, fmt.Errorf("DWARF expression: %w", b.Err())
		}
		return Location{Kind: Bytes, Bytes: v}, true, m.endOfPiece(b)
	case dc.DW_OP_stack_value:
		v, err := m.pop()
		if err != nil {
			return Location{}, false, err
		}
		buf := make([]byte, 8)
		binary.LittleEndian.PutUint64(buf, v)
		return Location{Kind: Bytes, Bytes: buf}, true, m.endOfPiece(b)
	case dc.DW_OP_entry_value, dc.DW_OP_GNU_entry_value:
		inner := b.BytesU(b.ULEB128())
		if b.Failed() {
			return Location{}, false, fmt.Errorf("DWARF expression: %w", b.Err())
		}
		if m.d == nil {
			return Location{}, false, errorf(ErrUnavailable, "value at function entry (DW_OP_entry_value)")
		}
		v, err := m.d.EntryValue(inner)
		if err != nil {
			return Location{}, false, err
		}
		return Location{}, false, m.push(v)
	case dc.DW_OP_GNU_parameter_ref:
		return Location{}, false, errorf(ErrUnavailable, "DW_OP_GNU_parameter_ref")
	case dc.DW_OP_form_tls_address, dc.DW_OP_GNU_push_tls_address:
		return Location{}, false, errorf(ErrUnavailable, "thread-local storage")
	case dc.DW_OP_implicit_pointer, dc.DW_OP_GNU_implicit_pointer:
		return Location{}, false, errorf(ErrUnavailable, "implicit pointer")
	case dc.DW_OP_convert, dc.DW_OP_reinterpret:
		// The stack is untyped 64-bit here: a conversion to an integer
		// base type truncates and extends.
		d, err := m.debug("DW_OP_convert")
		if err != nil {
			return Location{}, false, err
		}
		size, signed, err := d.BaseType(b.ULEB128())
		if err != nil {
			return Location{}, false, err
		}
		v, err := m.pop()
		if err != nil {
			return Location{}, false, err
		}
		return Location{}, false, m.push(extend(v, size, signed && op == dc.DW_OP_convert))
	case dc.DW_OP_const_type:
		d, err := m.debug("DW_OP_const_type")
		if err != nil {
			return Location{}, false, err
		}
		if _, _, err := d.BaseType(b.ULEB128()); err != nil {
			return Location{}, false, err
		}
		n := b.U8()
		v := b.Bytes(int(n))
		if n > 8 {
			return Location{}, false, errorf(ErrUnavailable, "typed constant of %d bytes", n)
		}
		var buf [8]byte
		copy(buf[:], v)
		return Location{}, false, m.push(binary.LittleEndian.Uint64(buf[:]))
	case dc.DW_OP_regval_type:
		r := int(min(b.ULEB128(), math.MaxInt32))
		d, err := m.debug("DW_OP_regval_type")
		if err != nil {
			return Location{}, false, err
		}
		if _, _, err := d.BaseType(b.ULEB128()); err != nil {
			return Location{}, false, err
		}
		return Location{}, false, m.breg(r, 0)
	case dc.DW_OP_deref_type:
		n := int(b.U8())
		d, err := m.debug("DW_OP_deref_type")
		if err != nil {
			return Location{}, false, err
		}
		if _, _, err := d.BaseType(b.ULEB128()); err != nil {
			return Location{}, false, err
		}
		return Location{}, false, m.deref(n)
	case dc.DW_OP_GNU_variable_value, dc.DW_OP_xderef, dc.DW_OP_xderef_size, dc.DW_OP_call2, dc.DW_OP_call4, dc.DW_OP_call_ref, dc.DW_OP_push_object_address:
		return Location{}, false, errorf(ErrUnavailable, "DWARF operation %#x not supported", op)
	case dc.DW_OP_GNU_uninit, dc.DW_OP_nop:
		return Location{}, false, nil
	case dc.DW_OP_deref:
		return Location{}, false, m.deref(8)
	case dc.DW_OP_deref_size:
		return Location{}, false, m.deref(int(b.U8()))
	case dc.DW_OP_const1u:
		return Location{}, false, m.push(uint64(b.U8()))
	case dc.DW_OP_const1s:
		return Location{}, false, m.push(uint64(int64(int8(b.U8()))))
	case dc.DW_OP_const2u:
		return Location{}, false, m.push(uint64(b.U16()))
	case dc.DW_OP_const2s:
		return Location{}, false, m.push(uint64(int64(int16(b.U16()))))
	case dc.DW_OP_const4u:
		return Location{}, false, m.push(uint64(b.U32()))
	case dc.DW_OP_const4s:
		return Location{}, false, m.push(uint64(int64(int32(b.U32()))))
	case dc.DW_OP_const8u, dc.DW_OP_const8s:
		return Location{}, false, m.push(b.U64())
	case dc.DW_OP_constu:
		return Location{}, false, m.push(b.ULEB128())
	case dc.DW_OP_consts:
		return Location{}, false, m.push(uint64(b.SLEB128()))
	case dc.DW_OP_dup:
		if m.sp == 0 {
			return Location{}, false, errUnderflow
		}
		return Location{}, false, m.push(m.stack[m.sp-1])
	case dc.DW_OP_drop:
		_, err := m.pop()
		return Location{}, false, err
	case dc.DW_OP_over, dc.DW_OP_pick:
		i := 1
		if op == dc.DW_OP_pick {
			i = int(b.U8())
		}
		if i >= m.sp {
			return Location{}, false, errUnderflow
		}
		return Location{}, false, m.push(m.stack[m.sp-1-i])
	case dc.DW_OP_swap:
		if m.sp < 2 {
			return Location{}, false, errUnderflow
		}
		m.stack[m.sp-1], m.stack[m.sp-2] = m.stack[m.sp-2], m.stack[m.sp-1]
		return Location{}, false, nil
	case dc.DW_OP_rot:
		if m.sp < 3 {
			return Location{}, false, errUnderflow
		}
		s := m.stack[m.sp-3 : m.sp]
		s[0], s[1], s[2] = s[1], s[2], s[0]
		return Location{}, false, nil
	case dc.DW_OP_abs, dc.DW_OP_neg, dc.DW_OP_not:
		v, err := m.pop()
		if err != nil {
			return Location{}, false, err
		}
		switch op {
		case dc.DW_OP_abs:
			if int64(v) < 0 {
				v = -v
			}
		case dc.DW_OP_neg:
			v = -v
		case dc.DW_OP_not:
			v = ^v
		}
		return Location{}, false, m.push(v)
	case dc.DW_OP_plus_uconst:
		v, err := m.pop()
		if err != nil {
			return Location{}, false, err
		}
		return Location{}, false, m.push(v + b.ULEB128())
	case dc.DW_OP_skip, dc.DW_OP_bra:
		off := int16(b.U16())
		if op == dc.DW_OP_bra {
			v, err := m.pop()
			if err != nil || v == 0 {
				return Location{}, false, err
			}
		}
		n := b.Off() + int(off)
		if b.Failed() || n < 0 || n > len(b.Data()) {
			return Location{}, false, fmt.Errorf("DWARF expression: branch out of the expression")
		}
		b.Seek(n)
		return Location{}, false, nil
	}
	y, e1 := m.pop()
	x, e2 := m.pop()
	if e1 != nil || e2 != nil {
		return Location{}, false, errUnderflow
	}
	v, err := binop(op, x, y)
	if err != nil {
		return Location{}, false, err
	}
	return Location{}, false, m.push(v)
}

func binop(op byte, x, y uint64) (uint64, error) {
	b := func(c bool) uint64 {
		if c {
			return 1
		}
		return 0
	}
	switch op {
	case dc.DW_OP_and:
		return x & y, nil
	case dc.DW_OP_or:
		return x | y, nil
	case dc.DW_OP_xor:
		return x ^ y, nil
	case dc.DW_OP_plus:
		return x + y, nil
	case dc.DW_OP_minus:
		return x - y, nil
	case dc.DW_OP_mul:
		return x * y, nil
	case dc.DW_OP_div:
		if y == 0 || int64(x) == math.MinInt64 && int64(y) == -1 {
			return 0, fmt.Errorf("DWARF expression: division by zero")
		}
		return uint64(int64(x) / int64(y)), nil
	case dc.DW_OP_mod:
		if y == 0 {
			return 0, fmt.Errorf("DWARF expression: division by zero")
		}
		return x % y, nil
	case dc.DW_OP_shl:
		if y >= 64 {
			return 0, nil
		}
		return x << y, nil
	case dc.DW_OP_shr:
		if y >= 64 {
			return 0, nil
		}
		return x >> y, nil
	case dc.DW_OP_shra:
		if y >= 64 {
			y = 63
		}
		return uint64(int64(x) >> y), nil
	case dc.DW_OP_eq:
		return b(x == y), nil
	case dc.DW_OP_ne:
		return b(x != y), nil
	case dc.DW_OP_ge:
		return b(int64(x) >= int64(y)), nil
	case dc.DW_OP_gt:
		return b(int64(x) > int64(y)), nil
	case dc.DW_OP_le:
		return b(int64(x) <= int64(y)), nil
	case dc.DW_OP_lt:
		return b(int64(x) < int64(y)), nil
	}
	return 0, fmt.Errorf("DWARF expression: unknown operation %#x", op)
}

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

// regLoc is DW_OP_regN: the value is the register itself.
func (m *machine) regLoc(b *binread.Reader, r int) (Location, error) {
	if r > MaxReg {
		return Location{}, errorf(ErrUnavailable, "register %d (vector or special) not recorded", r)
	}
	return Location{Kind: Register, Reg: r}, m.endOfPiece(b)
}

// endOfPiece checks that a register, stack or implicit location ends the
// expression or its piece.
func (m *machine) endOfPiece(b *binread.Reader) error {
	if b.Failed() {
		return fmt.Errorf("DWARF expression: %w", b.Err())
	}
	if r := b.Rest(); len(r) > 0 && r[0] != dc.DW_OP_piece && r[0] != dc.DW_OP_bit_piece {
		return fmt.Errorf("DWARF expression: operation %#x after a register or value location", r[0])
	}
	return nil
}

func (m *machine) breg(r int, off int64) error {
	v, ok := reg(m.f, r)
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
