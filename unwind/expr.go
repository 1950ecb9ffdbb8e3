package unwind

import "fmt"

// DWARF expression operations the CFI of x86-64 code uses (the PLT's CFA
// expression, glibc's signal frames) [DWARF5 2.5, table 7.9].
const (
	DW_OP_deref       = 0x06
	DW_OP_const1u     = 0x08
	DW_OP_const1s     = 0x09
	DW_OP_const2u     = 0x0a
	DW_OP_const2s     = 0x0b
	DW_OP_const4u     = 0x0c
	DW_OP_const4s     = 0x0d
	DW_OP_const8u     = 0x0e
	DW_OP_const8s     = 0x0f
	DW_OP_constu      = 0x10
	DW_OP_consts      = 0x11
	DW_OP_dup         = 0x12
	DW_OP_drop        = 0x13
	DW_OP_swap        = 0x16
	DW_OP_and         = 0x1a
	DW_OP_minus       = 0x1c
	DW_OP_mul         = 0x1e
	DW_OP_or          = 0x21
	DW_OP_plus        = 0x22
	DW_OP_plus_uconst = 0x23
	DW_OP_shl         = 0x24
	DW_OP_shr         = 0x25
	DW_OP_ge          = 0x2a
	DW_OP_gt          = 0x2b
	DW_OP_le          = 0x2c
	DW_OP_lt          = 0x2d
	DW_OP_lit0        = 0x30
	DW_OP_lit31       = 0x4f
	DW_OP_breg0       = 0x70
	DW_OP_breg31      = 0x8f
)

// eval evaluates a DWARF expression with initial on the stack; regs holds
// the registers (known says which are), mem reads 8 bytes.
func eval(expr []byte, initial []uint64, regs *[numRegs]uint64, known *[numRegs]bool, mem func(addr uint64) (uint64, bool)) (uint64, error) {
	st := append(make([]uint64, 0, 8), initial...)
	b := &cbuf{b: expr}
	pop := func() uint64 {
		if len(st) == 0 {
			b.err = "stack underflow"
			return 0
		}
		v := st[len(st)-1]
		st = st[:len(st)-1]
		return v
	}
	bool64 := func(c bool) uint64 {
		if c {
			return 1
		}
		return 0
	}
	for b.off < len(b.b) && b.err == "" {
		if len(st) > 64 {
			return 0, fmt.Errorf("DWARF expression: stack overflow")
		}
		op := b.u8()
		switch {
		case op >= DW_OP_lit0 && op <= DW_OP_lit31:
			st = append(st, uint64(op-DW_OP_lit0))
			continue
		case op >= DW_OP_breg0 && op <= DW_OP_breg31:
			reg := op - DW_OP_breg0
			off := b.sleb()
			if int(reg) >= numRegs || !known[reg] {
				return 0, fmt.Errorf("DWARF expression: register %d unknown", reg)
			}
			st = append(st, regs[reg]+uint64(off))
			continue
		}
		switch op {
		case DW_OP_deref:
			v, ok := mem(pop())
			if !ok {
				return 0, fmt.Errorf("DWARF expression: memory outside the stack copy")
			}
			st = append(st, v)
		case DW_OP_const1u:
			st = append(st, uint64(b.u8()))
		case DW_OP_const1s:
			st = append(st, uint64(int64(int8(b.u8()))))
		case DW_OP_const2u:
			st = append(st, uint64(b.u16()))
		case DW_OP_const2s:
			st = append(st, uint64(int64(int16(b.u16()))))
		case DW_OP_const4u:
			st = append(st, uint64(b.u32()))
		case DW_OP_const4s:
			st = append(st, uint64(int64(int32(b.u32()))))
		case DW_OP_const8u, DW_OP_const8s:
			st = append(st, b.u64())
		case DW_OP_constu:
			st = append(st, b.uleb())
		case DW_OP_consts:
			st = append(st, uint64(b.sleb()))
		case DW_OP_dup:
			v := pop()
			st = append(st, v, v)
		case DW_OP_drop:
			pop()
		case DW_OP_swap:
			a, c := pop(), pop()
			st = append(st, a, c)
		case DW_OP_plus_uconst:
			st = append(st, pop()+b.uleb())
		default:
			y, x := pop(), pop()
			var v uint64
			switch op {
			case DW_OP_and:
				v = x & y
			case DW_OP_or:
				v = x | y
			case DW_OP_minus:
				v = x - y
			case DW_OP_mul:
				v = x * y
			case DW_OP_plus:
				v = x + y
			case DW_OP_shl:
				v = x << (y & 63)
			case DW_OP_shr:
				v = x >> (y & 63)
			case DW_OP_ge:
				v = bool64(int64(x) >= int64(y))
			case DW_OP_gt:
				v = bool64(int64(x) > int64(y))
			case DW_OP_le:
				v = bool64(int64(x) <= int64(y))
			case DW_OP_lt:
				v = bool64(int64(x) < int64(y))
			default:
				return 0, fmt.Errorf("DWARF expression: unsupported operation %#x", op)
			}
			st = append(st, v)
		}
	}
	if b.err != "" {
		return 0, fmt.Errorf("DWARF expression: %s", b.err)
	}
	if len(st) == 0 {
		return 0, fmt.Errorf("DWARF expression: empty stack at the end")
	}
	return st[len(st)-1], nil
}
