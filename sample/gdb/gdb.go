// Package gdb is sonde record --gdb's collector, PCT's debugger collector
// (Blake & Bauer 2002, sections 3 and 4.3): gdb, attached to the process
// through its machine interface (package gdbmi), is made to interrupt it
// every period of wall time, list every thread's stack, evaluate the
// expressions in their function's innermost frame, and let it run again.
// Threads that did not run since the previous sample are not sampled, and
// each sample weighs the CPU time its thread ran (/proc/TID/schedstat), so
// the profile is of CPU time as the other samplers' are. It samples one
// process (the command, or one running process), not its children. The
// samples go through a sample.Sampler (Track, WriteStack), which keeps the
// process's mappings.
package gdb

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"sonde/internal/gdbmi"
	"sonde/internal/linux/ptrace"
	"sonde/internal/linux/unix"
	"sonde/proc"
	"sonde/profile"
	"sonde/sample"
)

// Collector samples one process through gdb. It is a sample.Collector.
type Collector struct {
	s     *sample.Sampler
	exprs []profile.ExprDef
	// funcs are the functions of exprs in order of first appearance
	// ("" alone: stacks only); byFunc their expressions' indices. gdb
	// evaluates every expression of one function in one stop.
	funcs  []string
	byFunc map[string][]int
}

// New returns a collector that writes through s (made with the period to
// sample at, and no call graph: the stacks are gdb's) and evaluates exprs,
// whose run-local indices are their positions.
func New(s *sample.Sampler, exprs []profile.ExprDef) *Collector {
	c := &Collector{s: s, exprs: exprs, byFunc: map[string][]int{}}
	for i, d := range exprs {
		if _, ok := c.byFunc[d.Func]; !ok {
			c.funcs = append(c.funcs, d.Func)
		}
		c.byFunc[d.Func] = append(c.byFunc[d.Func], i)
	}
	if len(c.funcs) == 0 {
		c.funcs = []string{""} // stacks only
	}
	return c
}

// Run samples the target, one process: a command (started stopped at its
// exec, so that gdb is attached before it runs an instruction of its own)
// or one running process. It ends when the process exits or, for a running
// process, when ctx is done (gdb detaches). The Result's note says what a
// stop cost.
func (c *Collector) Run(ctx context.Context, t sample.Target) (sample.Result, error) {
	var res sample.Result
	cmd := t.Cmd
	pid := 0
	if cmd != nil {
		runtime.LockOSThread()
		p, err := ptrace.StartDetachedStopped(cmd)
		runtime.UnlockOSThread()
		if err != nil {
			return res, &sample.StartError{Err: err, Command: true}
		}
		pid = p
	} else if len(t.PIDs) == 1 {
		pid = t.PIDs[0]
	} else {
		return res, &sample.StartError{Err: errors.New("--gdb samples one process: give one -p PID")}
	}
	killCmd := func() {
		if cmd != nil {
			cmd.Process.Kill()
			cmd.Process.Signal(syscall.SIGCONT)
			cmd.Wait()
		}
	}
	if err := c.s.Track(pid); err != nil {
		killCmd()
		return res, &sample.StartError{Err: err}
	}
	sess, err := gdbmi.Attach(pid)
	if err != nil {
		killCmd()
		return res, &sample.StartError{Err: fmt.Errorf("--gdb: %w", err)}
	}
	if cmd != nil {
		// Undo the launch's SIGSTOP: gdb passes the signal on.
		unix.Kill(pid, unix.SIGCONT)
	}
	if t.Started != nil {
		t.Started()
	}
	var exited chan struct{}
	var waitErr error
	done := ctx.Done()
	if cmd != nil {
		done = nil // a command is sampled until it exits
		exited = make(chan struct{})
		go func() {
			waitErr = cmd.Wait()
			close(exited)
		}()
	}
	sampleErr := c.loop(sess, pid, done, exited)
	cost, n := sess.Cost()
	if err := sess.Close(); err != nil && sampleErr == nil && cmd == nil {
		sampleErr = err
	}
	if cmd != nil {
		if sampleErr != nil {
			cmd.Process.Signal(syscall.SIGTERM)
		}
		<-exited
		if cmd.ProcessState == nil {
			return res, fmt.Errorf("wait for %s: %w", cmd.Path, waitErr)
		}
		res.Status = cmd.ProcessState.Sys().(syscall.WaitStatus)
		c.s.WriteProcessEnd(int32(pid), sample.How(res.Status))
	}
	if err := c.s.FinishExternal(); err != nil && sampleErr == nil {
		sampleErr = err
	}
	res.Notes = []string{fmt.Sprintf("gdb: %d stops of the process, %.0f µs each (interrupt, stacks, %d expressions, continue); PCT measured 500-1000 µs", n, float64(cost)/1e3, len(c.exprs))}
	return res, sampleErr
}

// loop samples every period until done or exited is closed, or the
// process has exited under gdb.
func (c *Collector) loop(sess *gdbmi.Session, pid int, done <-chan struct{}, exited <-chan struct{}) error {
	// readRan returns the CPU time of each thread of the process so far.
	readRan := func() map[int]uint64 {
		now := map[int]uint64{}
		tids, _ := proc.Threads(pid)
		for _, tid := range tids {
			if r, err := proc.RunTime(tid); err == nil {
				now[tid] = r
			}
		}
		return now
	}
	ran := readRan() // at the last sample
	tick := time.NewTicker(time.Duration(c.s.Period()))
	defer tick.Stop()
	var vals []profile.ExprValue
	for {
		select {
		case <-exited:
			return nil
		case <-done:
			return nil
		case <-tick.C:
		}
		t := time.Now()
		now := readRan()
		// One stop per function; the first one's stacks are the sample's.
		var threads []gdbmi.ThreadSample
		values := map[int][]profile.ExprValue{} // by tid
		for k, fn := range c.funcs {
			var exprs []string
			for _, i := range c.byFunc[fn] {
				exprs = append(exprs, c.exprs[i].Expr)
			}
			ts, err := sess.Sample(fn, exprs)
			if err != nil {
				if errors.Is(err, gdbmi.ErrExited) {
					return nil
				}
				return err
			}
			if k == 0 {
				threads = ts
			}
			for _, th := range ts {
				if !th.InFunc {
					continue
				}
				for j, r := range th.Values {
					if j < len(c.byFunc[fn]) {
						values[th.TID] = append(values[th.TID], Value(int32(c.byFunc[fn][j]), r))
					}
				}
			}
		}
		for _, th := range threads {
			before, seen := ran[th.TID]
			after, ok := now[th.TID]
			if !seen || !ok || after <= before {
				continue // did not run since the last sample (or is new)
			}
			vals = append(vals[:0], values[th.TID]...)
			if err := c.s.WriteStack(int32(pid), int32(th.TID), t, int64(after-before), th.Stack, vals); err != nil {
				return err
			}
		}
		ran = now
	}
}

// Value turns gdb's answer for expression i into a value: its text, and
// its number when the text starts with one ("97 'a'" is 97, "0x10" 16).
func Value(i int32, r gdbmi.Result) profile.ExprValue {
	v := profile.ExprValue{Expr: i}
	switch {
	case r.Err == nil:
		v.Status, v.Text = profile.ExprOK, r.Text
		word, _, _ := strings.Cut(r.Text, " ")
		if n, err := strconv.ParseInt(word, 0, 64); err == nil {
			v.Num, v.HasNum = float64(n), true
		} else if u, err := strconv.ParseUint(word, 0, 64); err == nil {
			v.Num, v.HasNum = float64(u), true
		} else if x, err := strconv.ParseFloat(word, 64); err == nil {
			v.Num, v.HasNum = x, true
		}
	case errors.Is(r.Err, gdbmi.ErrOptimizedOut):
		v.Status = profile.ExprOptimizedOut
	default:
		v.Status = profile.ExprUnavailable
		var ee *gdbmi.ExprError
		if errors.As(r.Err, &ee) {
			v.Text = ee.Msg
		} else {
			v.Text = r.Err.Error()
		}
	}
	return v
}
