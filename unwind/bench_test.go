package unwind

import (
	"os"
	"testing"
)

// BenchmarkRowAt measures the unwinder's per-frame work on the CFI: the
// row at the last address of every FDE of libpython (the whole CFA
// program runs), as Unwind does once a frame. The figure is per FDE.
func BenchmarkRowAt(b *testing.B) {
	if _, err := os.Stat(libpython); err != nil {
		b.Skip(err)
	}
	t, err := OpenTable(libpython)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	n := 0
	for b.Loop() {
		f := &t.fdes[n%len(t.fdes)]
		if _, err := f.rowAt(f.hi - 1); err != nil {
			b.Fatal(err)
		}
		n++
	}
}

// BenchmarkEvalPLT measures the CFA expression of a PLT entry (gcc's and
// binutils' x86-64 .plt CFI), which every call through the PLT evaluates.
func BenchmarkEvalPLT(b *testing.B) {
	// DW_OP_breg7 8; DW_OP_breg16 0; DW_OP_lit15; DW_OP_and; DW_OP_lit11;
	// DW_OP_ge; DW_OP_lit3; DW_OP_shl; DW_OP_plus (readelf -wf of any
	// binutils-linked executable).
	expr := []byte{0x77, 8, 0x80, 0, 0x3f, 0x1a, 0x3b, 0x2a, 0x33, 0x24, 0x22}
	var regs [numRegs]uint64
	var known [numRegs]bool
	regs[7], regs[16] = 0x7ffc0000, 0x401026
	known[7], known[16] = true, true
	cf := &cfiFrame{regs: &regs, known: &known}
	for b.Loop() {
		v, err := evalCFI(expr, 0, false, cf)
		if err != nil || v != 0x7ffc0000+8 {
			b.Fatal(v, err)
		}
	}
}
