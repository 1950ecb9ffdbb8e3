package unwind

import (
	"encoding/binary"
	"errors"

	"sonde/dwarfexpr"
)

// cfiFrame is what a CFI expression reads: the registers of the frame
// being unwound (known says which are) and the stack copy. A walk keeps
// one in the object it allocates anyway (walkState), so that passing it
// to dwarfexpr as an interface costs no allocation. It has no CFA: DWARF forbids
// DW_OP_call_frame_cfa in CFI [DWARF5 6.4.2].
type cfiFrame struct {
	regs  *[numRegs]uint64
	known *[numRegs]bool
	mem   stackCopy
}

var errOutsideStack = errors.New("memory outside the stack copy")

// Reg implements dwarfexpr.Frame.
func (f *cfiFrame) Reg(n int) (uint64, bool) {
	if n < 0 || n >= numRegs || !f.known[n] {
		return 0, false
	}
	return f.regs[n], true
}

// CFA implements dwarfexpr.Frame.
func (f *cfiFrame) CFA() (uint64, bool) { return 0, false }

// ReadMemory implements dwarfexpr.Frame for reads of up to 8 bytes (the
// DW_OP_deref family).
func (f *cfiFrame) ReadMemory(addr uint64, buf []byte) error {
	v, ok := f.mem.word(addr)
	if !ok || len(buf) > 8 {
		return errOutsideStack
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	copy(buf, b[:])
	return nil
}

// evalCFI evaluates a CFI expression with the CFA pushed first when push
// is set (DW_CFA_expression, DW_CFA_val_expression) and returns its value.
func evalCFI(expr []byte, cfa uint64, push bool, f *cfiFrame) (uint64, error) {
	if push {
		return dwarfexpr.Value(expr, f, cfa)
	}
	return dwarfexpr.Value(expr, f)
}
