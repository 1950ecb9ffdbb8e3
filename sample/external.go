package sample

import (
	"time"

	"sonde/profile"
)

// The methods below let a collector that takes its own samples (record
// --gdb, where gdb stops the process and lists its stacks) write them
// through the Sampler: it keeps the processes' mappings and turns runtime
// addresses into link-time ones, as it does for its own samples. They are
// called from one goroutine, and not while the Sampler's own collectors
// (Perf, Ptrace) run.

// Track starts keeping the mappings of process pid, read from
// /proc/PID/maps, and writes its Process frame.
func (s *Sampler) Track(pid int) error { return s.addProcess(pid) }

// WriteStack writes one sample of thread tid of process pid taken by
// another collector: pcs holds the program counter, then the return
// addresses, outermost last; cpu is the CPU time the sample stands for, in
// nanoseconds; exprs are its expression values (run-local indices). Code
// mapped since the last look (dlopen) is found by rereading the process's
// maps (lookup).
func (s *Sampler) WriteStack(pid, tid int32, t time.Time, cpu int64, pcs []uint64, exprs []profile.ExprValue) error {
	p := s.proc(pid)
	s.noMmapRecords = true
	stack := s.sample.Stack[:0]
	for _, pc := range pcs {
		loc := profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(pc)}
		if pl := s.lookup(p, pc); pl != nil {
			loc = profile.Location{Mapping: int32(pl.index), Addr: profile.Addr(pc - pl.bias)}
		}
		stack = append(stack, loc)
	}
	s.sample.Stack = stack
	s.sample.Values = append(s.sample.Values[:0], 1, cpu)
	s.sample.PID, s.sample.TID = pid, tid
	s.sample.Time = t.UnixNano()
	s.sample.Exprs = append(s.sample.Exprs[:0], exprs...)
	s.mu.Lock()
	s.stats.Samples++
	s.mu.Unlock()
	if s.opts.Ring > 0 {
		s.addRing(&s.sample)
		return nil
	}
	return s.w.WriteSample(&s.sample)
}

// FinishExternal ends a collection after the last WriteStack: it writes
// what the Sampler keeps back (--ring) and the copies of deleted objects.
func (s *Sampler) FinishExternal() error { return s.finish() }

// WriteProcessEnd writes how process pid, which another collector
// followed, ended (How's words).
func (s *Sampler) WriteProcessEnd(pid int32, how string) error { return s.w.WriteProcessEnd(pid, how) }
