package sample

import (
	"errors"
	"fmt"

	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/tracefs"
	"sonde/internal/linux/unix"
	"sonde/profile"
	"sonde/profile/datafile"
)

// Off-CPU time (record --off-cpu) comes from a second perf event on every
// thread beside the CPU clock: the sched:sched_switch trace event, which
// the kernel samples in the thread's own context each time it leaves the
// CPU, with the user registers and a copy of the user stack (unwound like
// every CPU sample) and the kernel call chain (which system call it
// blocked in); and, on the same event, PERF_RECORD_SWITCH records, whose
// switch-in says when the thread came back. One blocked episode is one
// sample weighted by its exact duration: long waits are never
// under-weighted and short ones count for what they lasted, not as a
// whole sample each.
//
// Why not the switch records alone (samply's way)? They carry no stack:
// samply charges the wait to the stack of the next CPU sample, which a
// thread that runs little after waking may never take. Why not BPF
// (perf record --off-cpu)? It needs a verifier-approved program and
// bpf(2) on top of perf events; the trace event gives the same switch
// points without it, at one ring record per switch.

// offEpisode is a thread that left the CPU and has not come back yet.
type offEpisode struct {
	pid, tid int32
	out      uint64 // perf clock time it left
	stack    []profile.Location
	reason   profile.Addr
}

// setupOffCPU prepares the off-CPU event's configuration from the CPU
// event's: the tracepoint's id from tracefs, the kernel chain for the
// system call, and the kernel's symbol table to name it.
func (s *Sampler) setupOffCPU() error {
	id, err := tracefs.EventID("sched", "sched_switch")
	if err != nil {
		return fmt.Errorf("off-cpu: %w", err)
	}
	c := s.cfg
	c.Tracepoint, c.ContextSwitch, c.Tracking = id, true, false
	// The event fires in the kernel: it must not exclude it. Its kernel
	// call chain names the system call; the user part comes from the
	// stack copy (dwarf) or the kernel's frame-pointer walk (fp).
	c.Kernel, c.Callchain = true, true
	c.KernelChainOnly = s.opts.CallGraph == CallGraphDWARF
	s.offCfg = c
	s.blocked = make(map[int32]*offEpisode)
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

// offCPUValues are the values of a CPU sample of period ns in a profile
// with off-CPU samples, or without.
func (s *Sampler) cpuValues(period int64) []int64 {
	if s.opts.OffCPU {
		return append(s.sample.Values[:0], 1, period, 0, period)
	}
	return append(s.sample.Values[:0], 1, period)
}

// SampleTypes returns the value columns of the samples this Sampler
// writes: SampleTypes, or profile.OffCPUSampleTypes with Options.OffCPU.
func (s *Sampler) SampleTypes() []profile.ValueType {
	if s.opts.OffCPU {
		return profile.OffCPUSampleTypes
	}
	return SampleTypes
}

// waitMapping returns the mapping index of profile.WaitPath, writing its
// Mapping frame the first time.
func (s *Sampler) waitMapping() int32 {
	if s.waitIndex == 0 {
		m := profile.Mapping{Path: profile.WaitPath}
		s.waitIndex = len(s.mappings) + 1
		s.mappings[m] = s.waitIndex - 1
		s.w.WriteMapping(s.waitIndex-1, &m)
	}
	return int32(s.waitIndex - 1)
}

// switchOut handles a sched_switch sample: thread r.TID leaves the CPU
// here. Its stack is unwound now (the stack copy is the record's) and
// kept until the thread comes back.
func (s *Sampler) switchOut(r *perfevent.Record) {
	tid := int32(r.TID)
	if s.exited[tid] {
		return
	}
	p := s.proc(int32(r.PID))
	var kern, user []uint64
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
			pcs, complete = s.opts.Unwinder.Unwind(r.Regs, r.Stack, func(pc uint64) (string, uint64, bool) {
				pl := s.lookup(p, pc)
				if pl == nil || pl.file == "" {
					return "", 0, false
				}
				return pl.file, pl.fileBias, true
			}, pcs)
		}
		if !complete && len(pcs) > nk+1 {
			complete = s.goStackEnd(p, pcs[len(pcs)-1])
		}
	case CallGraphFP:
		pcs = append(pcs, user...)
	default:
		if len(user) > 0 {
			pcs = append(pcs, user[0])
		}
	}
	s.pcs = pcs
	ep := s.blocked[tid]
	if ep == nil {
		ep = &offEpisode{}
		s.blocked[tid] = ep
	}
	ep.pid, ep.tid, ep.out, ep.reason = int32(r.PID), tid, r.Time, reason
	ep.stack = append(ep.stack[:0], profile.Location{Mapping: s.waitMapping(), Addr: reason})
	for _, pc := range pcs {
		loc := profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(pc)}
		if pc >= kernelStart {
			loc.Mapping = int32(s.kernelMapping())
		} else if pl := s.lookup(p, pc); pl != nil {
			loc = profile.Location{Mapping: int32(pl.index), Addr: profile.Addr(pc - pl.bias)}
		}
		ep.stack = append(ep.stack, loc)
	}
	if len(ep.stack) > datafile.MaxStackDepth {
		ep.stack = ep.stack[:datafile.MaxStackDepth]
	}
	if !complete {
		s.mu.Lock()
		s.stats.Incomplete++
		s.mu.Unlock()
	}
}

// switchRecord handles a PERF_RECORD_SWITCH of the off-CPU event. The
// switch-out record (just after the trace event) says whether the thread
// was preempted and when exactly it left; the switch-in record ends the
// episode, which becomes a sample.
func (s *Sampler) switchRecord(r *perfevent.Record) error {
	tid := int32(r.TID)
	ep := s.blocked[tid]
	if r.Misc&perfevent.MiscSwitchOut != 0 {
		if ep != nil && ep.out <= r.Time {
			ep.out = r.Time
			if r.Misc&perfevent.MiscSwitchOutPreempt != 0 {
				ep.reason = profile.WaitPreempted
				ep.stack[0].Addr = profile.WaitPreempted
			}
		}
		return nil
	}
	if ep == nil || ep.out == 0 {
		// Back from a wait whose start was not seen: it began before
		// the event was opened, or its sample was lost.
		s.mu.Lock()
		s.stats.OffCPUUnseen++
		s.mu.Unlock()
		return nil
	}
	return s.endEpisode(ep, r.Time)
}

// endEpisode writes episode ep, which ended at perf clock time in.
func (s *Sampler) endEpisode(ep *offEpisode, in uint64) error {
	if in < ep.out {
		in = ep.out
	}
	d := int64(in - ep.out)
	s.sample.Stack = append(s.sample.Stack[:0], ep.stack...)
	s.sample.Values = append(s.sample.Values[:0], 1, 0, d, d)
	s.sample.PID, s.sample.TID = ep.pid, ep.tid
	s.sample.Time = int64(ep.out) + s.clockOffset
	s.sample.Exprs = s.sample.Exprs[:0]
	ep.out = 0
	s.mu.Lock()
	s.stats.OffCPU++
	s.stats.OffCPUTime += d
	s.mu.Unlock()
	switch {
	case s.opts.Histogram > 0:
		s.addHistogram(&s.sample)
		return nil
	case s.opts.Ring > 0:
		s.addRing(&s.sample)
		return nil
	}
	return s.w.WriteSample(&s.sample)
}

// threadExited forgets a thread's open episode: its last switch-out is
// its death, not a wait.
func (s *Sampler) threadExited(tid int32) {
	if s.blocked == nil {
		return
	}
	delete(s.blocked, tid)
	s.exited[tid] = true
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
	for _, ep := range s.blocked {
		if ep.out != 0 {
			if err := s.endEpisode(ep, now); err != nil {
				return err
			}
		}
	}
	s.blocked = nil
	return nil
}
