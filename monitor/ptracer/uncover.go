package ptracer

import (
	"encoding/binary"
	"os/exec"
	"slices"
	"sync/atomic"
	"syscall"
	"time"

	"sonde/internal/linux/ptrace"
	"sonde/internal/linux/unix"
	"sonde/monitor/trampoline"
	"sonde/proc"
)

// One-shot trampolines. In a coverage run a trampoline only sets its
// sites' bytes, but a jump left in place keeps costing a detour on every
// hit (on python, more than the interpreter's own time). So the tracer
// looks at the counter pages now and then (they are shared: no system
// call) and puts the file's bytes back under the jumps of the windows
// that run again, the space's threads stopped for the write: a run then
// costs about one detour per reached window, as Bishop's one-shot
// breakpoints cost one trap.
//
// The tracer makes every ptrace request from its own thread and sleeps in
// wait4, which no clock interrupts (Go's signal handlers restart it), and
// waking it through another thread and a channel costs about 80 µs a stop
// on this machine, more than a trap. So sonde traces an alarm of its own:
// a sleep(1) child that a goroutine signals every few milliseconds; its
// signal-delivery stop wakes the tracer's wait4 like any tracee's, and is
// swallowed there. The target never sees it.

// alarm is the traced sleep(1) process that wakes the tracer.
type alarm struct {
	cmd   *exec.Cmd
	pid   int
	every atomic.Int64 // nanoseconds between signals
	quit  chan struct{}
	gone  bool
}

// newAlarm starts and seizes the alarm (from the tracer's thread); nil
// when it cannot (no sleep(1)): coverage runs then look at the counters
// only when a tracee stops.
func newAlarm(t *Tracer, every time.Duration) *alarm {
	path, err := exec.LookPath("sleep")
	if err != nil {
		return nil
	}
	cmd := exec.Command(path, "86400")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if cmd.Start() != nil {
		return nil
	}
	a := &alarm{cmd: cmd, pid: cmd.Process.Pid, quit: make(chan struct{})}
	trs, err := t.Seize(a.pid)
	if err != nil || len(trs) != 1 {
		for _, tr := range trs {
			t.Detach(tr, 0)
		}
		cmd.Process.Kill()
		cmd.Wait()
		return nil
	}
	trs[0].Data.alarm = true
	a.every.Store(int64(every))
	go func() {
		for {
			select {
			case <-a.quit:
				return
			case <-time.After(time.Duration(a.every.Load())):
				unix.Kill(a.pid, syscall.SIGUSR1)
			}
		}
	}()
	return a
}

// stopped handles an event of the alarm: its signal is swallowed.
func (a *alarm) stopped(t *Tracer, ev event) {
	switch ev.Kind {
	case ptrace.Exited:
		a.gone = true
	case ptrace.GroupStopped:
	default:
		t.Cont(ev.Tracee, 0)
	}
}

// stop kills and reaps the alarm.
func (a *alarm) stop() {
	close(a.quit)
	if !a.gone {
		a.cmd.Process.Kill()
	}
	a.cmd.Wait()
}

// uncoverBounds bound the time between two looks at the counters: short
// while windows keep being reached, longer while none is.
const (
	uncoverMin = 4 * time.Millisecond
	uncoverMax = 64 * time.Millisecond
)

// uncover removes the jumps of every window whose sites have all run and
// that runs again, and returns how many, and whether any site ran since
// the last look. It first harvests the counter
// pages: a set byte is recorded in the region's seen and cleared, so that
// the next look finds only what ran since (a linear pass over the pages);
// a byte set again is a hot window.
func (r *ptraceRun) uncover() (int, bool) {
	ran := false
	fresh := map[*counterRegion][]int32{}
	for _, reg := range r.regions {
		if reg.only == nil {
			continue
		}
		if reg.seen == nil {
			reg.seen = make([]bool, len(reg.only))
		}
		var sites []int32
		words := len(reg.mem) / 8
		for s := 0; s < words && s < len(reg.seen); s++ {
			if binary.LittleEndian.Uint64(reg.mem[8*s:]) == 0 {
				continue
			}
			reg.mem[8*s] = 0
			ran = true
			if !reg.seen[s] {
				// The first run of the site: its window may never run
				// again, and a write per window costs microseconds.
				reg.seen[s] = true
				continue
			}
			sites = append(sites, int32(s)) // ran again since: hot
		}
		if sites != nil {
			fresh[reg] = sites
		}
	}
	if len(fresh) == 0 {
		return 0, ran
	}
	n := 0
	done := map[*space]bool{}
	for o := range r.t.All() {
		sp := o.Data.sp
		if sp == nil || done[sp] {
			continue
		}
		done[sp] = true
		type pick struct {
			a    *armedTramps
			wins []int32
		}
		var picks []pick
		for _, a := range sp.tramps {
			sites := fresh[a.reg]
			if a.live == 0 || sites == nil {
				continue
			}
			var wins []int32
			siteWin := a.pp.SiteWins(len(a.reg.seen))
			for _, s := range sites {
				w := siteWin[s]
				if w < 0 || !a.patched[w] || !a.reg.ran(a.pp.Record(int(w)).Sites) {
					continue
				}
				wins = append(wins, w)
			}
			if wins != nil {
				slices.Sort(wins)
				wins = slices.Compact(wins)
				picks = append(picks, pick{a, wins})
				n += len(wins)
			}
		}
		if picks == nil {
			continue
		}
		if !r.stopAll(sp) {
			// A thread did not stop (it is exiting): write nothing now.
			r.resumeOthers(sp)
			continue
		}
		r.offHops(sp)
		for _, p := range picks {
			r.stats.removed += sp.unpatch(p.a, p.wins)
		}
		r.resumeOthers(sp)
	}
	return n, ran
}

// ran reports whether every site of sites has been seen.
func (reg *counterRegion) ran(sites trampoline.SiteList) bool {
	for k := 0; k < sites.Len(); k++ {
		if s := int(sites.At(k)); s >= len(reg.seen) || !reg.seen[s] {
			return false
		}
	}
	return true
}

// stopAll stops every running thread of sp, as stopOthers does, but
// gives up after stopWait: a thread that is exiting (its process in
// exit_group) may never report the interrupt's stop, and a thread group
// leader's exit is not reported while other threads' are pending. It
// reports whether every thread stopped; those that did not are left to
// the main loop, which continues an interrupt's stop it gets later.
func (r *ptraceRun) stopAll(sp *space) bool {
	return r.collectStops(r.interruptAll(nil, sp), false)
}

// interruptAll sends PTRACE_INTERRUPT to every running thread of sp but
// tr and returns them.
func (r *ptraceRun) interruptAll(tr *tracee, sp *space) []*tracee {
	var pending []*tracee
	for o := range r.t.All() {
		if o == tr || o.Data.sp != sp || !o.Running() || o.Data.inVfork {
			continue
		}
		if r.t.Interrupt(o) == nil {
			pending = append(pending, o)
		}
	}
	return pending
}

// collectStops waits for the stops of the interrupted threads pending and
// holds them (a stop that is not the interrupt's is deferred to the main
// loop). It polls instead of blocking in wait4: a dying thread may never
// report. After stopWait, with dropDead, a thread that is a zombie or gone
// is dropped (it runs no more code) and the others are waited for, as long
// as it takes; without, collectStops gives up and returns false.
func (r *ptraceRun) collectStops(pending []*tracee, dropDead bool) bool {
	start := time.Now()
	deadline := start.Add(stopWait)
	nap := 20 * time.Microsecond
	for len(pending) > 0 {
		left := pending[:0]
		for _, o := range pending {
			ev, ok, err := r.t.WaitFor(o, false)
			switch {
			case err != nil:
				// Gone (reaped elsewhere): nothing to hold.
			case !ok:
				left = append(left, o)
			case ev.Kind == ptrace.Exited:
				r.exited(o, ev.Status)
			default:
				o.Data.held = true
				if ev.Kind != ptrace.Interrupted {
					o.Data.deferred = &ev // the main loop handles it; the interrupt's stop comes later
				}
			}
		}
		pending = left
		if len(pending) == 0 {
			break
		}
		if time.Now().After(deadline) {
			if !dropDead {
				return false
			}
			left := pending[:0]
			for _, o := range pending {
				if st, err := proc.ReadStat(o.TID); err == nil && st.State != "Z" && st.State != "X" {
					left = append(left, o)
				}
			}
			pending = left
		}
		if time.Since(start) < spinWait {
			continue // an interrupt's stop usually comes within microseconds
		}
		time.Sleep(nap)
		nap = min(2*nap, time.Millisecond)
	}
	return true
}

// spinWait is how long collectStops polls without sleeping.
const spinWait = 200 * time.Microsecond

// stopWait bounds how long collectStops waits for a thread to stop
// before giving up (stopAll) or dropping the dead ones (stopOthers).
const stopWait = 20 * time.Millisecond
