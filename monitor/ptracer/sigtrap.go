package ptracer

import (
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"

	"sonde/internal/linux/unix"
)

// A breakpoint's trap is a forced SIGTRAP: when the thread has SIGTRAP
// blocked (it runs inside the program's own SIGTRAP handler) or the
// program ignores SIGTRAP, the kernel resets the program's SIGTRAP action
// to SIG_DFL, and unblocks it, before the tracer sees the stop
// (force_sig_info_to_task, kernel/signal.c). The program's next SIGTRAP
// would then kill it. So sonde saves the program's SIGTRAP action each
// time a SIGTRAP of the program's own passes through it (rt_sigaction run
// in the stopped thread), and when one of its own traps has reset it,
// puts it back, with SIGTRAP blocked again in that thread if it was
// caught. Programs that never take a SIGTRAP of their own cost nothing.

// kernelSigaction is struct kernel_sigaction on amd64: handler, flags,
// restorer, mask.
type kernelSigaction [32]byte

const (
	sigtrapBit = uint64(1) << (5 - 1) // SIGTRAP's bit in a signal mask
	// scratchBelow is how far below a thread's stack pointer sonde puts
	// the arguments of the calls it runs there: past the red zone.
	scratchBelow = 128 + 512
	sigIgn       = 1 // SIG_IGN
)

// sigMasks returns the blocked, ignored and caught signal masks of thread
// tid of process pid (SigBlk, SigIgn, SigCgt of its status).
func sigMasks(pid, tid int) (blk, ign, cgt uint64, err error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/status", pid, tid))
	if err != nil {
		return 0, 0, 0, err
	}
	for _, l := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		var dst *uint64
		switch k {
		case "SigBlk":
			dst = &blk
		case "SigIgn":
			dst = &ign
		case "SigCgt":
			dst = &cgt
		default:
			continue
		}
		if *dst, err = strconv.ParseUint(strings.TrimSpace(v), 16, 64); err != nil {
			return 0, 0, 0, fmt.Errorf("status of thread %d: %w", tid, err)
		}
	}
	return blk, ign, cgt, nil
}

// saveTrapAction is called with thread tid stopped by a SIGTRAP of the
// program's own that sonde is about to deliver: it keeps the program's
// SIGTRAP action, if it catches or ignores SIGTRAP, for repairTrapAction.
// The signal is delivered afterwards with its own siginfo.
func (r *ptraceRun) saveTrapAction(tr *tracee) {
	tid, th := tr.TID, &tr.Data
	if th.sp == nil {
		return
	}
	_, ign, cgt, err := sigMasks(tr.PID, tid)
	if err != nil || (ign|cgt)&sigtrapBit == 0 {
		delete(r.trapActs, tr.PID)
		return
	}
	info, err := unix.PtraceGetSiginfo(tid)
	if err != nil {
		return
	}
	var regs unix.PtraceRegs
	if unix.PtraceGetRegs(tid, &regs) != nil {
		return
	}
	at := regs.Rsp - scratchBelow
	// The call runs at the thread's pc: no other thread may run there.
	r.stopOthers(tr, th.sp)
	defer r.resumeOthers(th.sp)
	_, err = remoteSyscall(r.t, tid, tr.PID, th.sp.mem, unix.SYS_RT_SIGACTION, uint64(unix.SIGTRAP), 0, at, 8)
	// The call's single step replaced the stop's siginfo.
	unix.PtraceSetSiginfo(tid, info)
	if err != nil {
		return
	}
	act := new(kernelSigaction)
	if _, err := th.sp.mem.ReadMemory(act[:], at); err != nil {
		return
	}
	if r.trapActs == nil {
		r.trapActs = map[int]*kernelSigaction{}
	}
	r.trapActs[tr.PID] = act
}

// repairTrapAction is called at one of sonde's own traps in thread tid,
// stopped: if the trap reset the program's SIGTRAP action (see above), it
// puts it back and blocks SIGTRAP again in tid when the program catches
// it (the reset unblocked it inside the program's handler). The
// rt_sigaction runs with SIGTRAP unblocked, so that its step's trap resets
// nothing.
func (r *ptraceRun) repairTrapAction(tr *tracee) {
	tid, th := tr.TID, &tr.Data
	act := r.trapActs[tr.PID]
	if act == nil {
		return
	}
	_, ign, cgt, err := sigMasks(tr.PID, tid)
	if err != nil || (ign|cgt)&sigtrapBit != 0 {
		return // intact
	}
	var regs unix.PtraceRegs
	if unix.PtraceGetRegs(tid, &regs) != nil {
		return
	}
	at := regs.Rsp - scratchBelow
	if _, err := th.sp.mem.WriteMemory(act[:], at); err != nil {
		return
	}
	r.stopOthers(tr, th.sp)
	defer r.resumeOthers(th.sp)
	if _, err := remoteSyscall(r.t, tid, tr.PID, th.sp.mem, unix.SYS_RT_SIGACTION, uint64(unix.SIGTRAP), at, 0, 8); err != nil {
		return
	}
	if binary.LittleEndian.Uint64(act[:]) != sigIgn {
		if m, err := unix.PtraceGetSigmask(tid); err == nil {
			unix.PtraceSetSigmask(tid, m|sigtrapBit)
		}
	}
}

// unblockTrap clears SIGTRAP from the blocked mask of thread tr, stopped,
// in a process that takes SIGTRAPs of its own, for a single step of
// sonde's: a step's trap with SIGTRAP blocked would reset the program's
// action. It returns the function that blocks it again.
func (r *ptraceRun) unblockTrap(tr *tracee) func() {
	tid := tr.TID
	if r.trapActs[tr.PID] == nil {
		return func() {}
	}
	m, err := unix.PtraceGetSigmask(tid)
	if err != nil || m&sigtrapBit == 0 {
		return func() {}
	}
	if unix.PtraceSetSigmask(tid, m&^sigtrapBit) != nil {
		return func() {}
	}
	return func() {
		if cur, err := unix.PtraceGetSigmask(tid); err == nil {
			unix.PtraceSetSigmask(tid, cur|sigtrapBit)
		}
	}
}
