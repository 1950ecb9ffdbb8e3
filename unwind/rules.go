package unwind

import "fmt"

// ruleKind is how a register of the caller is found [DWARF5 6.4.1].
type ruleKind uint8

const (
	ruleSame       ruleKind = iota // unchanged (the default here)
	ruleUndefined                  // not recoverable; for the RA: outermost frame
	ruleOffset                     // saved at CFA+n
	ruleValOffset                  // is CFA+n
	ruleRegister                   // in register reg
	ruleExpression                 // saved at the address expr computes
	ruleValExpr                    // is the value expr computes
)

type rule struct {
	kind ruleKind
	n    int64
	reg  uint64
	expr []byte
}

// numRegs is the number of DWARF registers tracked: x86-64's 0..16 (rax
// to r15, and 16, the return address column).
const numRegs = 17

// row is one row of the CFI table: how to find the CFA and each register.
type row struct {
	cfaReg  uint64
	cfaOff  int64
	cfaExpr []byte // when non-nil, the CFA is this expression's value
	regs    [numRegs]rule
}

// DWARF call frame instructions [DWARF5 6.4.2, table 7.29].
const (
	DW_CFA_advance_loc        = 0x40
	DW_CFA_offset             = 0x80
	DW_CFA_restore            = 0xc0
	DW_CFA_nop                = 0x00
	DW_CFA_set_loc            = 0x01
	DW_CFA_advance_loc1       = 0x02
	DW_CFA_advance_loc2       = 0x03
	DW_CFA_advance_loc4       = 0x04
	DW_CFA_offset_extended    = 0x05
	DW_CFA_restore_extended   = 0x06
	DW_CFA_undefined          = 0x07
	DW_CFA_same_value         = 0x08
	DW_CFA_register           = 0x09
	DW_CFA_remember_state     = 0x0a
	DW_CFA_restore_state      = 0x0b
	DW_CFA_def_cfa            = 0x0c
	DW_CFA_def_cfa_register   = 0x0d
	DW_CFA_def_cfa_offset     = 0x0e
	DW_CFA_def_cfa_expression = 0x0f
	DW_CFA_expression         = 0x10
	DW_CFA_offset_extended_sf = 0x11
	DW_CFA_def_cfa_sf         = 0x12
	DW_CFA_def_cfa_offset_sf  = 0x13
	DW_CFA_val_offset         = 0x14
	DW_CFA_val_offset_sf      = 0x15
	DW_CFA_val_expression     = 0x16
	DW_CFA_GNU_args_size      = 0x2e
	DW_CFA_GNU_neg_offset_ext = 0x2f
)

// rowAt runs the CIE's initial instructions and the FDE's instructions up
// to pc and returns the row in effect at pc.
func (f *fde) rowAt(pc uint64) (row, error) {
	var r row
	var stack []row
	if err := run(f.cie, f.cie.initial, f.lo, ^uint64(0), &r, nil, &stack); err != nil {
		return r, err
	}
	init := r
	err := run(f.cie, f.instrs, f.lo, pc, &r, &init, &stack)
	return r, err
}

// run executes instructions from location loc until the location passes
// pc. init is the row after the CIE's instructions (for DW_CFA_restore).
func run(c *cie, instrs []byte, loc, pc uint64, r, init *row, stack *[]row) error {
	b := &cbuf{b: instrs}
	setReg := func(reg uint64, ru rule) {
		if reg < numRegs {
			r.regs[reg] = ru
		}
	}
	restore := func(reg uint64) {
		if reg < numRegs {
			if init != nil {
				r.regs[reg] = init.regs[reg]
			} else {
				r.regs[reg] = rule{}
			}
		}
	}
	for b.off < len(b.b) && b.err == "" {
		op := b.u8()
		switch op & 0xc0 {
		case DW_CFA_advance_loc:
			loc += uint64(op&0x3f) * c.codeAlign
			if loc > pc {
				return nil
			}
			continue
		case DW_CFA_offset:
			setReg(uint64(op&0x3f), rule{kind: ruleOffset, n: int64(b.uleb()) * c.dataAlign})
			continue
		case DW_CFA_restore:
			restore(uint64(op & 0x3f))
			continue
		}
		switch op {
		case DW_CFA_nop:
		case DW_CFA_set_loc:
			loc = b.u64()
			if loc > pc {
				return nil
			}
		case DW_CFA_advance_loc1, DW_CFA_advance_loc2, DW_CFA_advance_loc4:
			var d uint64
			switch op {
			case DW_CFA_advance_loc1:
				d = uint64(b.u8())
			case DW_CFA_advance_loc2:
				d = uint64(b.u16())
			default:
				d = uint64(b.u32())
			}
			loc += d * c.codeAlign
			if loc > pc {
				return nil
			}
		case DW_CFA_offset_extended:
			reg := b.uleb()
			setReg(reg, rule{kind: ruleOffset, n: int64(b.uleb()) * c.dataAlign})
		case DW_CFA_offset_extended_sf:
			reg := b.uleb()
			setReg(reg, rule{kind: ruleOffset, n: b.sleb() * c.dataAlign})
		case DW_CFA_GNU_neg_offset_ext:
			reg := b.uleb()
			setReg(reg, rule{kind: ruleOffset, n: -int64(b.uleb()) * c.dataAlign})
		case DW_CFA_restore_extended:
			restore(b.uleb())
		case DW_CFA_undefined:
			setReg(b.uleb(), rule{kind: ruleUndefined})
		case DW_CFA_same_value:
			setReg(b.uleb(), rule{kind: ruleSame})
		case DW_CFA_register:
			reg := b.uleb()
			setReg(reg, rule{kind: ruleRegister, reg: b.uleb()})
		case DW_CFA_remember_state:
			*stack = append(*stack, *r)
		case DW_CFA_restore_state:
			if len(*stack) == 0 {
				return fmt.Errorf("DW_CFA_restore_state with no remembered state")
			}
			// The CFA rule is not part of the remembered register state
			// in GCC's reading either; restore the whole row as libgcc does.
			*r = (*stack)[len(*stack)-1]
			*stack = (*stack)[:len(*stack)-1]
		case DW_CFA_def_cfa:
			r.cfaReg, r.cfaOff, r.cfaExpr = b.uleb(), int64(b.uleb()), nil
		case DW_CFA_def_cfa_sf:
			r.cfaReg, r.cfaOff, r.cfaExpr = b.uleb(), b.sleb()*c.dataAlign, nil
		case DW_CFA_def_cfa_register:
			r.cfaReg, r.cfaExpr = b.uleb(), nil
		case DW_CFA_def_cfa_offset:
			r.cfaOff = int64(b.uleb())
		case DW_CFA_def_cfa_offset_sf:
			r.cfaOff = b.sleb() * c.dataAlign
		case DW_CFA_def_cfa_expression:
			r.cfaExpr = b.bytes(int(b.uleb()))
		case DW_CFA_expression:
			reg := b.uleb()
			setReg(reg, rule{kind: ruleExpression, expr: b.bytes(int(b.uleb()))})
		case DW_CFA_val_expression:
			reg := b.uleb()
			setReg(reg, rule{kind: ruleValExpr, expr: b.bytes(int(b.uleb()))})
		case DW_CFA_val_offset:
			reg := b.uleb()
			setReg(reg, rule{kind: ruleValOffset, n: int64(b.uleb()) * c.dataAlign})
		case DW_CFA_val_offset_sf:
			reg := b.uleb()
			setReg(reg, rule{kind: ruleValOffset, n: b.sleb() * c.dataAlign})
		case DW_CFA_GNU_args_size:
			b.uleb()
		default:
			return fmt.Errorf("unknown call frame instruction %#x", op)
		}
	}
	if b.err != "" {
		return fmt.Errorf("call frame instructions: %s", b.err)
	}
	return nil
}
