package unwind

// FrameRegs is one frame of an unwound stack: its pc and the registers
// DWARF CFI recovers there, in DWARF numbering (x86-64 psABI: 0 rax, 1 rdx,
// 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15, 16 the pc).
// CFA is the frame's canonical frame address (its caller's rsp), zero when
// no CFI rule gave it.
type FrameRegs struct {
	PC    uint64
	CFA   uint64
	Regs  [17]uint64
	Known [17]bool
}

// UnwindRegs is Unwind, but appends every frame's recovered registers to
// frames, innermost first: callee-saved registers restored from the stack
// copy per the CFI rules, caller-saved ones (rax, rdx, rcx, rsi, rdi,
// r8-r11) unknown above the innermost frame unless the CFI restores them
// (a signal frame). PC of an outer frame is its return address.
func (d *DWARF) UnwindRegs(regs []uint64, stack []byte, obj ObjectAt, frames []FrameRegs) ([]FrameRegs, bool) {
	complete := d.walk(regs, stack, obj, func(fr *FrameRegs) {
		frames = append(frames, *fr)
	})
	return frames, complete
}
