package sample

import (
	"context"
	"syscall"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/ptrace"
	"sonde/internal/linux/unix"
	"sonde/proc"
)

// The ptrace sampler: the fallback when perf_event_open is refused
// (perf_event_paranoid, seccomp, containers). Every period it interrupts
// each running thread of the traced tree (PTRACE_SEIZE, then
// PTRACE_INTERRUPT), copies its registers and the top of its stack,
// continues it at once, and unwinds the copy with the CFI unwinder, as a
// perf dwarf sample would be. As perf's cpu-clock event does, a thread
// yields a sample each time it has run one more period of CPU time: every
// period sonde stops the threads that are running (state R in
// /proc/TID/stat), reads at the stop the CPU time each has run
// (/proc/TID/schedstat, exact once the thread is off the CPU: while it
// runs the kernel updates it only at a tick, every 4 ms at HZ=250), and
// keeps a sample when that time has passed the next period boundary. A
// sample that stands for k periods (sonde fell behind) weighs k periods,
// and the rest carries to the thread's next sample, so the number of
// samples is the thread's CPU time over the period whatever the machine's
// load, and idle time and time spent waiting for a CPU are not counted.
// Sleeping threads are never stopped: the stop would wake them, and
// samples of threads that ran only to enter sonde's stop would outnumber
// the real ones.
// New threads and processes are traced automatically (PTRACE_O_TRACECLONE,
// TRACEFORK, TRACEVFORK); exec reloads the mappings. Signals that are not
// sonde's go back to the tracee unchanged.
//
// All ptrace requests come from the one OS thread of the collection's
// ptrace.Tracer.

// thread is the sampler's state of one traced thread.
type thread struct {
	base  uint64    // its CPU time (schedstat) already sampled or not sonde's to sample
	value uint64    // CPU time the pending sample stands for
	asked time.Time // when it was interrupted for the pending sample
	wall  time.Time // Options.Wall: when it was last sampled
}

// tracee is one traced thread.
type tracee = ptrace.Tracee[thread]

// Ptrace returns the collector that samples with ptrace (see above).
// Opts.CallGraph other than none is done with the unwinder (frame
// pointers where an object has no CFI).
func (s *Sampler) Ptrace() Collector { return ptraceCollector{s} }

type ptraceCollector struct{ s *Sampler }

// ptraceRun is the state of one ptrace collection.
type ptraceRun struct {
	s        *Sampler
	t        *ptrace.Tracer[thread]
	root     int // the command's pid, 0 for -p
	rootWS   syscall.WaitStatus
	rootDone bool
	regs     []uint64
	stack    []byte
	rec      perfevent.Record
}

// Run samples the target until the command exits, or, for running
// processes, until they have exited or ctx is done; it then detaches from
// every thread left, leaving it running. The command's CPU time is that
// of sonde's children (wait4's rusage), since sonde reaps it.
func (c ptraceCollector) Run(ctx context.Context, target Target) (Result, error) {
	var res Result
	u0, s0, _ := unix.Getrusage(true)
	c.s.noMmapRecords = true // the maps are read from /proc (lookup)
	err := ptrace.Run(ptrace.Follow, func(t *ptrace.Tracer[thread]) error {
		r := &ptraceRun{s: c.s, t: t}
		var err error
		res.Status, err = r.run(ctx, target)
		return err
	})
	if target.Cmd != nil && target.Cmd.Process != nil {
		if u1, s1, err := unix.Getrusage(true); err == nil {
			res.User, res.Sys, res.HaveCPU = time.Duration(u1-u0), time.Duration(s1-s0), true
		}
		target.Cmd.Process.Release()
	}
	return res, err
}

// run is Run on the tracer's thread.
func (r *ptraceRun) run(ctx context.Context, target Target) (syscall.WaitStatus, error) {
	s, t := r.s, r.t
	if target.Cmd != nil {
		started := false
		tr, err := t.Launch(target.Cmd, func(tr *tracee) error {
			started = true
			return s.addProcess(tr.PID)
		})
		if err != nil {
			return 0, &StartError{Err: err, Command: !started}
		}
		r.root = tr.PID
	}
	for _, pid := range target.PIDs {
		if err := s.addProcess(pid); err != nil {
			r.detachAll()
			return 0, &StartError{Err: err}
		}
		trs, err := t.Seize(pid)
		for _, tr := range trs {
			// The time it ran before sonde came is not sampled.
			tr.Data.base, _ = proc.RunTime(tr.TID)
		}
		if err != nil {
			r.detachAll()
			return 0, &StartError{Err: err}
		}
	}
	if target.Started != nil {
		target.Started()
	}
	done := ctx.Done()
	if r.root != 0 {
		done = nil // a command is sampled until it exits
	}
	period := time.Duration(s.opts.period())
	next := time.Now()
	for {
		// Events that arrived meanwhile: forks, execs, signals, exits.
		r.poll()
		if r.root != 0 && r.rootDone || t.Len() == 0 {
			r.detachAll() // background children the command left behind
			return r.rootWS, s.finish()
		}
		select {
		case <-done:
			r.detachAll()
			return r.rootWS, s.finish()
		default:
		}
		next = next.Add(period)
		if d := time.Until(next); d > 0 {
			unix.Nanosleep(d)
		} else {
			next = time.Now() // fell behind: do not burst
		}
		r.sampleAll()
	}
}

// sampleAll interrupts every running thread and samples each at its stop.
func (r *ptraceRun) sampleAll() {
	npending := 0
	for tr := range r.t.All() {
		if !tr.Interruptible() {
			continue
		}
		// Stop only the threads that run now (see the top of this file).
		st, err := proc.ReadStat(tr.TID)
		if err != nil {
			continue
		}
		if st.State != "R" {
			if r.s.opts.Wall && (st.State == "S" || st.State == "D") {
				r.sampleBlocked(tr)
			}
			continue
		}
		if r.t.Interrupt(tr) == nil {
			tr.Data.asked = time.Now()
			npending++
		}
	}
	// Collect the stops without ever blocking on one thread: a thread in
	// vfork waits for its child, which may be waiting for sonde to
	// continue it. A stop not seen by the deadline is taken by a later
	// poll (its sample is late, not lost).
	deadline := time.Now().Add(time.Duration(r.s.opts.period()) / 2)
	for npending > 0 && time.Now().Before(deadline) {
		r.poll()
		npending = 0
		for tr := range r.t.All() {
			if tr.Asked() {
				npending++
			}
		}
		if npending > 0 {
			unix.Nanosleep(20 * time.Microsecond)
		}
	}
}

// poll handles the events every traced thread has ready, without
// blocking, until none has any.
func (r *ptraceRun) poll() {
	for {
		ev, ok := r.t.Poll()
		if !ok {
			return
		}
		r.event(ev)
	}
}

// event handles one event of a traced thread; the tracer has dealt with
// attach stops, its own SIGSTOP and group-stops.
func (r *ptraceRun) event(ev ptrace.Event[thread]) {
	s, t, tr := r.s, r.t, ev.Tracee
	switch ev.Kind {
	case ptrace.Exited:
		if tr.TID == tr.PID {
			s.w.WriteProcessEnd(int32(tr.TID), How(ev.Status))
		}
		if tr.TID == r.root {
			r.rootWS, r.rootDone = ev.Status, true
		}
	case ptrace.Forked, ptrace.Vforked, ptrace.Cloned:
		if c := ev.Child; c.PID == c.TID {
			r.forked(tr.PID, c.PID)
		}
		t.Cont(tr, 0)
	case ptrace.Execed:
		// The exec'ing thread is now the process's only one, its pid.
		if p, ok := s.procs[int32(tr.PID)]; ok {
			if st, err := proc.ReadStat(tr.PID); err == nil {
				p.comm = st.Comm
			}
			p.exe = proc.Exe(tr.PID)
			if maps, err := proc.Maps(tr.PID); err == nil {
				s.loadMaps(p, maps)
			}
			s.w.WriteProcess(p.record())
		}
		t.Cont(tr, 0)
	case ptrace.Interrupted:
		seen := time.Now()
		r.sample(tr)
		t.Cont(tr, 0)
		// How long the thread was held: at least from when sonde saw the
		// stop to the continue (sampling), at most from the interrupt
		// (polling included).
		s.mu.Lock()
		s.stats.Stops++
		s.stats.StopTime += time.Since(tr.Data.asked)
		s.stats.StopWork += time.Since(seen)
		s.mu.Unlock()
	case ptrace.Signaled:
		t.Cont(tr, int(ev.Sig)) // not sonde's: back to the tracee unchanged
	}
}

// forked records a new process child of parent, with the parent's
// mappings (they are the same until it execs).
func (r *ptraceRun) forked(parent, child int) {
	s := r.s
	if _, ok := s.procs[int32(child)]; ok {
		return
	}
	p := &process{pid: int32(child), ppid: int32(parent)}
	if pp, ok := s.procs[int32(parent)]; ok {
		p.comm, p.exe = pp.comm, pp.exe
		p.maps = append([]placement(nil), pp.maps...)
	}
	s.procs[p.pid] = p
	s.countProcess()
	s.w.WriteProcess(p.record())
}

// sample takes one sample of stopped thread tid: registers, a copy of the
// stack, and the walk of the copy; the thread is continued by the caller.
func (r *ptraceRun) sample(tr *tracee) {
	s, tid, th := r.s, tr.TID, &tr.Data
	// The CPU time it ran, exact now that it is off the CPU: a sample
	// once it passes the next period boundary (see the top of this
	// file). A thread born under sonde counts from 0.
	period := s.opts.period()
	var err error
	if s.opts.Wall {
		th.value = r.wallWeight(th)
	} else {
		ran, err := proc.RunTime(tid)
		if err != nil || ran < th.base+period {
			return
		}
		k := (ran - th.base) / period
		th.value = k * period
		th.base += th.value
	}
	r.regs, err = unix.PtraceUserRegs(tid, r.regs[:0])
	if err != nil {
		return
	}
	now := time.Now()
	stack := r.readStack(tid, r.regs[7])
	ip := r.regs[8]
	r.rec = perfevent.Record{
		Type: perfevent.RecordSample, PID: uint32(tr.PID), TID: uint32(tid),
		Time: uint64(now.UnixNano() - s.clockOffset), IP: ip, Period: th.value,
		Regs: r.regs, Stack: stack,
	}
	s.stopped = true
	s.handleSample(&r.rec)
	s.stopped = false
}

// readStack copies the stack of stopped thread tid from sp up into
// r.stack (StackUser bytes, 16 KiB when unset) and returns the part read.
func (r *ptraceRun) readStack(tid int, sp uint64) []byte {
	size := int(r.s.cfg.StackUser)
	if size == 0 {
		size = 16 << 10
	}
	if cap(r.stack) < size {
		r.stack = make([]byte, size)
	}
	r.stack = r.stack[:size]
	n, _ := unix.ReadProcessMemory(tid, r.stack, sp)
	if n < 0 {
		n = 0
	}
	return r.stack[:n]
}

// detachAll stops every thread and detaches from it, leaving it running
// (see Tracer.DetachAll: threads that do not stop within a second are
// detached by the kernel when the tracing thread ends).
func (r *ptraceRun) detachAll() {
	for _, ev := range r.t.DetachAll(time.Second, nil) {
		if ev.Tracee.TID == r.root {
			r.rootWS, r.rootDone = ev.Status, true
		}
	}
}
