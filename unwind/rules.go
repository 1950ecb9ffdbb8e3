package unwind

import (
	"fmt"

	"sonde/internal/binread"
	dc "sonde/internal/dwarfconst"
)

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
// pc. init is the row after the CIE's instructions (for dc.DW_CFA_restore).
func run(c *cie, instrs []byte, loc, pc uint64, r, init *row, stack *[]row) error {
	b := binread.New(instrs)
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
	for b.Len() > 0 {
		op := b.U8()
		switch op & 0xc0 {
		case dc.DW_CFA_advance_loc:
			loc += uint64(op&0x3f) * c.codeAlign
			if loc > pc {
				return nil
			}
			continue
		case dc.DW_CFA_offset:
			setReg(uint64(op&0x3f), rule{kind: ruleOffset, n: int64(b.ULEB128()) * c.dataAlign})
			continue
		case dc.DW_CFA_restore:
			restore(uint64(op & 0x3f))
			continue
		}
		switch op {
		case dc.DW_CFA_nop:
		case dc.DW_CFA_set_loc:
			loc = b.U64()
			if loc > pc {
				return nil
			}
		case dc.DW_CFA_advance_loc1, dc.DW_CFA_advance_loc2, dc.DW_CFA_advance_loc4:
			var d uint64
			switch op {
			case dc.DW_CFA_advance_loc1:
				d = uint64(b.U8())
			case dc.DW_CFA_advance_loc2:
				d = uint64(b.U16())
			default:
				d = uint64(b.U32())
			}
			loc += d * c.codeAlign
			if loc > pc {
				return nil
			}
		case dc.DW_CFA_offset_extended:
			reg := b.ULEB128()
			setReg(reg, rule{kind: ruleOffset, n: int64(b.ULEB128()) * c.dataAlign})
		case dc.DW_CFA_offset_extended_sf:
			reg := b.ULEB128()
			setReg(reg, rule{kind: ruleOffset, n: b.SLEB128() * c.dataAlign})
		case dc.DW_CFA_GNU_neg_offset_ext:
			reg := b.ULEB128()
			setReg(reg, rule{kind: ruleOffset, n: -int64(b.ULEB128()) * c.dataAlign})
		case dc.DW_CFA_restore_extended:
			restore(b.ULEB128())
		case dc.DW_CFA_undefined:
			setReg(b.ULEB128(), rule{kind: ruleUndefined})
		case dc.DW_CFA_same_value:
			setReg(b.ULEB128(), rule{kind: ruleSame})
		case dc.DW_CFA_register:
			reg := b.ULEB128()
			setReg(reg, rule{kind: ruleRegister, reg: b.ULEB128()})
		case dc.DW_CFA_remember_state:
			*stack = append(*stack, *r)
		case dc.DW_CFA_restore_state:
			if len(*stack) == 0 {
				return fmt.Errorf("dc.DW_CFA_restore_state with no remembered state")
			}
			// The CFA rule is not part of the remembered register state
			// in GCC's reading either; restore the whole row as libgcc does.
			*r = (*stack)[len(*stack)-1]
			*stack = (*stack)[:len(*stack)-1]
		case dc.DW_CFA_def_cfa:
			r.cfaReg, r.cfaOff, r.cfaExpr = b.ULEB128(), int64(b.ULEB128()), nil
		case dc.DW_CFA_def_cfa_sf:
			r.cfaReg, r.cfaOff, r.cfaExpr = b.ULEB128(), b.SLEB128()*c.dataAlign, nil
		case dc.DW_CFA_def_cfa_register:
			r.cfaReg, r.cfaExpr = b.ULEB128(), nil
		case dc.DW_CFA_def_cfa_offset:
			r.cfaOff = int64(b.ULEB128())
		case dc.DW_CFA_def_cfa_offset_sf:
			r.cfaOff = b.SLEB128() * c.dataAlign
		case dc.DW_CFA_def_cfa_expression:
			r.cfaExpr = b.BytesU(b.ULEB128())
		case dc.DW_CFA_expression:
			reg := b.ULEB128()
			setReg(reg, rule{kind: ruleExpression, expr: b.BytesU(b.ULEB128())})
		case dc.DW_CFA_val_expression:
			reg := b.ULEB128()
			setReg(reg, rule{kind: ruleValExpr, expr: b.BytesU(b.ULEB128())})
		case dc.DW_CFA_val_offset:
			reg := b.ULEB128()
			setReg(reg, rule{kind: ruleValOffset, n: int64(b.ULEB128()) * c.dataAlign})
		case dc.DW_CFA_val_offset_sf:
			reg := b.ULEB128()
			setReg(reg, rule{kind: ruleValOffset, n: b.SLEB128() * c.dataAlign})
		case dc.DW_CFA_GNU_args_size:
			b.ULEB128()
		default:
			return fmt.Errorf("unknown call frame instruction %#x", op)
		}
	}
	if err := b.Err(); err != nil {
		return fmt.Errorf("call frame instructions: %w", err)
	}
	return nil
}
