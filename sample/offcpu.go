package sample

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/tracefs"
	"sonde/internal/linux/unix"
	"sonde/proc"
	"sonde/profile"
	"sonde/profile/datafile"
)

// Off-CPU time (record --off-cpu) comes from two sources. The CPU clock
// event of every thread also asks for PERF_RECORD_SWITCH records: the
// switch-out says when the thread left the CPU (and whether it was
// preempted), the switch-in when it came back, so every episode off the
// CPU is timed exactly. A second event on every thread, the
// sched:sched_switch trace event, is sampled in the thread's own context
// each time it leaves the CPU, with the user registers and a copy of the
// user stack (unwound like every CPU sample) and the kernel call chain
// (which system call it blocked in). One episode with its stack is one
// sample weighted by its exact duration: long waits are never
// under-weighted and short ones count for what they lasted, not as a
// whole sample each.
//
// The cost is bounded: a thread that leaves the CPU 100,000 times a
// second would have the kernel copy 1.6 GB/s of 16 KiB stacks. After
// each drain (every 5 ms) sonde decides whether the trace event runs during
// the next one: always while the stacks come at most at -F a second per
// thread that had some, otherwise with the probability that brings them
// to that rate (ENABLE and DISABLE reach the event's inherited copies
// too; a period change would not). The switch records, 56 bytes each,
// keep coming, and the time of episodes without a stack is spread over
// the same thread's sampled episodes (flushOffCPU). Random drains, not a
// period of switches, so that a program whose waits alternate is not
// always sampled at the same one.
//
// Why not the switch records alone (samply's way)? They carry no stack:
// samply charges the wait to the stack of the next CPU sample, which a
// thread that runs little after waking may never take. Why not BPF
// (perf record --off-cpu)? It needs a verifier-approved program and
// bpf(2) on top of perf events; the trace event gives the same switch
// points without it, at one ring record per switch.

// offThread is what the off-CPU events say of one thread.
type offThread struct {
	pid, tid int32
	// stack is the stack (wait frame first) of the thread's last
	// sched_switch sample; fresh says no switch-out record has claimed
	// it yet.
	stack []profile.Location
	exprs []profile.ExprValue // --expr values at that sample
	fresh bool
	// open says the thread is off the CPU since out (perf clock);
	// sampled that this episode has stack as its own.
	out         uint64
	open        bool
	sampled     bool
	preempted   bool
	everSampled bool
	// kernel says a machine-wide recording saw it is a kernel thread
	// (system_offcpu.go): its records are left out.
	kernel bool
	// unsampled is the time of this drain's episodes that had no stack
	// sample, by kind (0 waiting, 1 preempted); spread over the
	// sampled episodes of the same kind (flushOffCPU).
	unsampled [2]int64
	sampledNs [2]int64
}

// offSample is an off-CPU sample held until the end of its drain.
type offSample struct {
	s    profile.Sample
	kind int // 0 waiting, 1 preempted
}

// setupOffCPU prepares the off-CPU event's configuration from the CPU
// event's: the tracepoint's id from tracefs, the kernel chain for the
// system call, and the kernel's symbol table to name it.
func (s *Sampler) setupOffCPU() error {
	id, err := tracefs.EventID("sched", "sched_switch")
	if err != nil {
		return fmt.Errorf("off-cpu: %w", err)
	}
	s.cfg.ContextSwitch = true
	c := s.cfg
	c.Tracepoint, c.ContextSwitch, c.Tracking = id, false, false
	// The event fires in the kernel: it must not exclude it. Its kernel
	// call chain names the system call; the user part comes from the
	// stack copy (dwarf) or the kernel's frame-pointer walk (fp).
	c.Kernel, c.Callchain = true, true
	c.KernelChainOnly = s.opts.CallGraph == CallGraphDWARF
	s.offCfg = c
	s.offOn, s.offProb = true, 1
	s.blocked = make(map[int32]*offThread)
	s.exited = make(map[int32]bool)
	s.syscalls = loadKernelSyscalls()
	return nil
}

// openOffCPU opens the off-CPU event of thread tid on cpu.
func (s *Sampler) openOffCPU(tid, cpu int) (*perfevent.Event, error) {
	ev, err := perfevent.Open(&s.offCfg, tid, cpu)
	if err != nil && errors.Is(err, perfevent.ErrPermission) {
		return nil, fmt.Errorf("off-cpu: the sched:sched_switch trace event needs root or CAP_PERFMON (or kernel.perf_event_paranoid <= 1): %w", err)
	}
	return ev, err
}

// cpuValues are the values of a CPU sample of period ns in a profile
// with off-CPU samples, or without.
func (s *Sampler) cpuValues(period int64) []int64 {
	if s.opts.OffCPU || s.opts.Wall {
		return append(s.sample.Values[:0], 1, period, 0, period)
	}
	return append(s.sample.Values[:0], 1, period)
}

// SampleTypes returns the value columns of the samples this Sampler
// writes: SampleTypes, or profile.OffCPUSampleTypes with Options.OffCPU.
func (s *Sampler) SampleTypes() []profile.ValueType {
	if s.opts.OffCPU || s.opts.Wall {
		return profile.OffCPUSampleTypes
	}
	return SampleTypes
}

// waitMapping returns the mapping index of profile.WaitPath, writing its
// Mapping frame the first time.
func (s *Sampler) waitMapping() int32 {
	if s.waitIndex == 0 {
		m := profile.Mapping{Path: profile.WaitPath}
		s.waitIndex = s.newMapping() + 1
		s.mappings[m] = s.waitIndex - 1
		s.w.WriteMapping(s.waitIndex-1, &m)
	}
	return int32(s.waitIndex - 1)
}

// thread returns the off-CPU state of thread tid of process pid.
func (s *Sampler) offThread(pid, tid int32) *offThread {
	th := s.blocked[tid]
	if th == nil {
		th = &offThread{pid: pid, tid: tid}
		s.blocked[tid] = th
	}
	return th
}

// switchOut handles a sched_switch sample: thread r.TID leaves the CPU
// here. Its stack is unwound now (the stack copy is the record's) and
// kept for the switch-out record that follows.
func (s *Sampler) switchOut(r *perfevent.Record) {
	tid := int32(r.TID)
	if s.exited[tid] || s.offIgnored(int32(r.PID), tid) {
		return
	}
	if s.system && kernelSwitch(r) {
		th := s.offThread(int32(r.PID), tid)
		th.kernel, th.open = true, false
		return
	}
	p := s.proc(int32(r.PID))
	kern, user := s.offKern[:0], s.offUser[:0] // reused: one switch-out a sample
	defer func() { s.offKern, s.offUser = kern, user }()
	inUser := false
	for _, ip := range r.Callchain {
		switch {
		case ip == perfevent.ContextUser:
			inUser = true
		case perfevent.IsContext(ip):
		case inUser:
			user = append(user, ip)
		default:
			kern = append(kern, ip)
		}
	}
	reason := profile.WaitBlocked
	if nr, ok := s.syscalls.syscall(kern); ok {
		reason = nr
	}
	pcs := s.pcs[:0]
	if s.opts.Kernel {
		pcs = append(pcs, kern...)
	}
	nk := len(pcs)
	complete := true
	switch s.opts.CallGraph {
	case CallGraphDWARF:
		complete = false
		if len(r.Regs) > 0 {
			pcs, complete = s.unwindDWARF(p, r.Regs, r.Stack, pcs, nk)
		}
	case CallGraphFP:
		pcs = append(pcs, user...)
	default:
		if len(user) > 0 {
			pcs = append(pcs, user[0])
		}
	}
	s.pcs = pcs
	th := s.offThread(int32(r.PID), tid)
	th.stack = s.waitStack(p, th.stack[:0], reason, pcs)
	// --expr at the point of the wait: which fd, which lock.
	th.exprs = s.evalExprs(p, r, th.exprs[:0])
	th.fresh, th.everSampled = true, true
	s.mu.Lock()
	s.stats.OffCPUStacks++
	if !complete {
		s.stats.Incomplete++
	}
	s.mu.Unlock()
}

// waitStack appends to dst the stack of a wait: the wait frame of
// reason, then the runtime addresses pcs of process p.
func (s *Sampler) waitStack(p *process, dst []profile.Location, reason profile.Addr, pcs []uint64) []profile.Location {
	dst = append(dst, profile.Location{Mapping: s.waitMapping(), Addr: reason})
	dst = s.locations(p, dst, pcs)
	if len(dst) > datafile.MaxStackDepth {
		dst = dst[:datafile.MaxStackDepth]
	}
	return dst
}

// blockedAtAttach opens an episode, from now, for each thread of tids
// (of process pid, whose off-CPU events are open) that is blocked now: a
// thread of a running server that waits in epoll_wait since before
// sonde came would otherwise show nothing until it wakes. Its stack and
// call come from /proc/TID/syscall and its stack memory, as the ptrace
// sampler's --clock wall reads them (ptrace_wall.go), unwound with the
// dwarf unwinder (other call graphs: the pc alone).
func (s *Sampler) blockedAtAttach(pid int, tids []int) {
	p := s.procs[int32(pid)]
	if p == nil {
		return
	}
	for _, tid := range tids {
		st, err := proc.ReadStat(tid)
		if err != nil || st.State != "S" && st.State != "D" {
			continue
		}
		now := uint64(unix.MonotonicNow())
		sc, err := proc.ReadSyscall(tid)
		if err != nil {
			continue
		}
		pcs := s.pcs[:0]
		if s.opts.CallGraph == CallGraphDWARF {
			size := int(s.cfg.StackUser)
			stack := make([]byte, size)
			n, _ := unix.ReadProcessMemory(tid, stack, sc.SP)
			if n < 0 {
				n = 0
			}
			regs := make([]uint64, 17)
			regs[7], regs[8] = sc.SP, sc.PC
			pcs, _ = s.unwindDWARF(p, regs, stack[:n], pcs, 0)
		}
		if len(pcs) == 0 {
			pcs = append(pcs, sc.PC)
		}
		s.pcs = pcs
		reason := profile.WaitBlocked
		if sc.Nr >= 0 {
			reason = profile.Addr(sc.Nr)
		}
		th := s.offThread(int32(pid), int32(tid))
		th.stack = s.waitStack(p, th.stack[:0], reason, pcs)
		th.exprs = th.exprs[:0]
		th.out, th.open, th.sampled, th.everSampled = now, true, true, true
	}
}

// switchRecord handles a PERF_RECORD_SWITCH of the off-CPU event. The
// switch-out record (just after the trace event's sample, when the event
// took one) opens an episode and says whether the thread was preempted;
// the switch-in record closes it: a sample with its own stack, or time
// that the episode's drain spreads over its sampled episodes.
func (s *Sampler) switchRecord(r *perfevent.Record) error {
	tid := int32(r.TID)
	if s.exited[tid] || s.offIgnored(int32(r.PID), tid) {
		return nil
	}
	th := s.offThread(int32(r.PID), tid)
	if r.Misc&perfevent.MiscSwitchOut != 0 {
		th.out, th.open = r.Time, true
		th.sampled, th.fresh = th.fresh, false
		th.preempted = r.Misc&perfevent.MiscSwitchOutPreempt != 0
		if th.sampled && th.preempted {
			th.stack[0].Addr = profile.WaitPreempted
		}
		return nil
	}
	if !th.open {
		// Back from a wait whose start was not seen: a new thread's
		// first run, a wait begun before the event was opened, or a
		// lost record.
		s.mu.Lock()
		s.stats.OffCPUUnseen++
		s.mu.Unlock()
		return nil
	}
	s.endEpisode(th, r.Time)
	return nil
}

// endEpisode ends th's open episode at perf clock time in.
func (s *Sampler) endEpisode(th *offThread, in uint64) {
	th.open = false
	if in < th.out {
		in = th.out
	}
	d := int64(in - th.out)
	kind := 0
	if th.preempted {
		kind = 1
	}
	s.mu.Lock()
	s.stats.OffCPU++
	s.stats.OffCPUTime += d
	s.mu.Unlock()
	if !th.sampled {
		th.unsampled[kind] += d
		return
	}
	th.sampledNs[kind] += d
	o := offSample{kind: kind}
	o.s.Stack = append([]profile.Location(nil), th.stack...)
	o.s.Exprs = append([]profile.ExprValue(nil), th.exprs...)
	o.s.Values = []int64{1, 0, d, d}
	o.s.PID, o.s.TID = th.pid, th.tid
	o.s.Time = int64(th.out) + s.clockOffset
	if s.opts.OffCPUAtEnd {
		o.s.Time = int64(in) + s.clockOffset
	}
	s.offHeld = append(s.offHeld, o)
}

// offThreadsSampled counts the threads with a sampled episode in this
// drain.
func (s *Sampler) offThreadsSampled() int {
	n := 0
	for _, th := range s.blocked {
		if th.sampledNs[0]+th.sampledNs[1] > 0 {
			n++
		}
	}
	return n
}

// flushOffCPU writes the off-CPU samples of a drain. Where the trace
// event took fewer stacks than the thread had episodes (its rate is
// bounded, see setupOffCPU), the time of the episodes without a stack is
// spread over the same thread's sampled episodes of the same kind
// (waiting or preempted) in this drain, in proportion to their own
// time: a thread's total stays exact, and each stack gets the share of
// the time its own episodes had. Time that found no sampled episode
// waits for the next drain; at the end (final) it goes to the thread's
// last stack.
func (s *Sampler) flushOffCPU(final bool) error {
	for i := range s.offHeld {
		o := &s.offHeld[i]
		th := s.blocked[o.s.TID]
		if th != nil && th.unsampled[o.kind] > 0 && th.sampledNs[o.kind] > 0 {
			d := o.s.Values[2]
			extra := int64(float64(th.unsampled[o.kind]) * float64(d) / float64(th.sampledNs[o.kind]))
			o.s.Values[2] += extra
			o.s.Values[3] += extra
		}
	}
	for _, th := range s.blocked {
		for k := range 2 {
			if th.sampledNs[k] > 0 {
				th.unsampled[k] = 0
			}
			th.sampledNs[k] = 0
		}
		// A thread that exited has no sampled episode to come: its
		// time goes to its last stack now, as everyone's at the end.
		if (final || s.exited[th.tid]) && th.unsampled[0]+th.unsampled[1] > 0 && th.everSampled {
			o := offSample{}
			o.s.Stack = append([]profile.Location(nil), th.stack...)
			d := th.unsampled[0] + th.unsampled[1]
			o.s.Values = []int64{1, 0, d, d}
			o.s.PID, o.s.TID = th.pid, th.tid
			o.s.Time = int64(th.out) + s.clockOffset
			if s.opts.OffCPUAtEnd {
				o.s.Time = unix.MonotonicNow() + s.clockOffset
			}
			s.offHeld = append(s.offHeld, o)
			th.unsampled = [2]int64{}
		}
	}
	if !final {
		s.forgetGone()
	}
	held := s.offHeld
	s.offHeld = s.offHeld[:0]
	for i := range held {
		if err := s.emit(&held[i].s); err != nil {
			return err
		}
	}
	return nil
}

// emit writes sample x, or keeps it for --histogram or --ring.
func (s *Sampler) emit(x *profile.Sample) error {
	switch {
	case s.opts.Histogram > 0:
		s.addHistogram(x)
		return nil
	case s.opts.Ring > 0:
		s.addRing(x)
		return nil
	}
	return s.w.WriteSample(x)
}

// threadExited forgets a thread's open episode: its last switch-out is
// its death, not a wait.
func (s *Sampler) threadExited(tid int32) {
	if s.blocked == nil {
		return
	}
	if th := s.blocked[tid]; th != nil {
		th.open = false
	}
	s.exited[tid] = true
	s.gone.now = append(s.gone.now, tid)
}

// endOffCPU ends the recording's open episodes: threads still off the CPU
// when sampling stops (a server idle in epoll_wait at the end of -p
// --duration) are charged up to now. It handles the records held back
// by the last drain first.
func (s *Sampler) endOffCPU() error {
	if s.blocked == nil {
		return nil
	}
	held := s.held
	s.held = nil
	for i := range held {
		if err := s.handleItem(&held[i]); err != nil {
			return err
		}
	}
	now := uint64(unix.MonotonicNow())
	for _, th := range s.blocked {
		if th.open {
			s.endEpisode(th, now)
		}
	}
	err := s.flushOffCPU(true)
	s.blocked = nil
	return err
}

// stackPolicy decides, after a drain that took stacks stacks of threads
// distinct threads over elapsed, whether the trace event runs during the
// next drain (see the top of this file), and turns it on or off.
func (s *Sampler) stackPolicy(stacks, threads int, elapsed time.Duration) {
	if s.offOn && elapsed > 0 {
		rate := float64(stacks) / elapsed.Seconds()
		limit := float64(max(threads, 1)) * float64(time.Second) / float64(s.opts.period())
		s.offProb = 1
		if rate > limit {
			s.offProb = limit / rate
		}
	}
	on := s.offProb >= 1 || rand.Float64() < s.offProb
	if !on {
		s.mu.Lock()
		s.stats.OffCPUQuiet++
		s.mu.Unlock()
	}
	if on == s.offOn {
		return
	}
	for i, ev := range s.events {
		if !s.offEvent[i] {
			continue
		}
		if on {
			ev.Enable()
		} else {
			ev.Disable()
		}
	}
	s.offOn = on
}
