package ptracer

import (
	"sonde/internal/linux/unix"
)

// The amd64 pieces of the breakpoint engine: the trap instruction and where
// the program counter is after it.

// breakpointInsn is int3, one byte, so that a breakpoint never covers a
// second instruction (Bishop's VAX needed a whole word, and "lest two lines
// occupy less than one machine word" had to check the next unit too).
var breakpointInsn = []byte{0xcc}

// pcAfterTrap is how far the program counter has moved past the breakpoint
// when the trap is reported: int3 reports the address after itself.
const pcAfterTrap = 1

func pc(r *unix.PtraceRegs) uint64 { return r.Rip }

func setPC(r *unix.PtraceRegs, v uint64) { r.Rip = v }
