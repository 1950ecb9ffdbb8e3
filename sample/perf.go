package sample

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"sonde/internal/linux/ptrace"
	"sonde/proc"
	"sonde/profile/datafile"
)

// Perf returns the collector that samples with perf events: a CPU-clock
// event on every thread of the target, inherited by the threads and
// processes it creates, read from the events' rings.
func (s *Sampler) Perf() Collector { return perfCollector{s} }

type perfCollector struct{ s *Sampler }

// pollInterval is how often the rings are drained: often enough that a
// 4 MiB ring of dwarf samples never fills at 999 Hz on a few CPUs, and
// that the data file is at most this plus datafile.FlushInterval behind
// (idlePolls times this after drains that found nothing, with -a).
const pollInterval = 20 * time.Millisecond

// exprPollInterval replaces pollInterval with --expr: memory outside the
// stack copy is read when the ring is drained, so the sooner the closer
// to the sample; and with --off-cpu (perf.go's drainUntil).
const exprPollInterval = 5 * time.Millisecond

// pythonPollInterval replaces pollInterval once a process runs CPython's
// eval loop (Options.Python): the frames are read when the ring is
// drained, while the interpreter runs on. On
// split.py (a loaded 2-core machine) 2, 5 and 20 ms gave 3, 8 and 15 ms
// of lag and the same share of samples with frames (80-87%: the rest ran
// frames that live less than any of these), but 2 ms cost sonde 65 µs of
// CPU a sample more than 20 ms on bench/python's workload.
const pythonPollInterval = 5 * time.Millisecond

// Run attaches the events to the target (a command from its first
// instruction: it is held at its exec while they are opened) and drains
// the rings until the target ends, or ctx for running processes. A write
// error ends the sampling early; the command is still waited for.
func (c perfCollector) Run(ctx context.Context, t Target) (Result, error) {
	s := c.s
	var res Result
	if t.Cmd != nil {
		started := false
		err := ptrace.StartStopped(t.Cmd, func(pid int) error {
			started = true
			return s.attach(pid)
		})
		if err != nil {
			return res, &StartError{Err: err, Command: !started}
		}
	} else if t.All {
		if err := s.attachSystem(t.Cgroups); err != nil {
			s.closeEvents()
			return res, &StartError{Err: err}
		}
	} else {
		for _, pid := range t.PIDs {
			if err := s.attach(pid); err != nil {
				s.closeEvents()
				return res, &StartError{Err: err}
			}
		}
	}
	if t.Started != nil {
		t.Started()
	}
	var exited chan struct{}
	var waitErr error
	if t.Cmd != nil {
		exited = make(chan struct{})
		go func() {
			waitErr = t.Cmd.Wait()
			close(exited)
		}()
	}
	err := s.drainUntil(ctx, exited, t.PIDs)
	if ferr := s.finish(); err == nil {
		err = ferr
	}
	if t.Cmd != nil {
		<-exited
		if t.Cmd.ProcessState == nil {
			return res, fmt.Errorf("wait for %s: %w", t.Cmd.Path, waitErr)
		}
		res.Status = waitStatus(t.Cmd)
		s.w.WriteProcessEnd(int32(t.Cmd.Process.Pid), How(res.Status))
		res.User, res.Sys, res.HaveCPU = t.Cmd.ProcessState.UserTime(), t.Cmd.ProcessState.SystemTime(), true
	}
	return res, err
}

// drainUntil drains the rings until exited is closed (the command has
// ended), or, for running processes, until ctx is done or pids have all
// exited, as perf record -p ends; then once more.
func (s *Sampler) drainUntil(ctx context.Context, exited <-chan struct{}, pids []int) error {
	every := pollInterval
	if s.opts.Exprs != nil || s.opts.OffCPU {
		// --off-cpu: a drain in which the stack event runs fills its
		// ring (4 MiB, 500 stacks of 8 KiB) in 20 ms of a thread that
		// switches 50,000 times a second; in 5 ms it does not.
		every = exprPollInterval
	}
	if s.opts.Poll > 0 {
		every = s.opts.Poll
	}
	normal := every
	// Drains at least half the writer's flush interval apart write their
	// samples themselves: the writer's flush timer would wake the
	// process once more per drain, for no data kept any sooner.
	s.flushAtDrain = normal >= datafile.FlushInterval/2
	if s.pycap != nil {
		// Drain at once while no interpreter is seen: the frames are
		// copied only once the process's walk is set (pybpf.go).
		every = pyEarlyPoll
	}
	began := time.Now()
	tick := time.NewTicker(every)
	defer tick.Stop()
	done := ctx.Done()
	// Running processes: whether they are all gone is looked at the
	// drains' ticks (no ticker of its own: fewer wake-ups), at most
	// every goneCheck.
	watch := exited == nil && len(pids) > 0
	var looked time.Time
	if exited != nil {
		done = nil // a command is sampled until it exits
	}
	period := s.opts.period()
	// The agent (Poll) and record -a: drains that find no sample back
	// off, unless a drain does more than read the rings (off-CPU pairs,
	// expressions, jitter, histograms) or the rate could fill them.
	idle := (s.opts.Poll > 0 || exited == nil && len(pids) == 0) && period >= uint64(time.Millisecond) &&
		!s.opts.OffCPU && s.opts.Exprs == nil && !s.opts.Jitter && s.opts.Histogram == 0
	samples := s.samplesSoFar()
	for {
		select {
		case <-exited:
			return s.drain()
		case <-done:
			return s.drain()
		case <-tick.C:
		}
		if err := s.drain(); err != nil {
			return err
		}
		if watch && time.Since(looked) >= goneCheck {
			looked = time.Now()
			if allGone(pids) {
				return s.drain()
			}
		}
		if every == pyEarlyPoll && (s.pycap == nil || s.pycap.walks() > 0 || time.Since(began) > pyEarlyFor) {
			every = normal
			tick.Reset(every)
		}
		if s.py != nil && s.py.seen && s.pycap == nil && every > pythonPollInterval {
			every = pythonPollInterval
			tick.Reset(every)
		}
		// Not while Python frames are read (a walk set, the first
		// pyEarlyFor, an interpreter seen): they want prompt drains.
		noPy := (s.pycap == nil || s.pycap.walks() == 0 && time.Since(began) > pyEarlyFor) && (s.py == nil || !s.py.seen)
		if idle && !noPy && every > normal {
			every = normal
			tick.Reset(every)
		}
		if idle && noPy {
			n := s.samplesSoFar()
			by := time.Duration(math.MaxInt64)
			if s.opts.DrainBy != nil {
				by = time.Until(s.opts.DrainBy())
			}
			if next := idlePoll(every, normal, n == samples, by); next != every {
				every = next
				tick.Reset(every)
			}
			samples = n
		}
		if s.opts.Histogram > 0 && time.Since(s.histStart) >= s.opts.Histogram {
			if err := s.flushHistogram(); err != nil {
				return err
			}
		}
		if s.opts.Jitter {
			p := period/2 + rand.Uint64N(period)
			for i, ev := range s.events {
				if !s.offEvent[i] {
					ev.SetPeriod(p) // a task that exited refuses; nothing to jitter then
				}
			}
		}
	}
}

// idlePolls is how many times its normal wait a drain may wait after
// drains that found no sample: an idle agent wakes up once a second
// (maxIdleWait) rather than twice, or 10 times at 100 ms (2 ms of CPU a
// second on the 2-core test machine), record -a 12.5 times rather than
// 50; what comes after the wait is drained within 4 normal waits, which
// the rings hold (agent.go sets Poll so that they hold at least 5; 80 ms
// of 16 KiB stacks at 1000 Hz is a third of a 4 MiB ring), so a crash or
// kill loses at most that much.
const idlePolls = 4

// maxIdleWait bounds the back-off, whatever the normal wait (the agent
// drains every 500 ms at 99 Hz and below): a kill loses at most the last
// second of samples after an idle spell.
const maxIdleWait = time.Second

// idlePoll returns the wait before the next drain: normal once a drain
// found samples, twice cur after one that found none (empty), up to
// idlePolls times normal and maxIdleWait (or normal, if longer); never
// more than by, the time left until the drain that must come (the
// agent's interval end), nor less than a millisecond.
func idlePoll(cur, normal time.Duration, empty bool, by time.Duration) time.Duration {
	next := normal
	if empty {
		next = min(2*cur, idlePolls*normal, max(maxIdleWait, normal))
	}
	return max(min(next, by), time.Millisecond)
}

// samplesSoFar returns the samples handed to the writer so far.
func (s *Sampler) samplesSoFar() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats.Samples
}

// goneCheck is how often drainUntil looks whether the running processes
// it samples have all exited.
const goneCheck = 100 * time.Millisecond

// allGone reports whether none of pids is a live process: each has exited
// (and may be a zombie that its parent has not reaped yet).
func allGone(pids []int) bool {
	for _, pid := range pids {
		if st, err := proc.ReadStat(pid); err == nil && st.State != "Z" && st.State != "X" {
			return false
		}
	}
	return true
}
