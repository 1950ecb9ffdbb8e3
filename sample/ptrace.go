package sample

import (
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"syscall"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/ptrace"
	"sonde/internal/linux/unix"
	"sonde/proc"
	"sonde/profile"
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
// All ptrace requests come from the one OS thread that runs RunPtrace.

// ptraceOptions are the options every seized thread gets.
const ptraceOptions = unix.PTRACE_O_TRACEFORK | unix.PTRACE_O_TRACEVFORK | unix.PTRACE_O_TRACECLONE | unix.PTRACE_O_TRACEEXEC

// tracee is one traced thread.
type tracee struct {
	pid       int       // its process
	pending   bool      // interrupted by us, its stop not yet seen
	seen      bool      // has reported a stop (the first is its attach stop)
	group     bool      // in a group-stop (SIGSTOP, Ctrl-Z): left stopped
	ownSIGSTP bool      // the SIGSTOP that held it at exec is sonde's: swallow it
	base      uint64    // its CPU time (schedstat) already sampled or not sonde's to sample
	value     uint64    // CPU time the pending sample stands for
	asked     time.Time // when it was interrupted for the pending sample
}

// PtraceTarget says what RunPtrace samples: a command to start, or
// running processes.
type PtraceTarget struct {
	Cmd  *exec.Cmd
	PIDs []int
}

// ptraceRun is the state of one RunPtrace.
type ptraceRun struct {
	s        *Sampler
	threads  map[int]*tracee
	root     int // the command's pid, 0 for -p
	rootWS   syscall.WaitStatus
	rootDone bool
	reread   map[int]time.Time // when each process's maps were last reread
	regs     []uint64
	stack    []byte
	rec      perfevent.Record
}

// RunPtrace samples target with ptrace until stop is closed (it then
// detaches from every thread, leaving them running) or until the command
// exits. For a command it returns the command's wait status. Opts.CallGraph
// other than none is done with the unwinder (frame pointers where an
// object has no CFI).
func (s *Sampler) RunPtrace(target PtraceTarget, stop <-chan struct{}) (syscall.WaitStatus, error) {
	// The thread stays locked when this goroutine ends, so Go ends the
	// thread with it, and the kernel detaches (and resumes) any tracee
	// that detachAll could not stop in time: no thread of the target is
	// ever left stopped for a tracer that has gone away.
	runtime.LockOSThread()
	defer close(s.done)
	r := &ptraceRun{s: s, threads: make(map[int]*tracee), reread: make(map[int]time.Time)}
	if target.Cmd != nil {
		pid, err := ptrace.StartDetachedStopped(target.Cmd)
		if err != nil {
			return 0, err
		}
		r.root = pid
		if err := unix.PtraceSeize(pid, ptraceOptions); err != nil {
			unix.Kill(pid, syscall.SIGKILL)
			unix.Wait4(pid, false)
			return 0, fmt.Errorf("ptrace seize %d: %w", pid, err)
		}
		r.threads[pid] = &tracee{pid: pid, ownSIGSTP: true}
		if err := s.addProcess(pid); err != nil {
			return 0, err
		}
		unix.Kill(pid, unix.SIGCONT) // in case the SIGSTOP already stopped it
	}
	for _, pid := range target.PIDs {
		if err := s.addProcess(pid); err != nil {
			r.detachAll()
			return 0, err
		}
		tids, err := proc.Threads(pid)
		if err != nil {
			r.detachAll()
			return 0, err
		}
		for _, tid := range tids {
			if err := unix.PtraceSeize(tid, ptraceOptions); err != nil {
				if errors.Is(err, unix.ESRCH) {
					continue
				}
				r.detachAll()
				return 0, fmt.Errorf("ptrace seize thread %d of process %d: %w", tid, pid, err)
			}
			// The time it ran before sonde came is not sampled.
			base, _ := proc.RunTime(tid)
			r.threads[tid] = &tracee{pid: pid, seen: true, base: base}
		}
	}
	period := time.Duration(s.opts.period())
	next := time.Now()
	for {
		// Events that arrived meanwhile: forks, execs, signals, exits.
		// Each traced thread is waited for by its id: wait4(-1) would
		// also reap children of sonde's that are not traced.
		r.poll()
		if r.root != 0 && r.rootDone || len(r.threads) == 0 {
			r.detachAll() // background children the command left behind
			return r.rootWS, s.finishPtrace()
		}
		select {
		case <-stop:
			r.detachAll()
			return r.rootWS, s.finishPtrace()
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

// finishPtrace writes what is buffered, as Run does on Stop.
func (s *Sampler) finishPtrace() error {
	if err := s.flushHistogram(); err != nil {
		return err
	}
	return s.flushRing()
}

// sampleAll interrupts every running thread and samples each at its stop.
func (r *ptraceRun) sampleAll() {
	npending := 0
	for tid, th := range r.threads {
		if th.group || th.pending || !th.seen {
			continue
		}
		// Stop only the threads that run now (see the top of this file).
		if st, err := proc.ReadStat(tid); err != nil || st.State != "R" {
			continue
		}
		if unix.PtraceInterrupt(tid) == nil {
			th.asked = time.Now()
			th.pending = true
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
		for _, th := range r.threads {
			if th.pending {
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
	for again := true; again; {
		again = false
		for tid := range r.threads {
			wpid, ws, err := unix.Wait4(tid, true)
			if err != nil {
				if errors.Is(err, syscall.ECHILD) {
					delete(r.threads, tid) // gone without a word (reaped elsewhere)
				}
				continue
			}
			if wpid == tid {
				r.event(tid, ws)
				again = true
			}
		}
	}
}

// event handles one wait status of tracee tid.
func (r *ptraceRun) event(tid int, ws syscall.WaitStatus) {
	s := r.s
	th, ok := r.threads[tid]
	if !ok {
		// A new thread or child whose attach stop came before its
		// parent's event.
		th = &tracee{pid: tgid(tid)}
		r.threads[tid] = th
	}
	switch {
	case ws.Exited() || ws.Signaled():
		delete(r.threads, tid)
		if tid == th.pid {
			how := fmt.Sprintf("exit %d", ws.ExitStatus())
			if ws.Signaled() {
				how = "killed by signal " + ws.Signal().String()
			}
			s.w.WriteProcessEnd(int32(tid), how)
		}
		if tid == r.root {
			r.rootWS, r.rootDone = ws, true
		}
		return
	case !ws.Stopped():
		return
	}
	sig := ws.StopSignal()
	ev := int(ws) >> 16
	switch ev {
	case unix.PTRACE_EVENT_FORK, unix.PTRACE_EVENT_VFORK, unix.PTRACE_EVENT_CLONE:
		if msg, err := unix.PtraceGetEventMsg(tid); err == nil {
			child := int(msg)
			if _, ok := r.threads[child]; !ok {
				r.threads[child] = &tracee{pid: child}
			}
			c := r.threads[child]
			if ev == unix.PTRACE_EVENT_CLONE {
				if g := tgid(child); g != child {
					c.pid = g // a thread
				}
			}
			if c.pid == child {
				r.forked(th.pid, child)
			}
		}
		r.cont(tid, th, 0)
	case unix.PTRACE_EVENT_EXEC:
		// The exec'ing thread is now the process's only one, its pid.
		if old, err := unix.PtraceGetEventMsg(tid); err == nil && int(old) != tid {
			delete(r.threads, int(old))
		}
		for t, o := range r.threads {
			if o.pid == th.pid && t != tid {
				delete(r.threads, t)
			}
		}
		if p, ok := s.procs[int32(th.pid)]; ok {
			if st, err := proc.ReadStat(th.pid); err == nil {
				p.comm = st.Comm
			}
			p.exe = proc.Exe(th.pid)
			if maps, err := proc.Maps(th.pid); err == nil {
				s.loadMaps(p, maps)
			}
			s.w.WriteProcess(profile.Process{PID: p.pid, PPID: p.ppid, Comm: p.comm, Exe: p.exe})
		}
		r.cont(tid, th, 0)
	case unix.PTRACE_EVENT_STOP:
		switch {
		case !th.seen:
			th.seen = true // the attach stop of a new tracee
			r.cont(tid, th, 0)
		case sig == unix.SIGSTOP || sig == unix.SIGTSTP || sig == unix.SIGTTIN || sig == unix.SIGTTOU:
			if th.ownSIGSTP && sig == unix.SIGSTOP {
				th.ownSIGSTP = false
				r.cont(tid, th, 0)
				return
			}
			th.group = true
			th.pending = false
			unix.PtraceListen(tid)
		default:
			sampled, seen := th.pending, time.Now()
			if sampled {
				r.sample(tid, th)
			}
			th.group = false
			r.cont(tid, th, 0)
			if sampled {
				// How long the thread was held: at least from when
				// sonde saw the stop to the continue (sampling),
				// at most from the interrupt (polling included).
				s.mu.Lock()
				s.stats.Stops++
				s.stats.StopTime += time.Since(th.asked)
				s.stats.StopWork += time.Since(seen)
				s.mu.Unlock()
			}
		}
	default:
		th.seen = true
		if sig == unix.SIGSTOP && th.ownSIGSTP {
			th.ownSIGSTP = false
			r.cont(tid, th, 0) // sonde's own SIGSTOP: swallow it
			return
		}
		r.cont(tid, th, int(sig)) // not sonde's: back to the tracee unchanged
	}
}

func (r *ptraceRun) cont(tid int, th *tracee, sig int) {
	th.pending = false
	unix.PtraceCont(tid, sig)
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
	s.w.WriteProcess(profile.Process{PID: p.pid, PPID: p.ppid, Comm: p.comm, Exe: p.exe})
}

// sample takes one sample of stopped thread tid: registers, a copy of the
// stack, and the walk of the copy; the thread is continued by the caller.
func (r *ptraceRun) sample(tid int, th *tracee) {
	s := r.s
	// The CPU time it ran, exact now that it is off the CPU: a sample
	// once it passes the next period boundary (see the top of this
	// file). A thread born under sonde counts from 0.
	period := s.opts.period()
	ran, err := proc.RunTime(tid)
	if err != nil || ran < th.base+period {
		return
	}
	k := (ran - th.base) / period
	th.value = k * period
	th.base += th.value
	r.regs, err = unix.PtraceUserRegs(tid, r.regs[:0])
	if err != nil {
		return
	}
	now := time.Now()
	size := int(s.cfg.StackUser)
	if size == 0 {
		size = 16 << 10
	}
	if cap(r.stack) < size {
		r.stack = make([]byte, size)
	}
	r.stack = r.stack[:size]
	sp := r.regs[7]
	n, _ := unix.ReadProcessMemory(tid, r.stack, sp)
	if n < 0 {
		n = 0
	}
	p := s.proc(int32(th.pid))
	ip := r.regs[8]
	if p.find(ip) == nil && time.Since(r.reread[th.pid]) > 100*time.Millisecond {
		// Code mapped since the last look (dlopen): there are no MMAP
		// records under ptrace.
		r.reread[th.pid] = time.Now()
		if maps, err := proc.Maps(th.pid); err == nil {
			s.loadMaps(p, maps)
		}
	}
	r.rec = perfevent.Record{
		Type: perfevent.RecordSample, PID: uint32(th.pid), TID: uint32(tid),
		Time: uint64(now.UnixNano() - s.clockOffset), IP: ip, Period: th.value,
		Regs: r.regs, Stack: r.stack[:n],
	}
	s.stopped = true
	s.handleSample(&r.rec)
	s.stopped = false
}

// detachAll stops every thread and detaches from it, leaving it running.
// It never blocks on one thread (see sampleAll); threads that do not stop
// within a second are detached by the kernel when the tracing thread ends.
func (r *ptraceRun) detachAll() {
	for tid, th := range r.threads {
		if th.group {
			unix.PtraceDetachSignal(tid, 0)
			delete(r.threads, tid)
			continue
		}
		unix.PtraceInterrupt(tid)
	}
	deadline := time.Now().Add(time.Second)
	for len(r.threads) > 0 && time.Now().Before(deadline) {
		progress := false
		for tid, th := range r.threads {
			wpid, ws, err := unix.Wait4(tid, true)
			if err != nil {
				delete(r.threads, tid)
				continue
			}
			if wpid != tid {
				continue
			}
			progress = true
			switch {
			case ws.Exited() || ws.Signaled():
				if tid == r.root {
					r.rootWS, r.rootDone = ws, true
				}
				delete(r.threads, tid)
			case ws.Stopped():
				sig := 0
				switch ev := int(ws) >> 16; ev {
				case unix.PTRACE_EVENT_FORK, unix.PTRACE_EVENT_VFORK, unix.PTRACE_EVENT_CLONE:
					// The new task is traced too: detach it at its
					// attach stop.
					if msg, err := unix.PtraceGetEventMsg(tid); err == nil {
						if _, ok := r.threads[int(msg)]; !ok {
							r.threads[int(msg)] = &tracee{pid: int(msg)}
						}
					}
				case 0:
					if !(ws.StopSignal() == unix.SIGSTOP && th.ownSIGSTP) {
						sig = int(ws.StopSignal()) // not ours: deliver it
					}
				}
				unix.PtraceDetachSignal(tid, sig)
				delete(r.threads, tid)
			}
		}
		if !progress {
			unix.Nanosleep(100 * time.Microsecond)
		}
	}
}

// tgid returns the process of thread tid (Tgid in /proc/TID/status).
func tgid(tid int) int {
	if g, err := proc.Tgid(tid); err == nil {
		return g
	}
	return tid
}
