package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
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
	"sonde/profile/datafile"
	"sonde/sample"
)

// runRecordGDB is record --gdb: PCT's debugger collector (Blake & Bauer
// 2002, sections 3 and 4.3). gdb is attached to the process through its
// machine interface; every 1/F s of wall time sonde interrupts it, lists
// every thread's stack, evaluates the --expr expressions in their
// function's innermost frame, and lets it run again. Threads that did not
// run since the previous sample are not sampled, and each sample weighs
// the CPU time its thread ran (/proc/TID/schedstat), so the profile is of
// CPU time as the perf sampler's is. It samples one process (the command,
// or one -p PID), not its children. What a sample costs is written in a
// run note and printed at the end.
func runRecordGDB(e *env, f *recordFlags, x *recordExprFlags, pids []int, cmdArgs []string) int {
	const verb = "record"
	if len(pids) > 1 {
		fmt.Fprintln(e.stderr, "sonde record: --gdb samples one process: give one -p PID")
		return exitUsage
	}
	if f.histogram || f.callGraph != "" || f.kernel || f.jitter {
		fmt.Fprintln(e.stderr, "sonde record: --gdb takes whole stacks from gdb: not with --histogram, --call-graph, -k or --jitter")
		return exitUsage
	}
	// gdb evaluates every expression of one function in one stop: group
	// them by function, in order of first appearance.
	var funcs []string
	byFunc := map[string][]int{}
	for i, d := range x.exprs {
		if _, ok := byFunc[d.Func]; !ok {
			funcs = append(funcs, d.Func)
		}
		byFunc[d.Func] = append(byFunc[d.Func], i)
	}
	if len(funcs) == 0 {
		funcs = []string{""} // stacks only
	}

	w, err := datafile.Create(f.out)
	if err != nil {
		return fail(e, verb, err)
	}
	s, err := sample.New(w, sample.Options{Freq: f.freq, Ring: f.ring})
	if err != nil {
		w.Close()
		return fail(e, verb, err)
	}
	defer s.Close()
	command := cmdArgs
	if len(command) == 0 {
		command = []string{"-p", joinInts(pids)}
	}
	start := time.Now()
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "record", Command: command, Start: start, SampleTypes: sample.SampleTypes, Period: s.Period()}); err != nil {
		w.Close()
		return fail(e, verb, err)
	}
	if err := writeExprDefs(w, x.exprs); err != nil {
		w.Close()
		return fail(e, verb, err)
	}
	w.WriteNote(fmt.Sprintf("sampler: gdb (GDB/MI) interrupts the process every %v of wall time; threads that ran since the last sample, weighed by their CPU time", time.Duration(s.Period())))

	// The command starts stopped at its exec, so that gdb is attached
	// before it runs an instruction of its own.
	var cmd *exec.Cmd
	pid := 0
	if len(cmdArgs) > 0 {
		cmd = exec.Command(cmdArgs[0], cmdArgs[1:]...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
		runtime.LockOSThread()
		pid, err = ptrace.StartDetachedStopped(cmd)
		runtime.UnlockOSThread()
		if err != nil {
			w.Close()
			return failCommand(e, verb, err)
		}
	} else {
		pid = pids[0]
	}
	killCmd := func() {
		if cmd != nil {
			cmd.Process.Kill()
			cmd.Process.Signal(syscall.SIGCONT)
			cmd.Wait()
		}
	}
	if err := s.Track(pid); err != nil {
		killCmd()
		w.Close()
		return fail(e, verb, err)
	}
	sess, err := gdbmi.Attach(pid)
	if err != nil {
		killCmd()
		w.Close()
		return fail(e, verb, fmt.Errorf("--gdb: %w", err))
	}
	if cmd != nil {
		// Undo the launch's SIGSTOP: gdb passes the signal on.
		unix.Kill(pid, unix.SIGCONT)
	}

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	done := make(chan struct{})
	var waitErr error
	if cmd != nil {
		go func() {
			waitErr = cmd.Wait()
			close(done)
		}()
	}
	var timeout <-chan time.Time
	if f.duration > 0 {
		timeout = time.After(f.duration)
	}
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
	period := time.Duration(s.Period())
	tick := time.NewTicker(period)
	defer tick.Stop()
	var sampleErr error
	var vals []profile.ExprValue
loop:
	for {
		select {
		case <-done:
			break loop
		case <-timeout:
			break loop
		case sig := <-sigs:
			if cmd == nil {
				break loop
			}
			if sig == syscall.SIGTERM {
				cmd.Process.Signal(sig)
			}
			continue
		case <-tick.C:
		}
		t := time.Now()
		now := readRan()
		// One stop per function; the first one's stacks are the sample's.
		var threads []gdbmi.ThreadSample
		values := map[int][]profile.ExprValue{} // by tid
		for k, fn := range funcs {
			var exprs []string
			for _, i := range byFunc[fn] {
				exprs = append(exprs, x.exprs[i].Expr)
			}
			ts, err := sess.Sample(fn, exprs)
			if err != nil {
				if !errors.Is(err, gdbmi.ErrExited) {
					sampleErr = err
				}
				break loop
			}
			if k == 0 {
				threads = ts
			}
			for _, th := range ts {
				if !th.InFunc {
					continue
				}
				for j, r := range th.Values {
					if j < len(byFunc[fn]) {
						values[th.TID] = append(values[th.TID], gdbValue(int32(byFunc[fn][j]), r))
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
			if err := s.WriteStack(int32(pid), int32(th.TID), t, int64(after-before), th.Stack, vals); err != nil {
				sampleErr = err
				break loop
			}
		}
		ran = now
	}
	cost, n := sess.Cost()
	if err := sess.Close(); err != nil && sampleErr == nil && cmd == nil {
		sampleErr = err
	}
	status := exitOK
	if cmd != nil {
		if sampleErr != nil {
			cmd.Process.Signal(syscall.SIGTERM)
		}
		<-done
		var how string
		status, how = exitStatus(cmd, waitErr)
		w.WriteProcessEnd(int32(pid), how)
	}
	if err := s.FinishExternal(); err != nil && sampleErr == nil {
		sampleErr = err
	}
	note := fmt.Sprintf("gdb: %d stops of the process, %.0f µs each (interrupt, stacks, %d expressions, continue); PCT measured 500-1000 µs", n, float64(cost)/1e3, len(x.exprs))
	w.WriteNote(note)
	end := time.Now()
	w.WriteRunEnd(end)
	if err := w.Close(); err != nil && sampleErr == nil {
		sampleErr = err
	}
	if sampleErr != nil {
		fail(e, verb, sampleErr)
		if status == exitOK {
			status = exitError
		}
	}
	if !f.quiet {
		st := s.Stats()
		fmt.Fprintf(e.stderr, "sonde record: %d samples through gdb in %.2fs; %s\n", st.Samples, end.Sub(start).Seconds(), note)
	}
	return status
}

// gdbValue turns gdb's answer for expression i into a value: its text, and
// its number when the text starts with one ("97 'a'" is 97, "0x10" 16).
func gdbValue(i int32, r gdbmi.Result) profile.ExprValue {
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
