package sample

import (
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/proc"
	"sonde/profile"
)

// The ptrace sampler's wall-clock mode (Options.Wall, record --clock
// wall): every period each thread yields a sample weighted by the wall
// time since its last one. A running thread is stopped and sampled as in
// CPU mode. A blocked one (state S or D) is not stopped: a stop would
// interrupt its system call, and some calls (epoll_wait) then return
// EINTR to the program. The kernel shows the call it is blocked in and
// its user stack pointer and program counter in /proc/TID/syscall, and
// the stack does not move while it is blocked: sonde copies it and
// unwinds from those two registers. The other registers are unknown, so
// a walk that needs one before a frame restores it (a frame-pointer
// function whose CFA is rbp-based, directly above the system call
// wrapper) ends there.

// wallWeight returns the wall time thread th stands for now: since its
// last sample, one period for its first.
func (r *ptraceRun) wallWeight(th *thread) uint64 {
	now := time.Now()
	w := r.s.opts.period()
	if !th.wall.IsZero() {
		w = uint64(now.Sub(th.wall))
	}
	th.wall = now
	return w
}

// sampleBlocked samples blocked thread tr without stopping it.
func (r *ptraceRun) sampleBlocked(tr *tracee) {
	s, tid := r.s, tr.TID
	sc, err := proc.ReadSyscall(tid)
	if err != nil {
		return // running again, or gone
	}
	stack := r.readStack(tid, sc.SP)
	if again, err := proc.ReadSyscall(tid); err != nil || again != sc {
		return // it woke while the stack was read: the copy may be torn
	}
	// The unwinder's registers (unix.PtraceUserRegs' order): only SP
	// and IP are known.
	r.regs = append(r.regs[:0], make([]uint64, 17)...)
	r.regs[7], r.regs[8] = sc.SP, sc.PC
	reason := profile.WaitBlocked
	if sc.Nr >= 0 {
		reason = profile.Addr(sc.Nr)
	}
	now := time.Now()
	r.rec = perfevent.Record{
		Type: perfevent.RecordSample, PID: uint32(tr.PID), TID: uint32(tid),
		Time: uint64(now.UnixNano() - s.clockOffset), IP: sc.PC, Period: r.wallWeight(&tr.Data),
		Regs: r.regs, Stack: stack,
	}
	s.waitSet, s.waitReason = true, reason
	s.handleSample(&r.rec)
	s.waitSet = false
}
