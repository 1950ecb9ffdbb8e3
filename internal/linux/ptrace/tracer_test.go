package ptrace

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/linux/unix"
	"sonde/internal/testprog"
	"sonde/proc"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

// seen is what a test's client records of one tracee.
type seen struct {
	kinds []EventKind
	sigs  []syscall.Signal
}

// TestTracerEvents launches events.c, which makes each event once, and
// checks every event the Tracer reports against what the program did (its
// source is the truth: a thread, SIGUSR1, a fork child that exits 3, a
// group-stop, a vfork child that execs true), and that the program saw its
// own run unchanged (its output and exit status).
func TestTracerEvents(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: compiles a fixture and traces it")
	}
	bin := testprog.Build(t, "ptrace/events.c", testprog.Opts{Flags: []string{"-O1", "-pthread"}})
	truePath := testprog.Require(t, "true")
	// A file, not a buffer: nobody calls cmd.Wait, which would await the
	// copy from a pipe.
	stdout, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	cmd := exec.Command(bin, truePath)
	cmd.Stdout = stdout
	var root int
	var rootWS unix.WaitStatus
	children := map[int]EventKind{} // child tid: the event that made it
	byTID := map[int]*seen{}
	err = Run(Follow, func(tr *Tracer[*seen]) error {
		if _, err := tr.Launch(cmd, func(x *Tracee[*seen]) error {
			root = x.PID
			return nil
		}); err != nil {
			return err
		}
		deadline := time.Now().Add(time.Minute)
		for time.Now().Before(deadline) {
			ev, ok := tr.Poll()
			if !ok {
				time.Sleep(time.Millisecond)
				continue
			}
			x := ev.Tracee
			s := byTID[x.TID]
			if s == nil {
				s = &seen{}
				byTID[x.TID] = s
			}
			s.kinds, s.sigs = append(s.kinds, ev.Kind), append(s.sigs, ev.Sig)
			switch ev.Kind {
			case Exited:
				if x.TID == root {
					rootWS = ev.Status
					return nil
				}
			case Forked, Vforked, Cloned:
				children[ev.Child.TID] = ev.Kind
				if (ev.Kind == Cloned) != (ev.Child.PID == x.PID) || ev.Kind != Cloned && ev.Child.PID != ev.Child.TID {
					t.Errorf("%v: child %d of process %d, from %d of %d: thread and process mixed up", ev.Kind, ev.Child.TID, ev.Child.PID, x.TID, x.PID)
				}
				heldUntilResumed(t, tr, ev)
				tr.Cont(x, 0)
			case GroupStopped:
				unix.Kill(x.PID, syscall.SIGCONT) // as a shell's fg would
			case Signaled:
				tr.Cont(x, int(ev.Sig))
			default:
				tr.Cont(x, 0)
			}
		}
		t.Error("the program did not end within a minute")
		tr.DetachAll(time.Second, nil)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out, _ := os.ReadFile(stdout.Name())
	if got := string(out); got != "usr1 1 fork 3 vfork 0\n" || !rootWS.Exited() || rootWS.ExitStatus() != 0 {
		t.Errorf("the program printed %q and ended %v; want usr1 1 fork 3 vfork 0, exit 0", got, rootWS)
	}
	count := func(s *seen, k EventKind, sig syscall.Signal) int {
		n := 0
		for i, x := range s.kinds {
			if x == k && (sig == 0 || s.sigs[i] == sig) {
				n++
			}
		}
		return n
	}
	r := byTID[root]
	if r == nil {
		t.Fatal("no event of the program")
	}
	t.Logf("program %d: %v %v; children %v", root, r.kinds, r.sigs, children)
	for _, want := range []struct {
		k   EventKind
		sig syscall.Signal
	}{{Cloned, 0}, {Forked, 0}, {Vforked, 0}, {Signaled, syscall.SIGUSR1}, {Signaled, syscall.SIGSTOP}, {GroupStopped, syscall.SIGSTOP}, {Exited, 0}} {
		if n := count(r, want.k, want.sig); n != 1 {
			t.Errorf("program: %d %v events (signal %v), want 1", n, want.k, want.sig)
		}
	}
	// The end of the group-stop is the Tracer's; the program asked no
	// interrupt and made no exec.
	if n, m := count(r, Execed, 0), count(r, Interrupted, 0); n != 0 || m != 0 {
		t.Errorf("program: %d exec and %d interrupted events, want none", n, m)
	}
	for tid, k := range children {
		s := byTID[tid]
		if s == nil {
			t.Errorf("%v child %d: no event", k, tid)
			continue
		}
		last := len(s.kinds) - 1
		if s.kinds[last] != Exited {
			t.Errorf("%v child %d: events %v, want its exit last", k, tid, s.kinds)
		}
		if want := map[EventKind]int{Vforked: 1}[k]; count(s, Execed, 0) != want {
			t.Errorf("%v child %d: events %v, want %d exec", k, tid, s.kinds, want)
		}
	}
	if len(children) != 3 {
		t.Errorf("children %v, want a thread, a fork and a vfork", children)
	}
}

// heldUntilResumed checks that the child of fork, vfork or clone event ev
// stays at its attach stop while its parent has not been resumed: the
// Tracer reports no event of it, and it is in a tracing stop (state t)
// twice in a row, a wait in between (which, before the Tracer held
// children, continued it from its attach stop).
func heldUntilResumed[T any](t *testing.T, tr *Tracer[T], ev Event[T]) {
	t.Helper()
	c := ev.Child
	stops := 0
	for deadline := time.Now().Add(time.Minute); stops < 2 && time.Now().Before(deadline); {
		if e, ok, err := tr.WaitFor(c, false); ok || err != nil {
			t.Errorf("%v child %d: event %v (%v) before its parent was resumed, want none", ev.Kind, c.TID, e.Kind, err)
			return
		}
		if st, err := proc.ReadStat(c.TID); err == nil && st.State == "t" {
			stops++
		} else {
			stops = 0
			time.Sleep(time.Millisecond)
		}
	}
	if stops < 2 {
		t.Errorf("%v child %d: not held at its attach stop within a minute", ev.Kind, c.TID)
	}
}

// TestTracerStepDetach seizes a running process, interrupts it, steps it
// one instruction, drops the step's SIGTRAP and detaches that one thread:
// the process is untraced after it and runs to its normal end (a SIGTRAP
// delivered at the detach would kill it).
func TestTracerStepDetach(t *testing.T) {
	target, stop := startWaiting(t)
	pid := target.Process.Pid
	err := Run(Follow, func(tr *Tracer[struct{}]) error {
		xs, err := tr.Seize(pid)
		if err != nil || len(xs) != 1 {
			tr.DetachAll(time.Second, nil)
			return fmt.Errorf("seize %d: %d tracees, %v; want 1", pid, len(xs), err)
		}
		x := xs[0]
		if again, err := tr.Seize(pid); len(again) != 0 || err != nil {
			t.Errorf("second seize: %d tracees, %v; want none (the thread is traced)", len(again), err)
		}
		for deadline := time.Now().Add(time.Minute); ; {
			if !time.Now().Before(deadline) {
				tr.DetachAll(time.Second, nil)
				return fmt.Errorf("no interrupt stop within a minute")
			}
			if x.Interruptible() {
				if err := tr.Interrupt(x); err != nil {
					return err
				}
			}
			ev, ok, err := tr.Wait(true)
			if err != nil {
				return err
			}
			if ok && ev.Kind == Interrupted {
				break
			}
			if ok {
				tr.Cont(ev.Tracee, int(ev.Sig))
			}
		}
		if !x.Stopped() || x.Running() {
			t.Errorf("interrupted: stopped %v, running %v; want stopped", x.Stopped(), x.Running())
		}
		if err := tr.Step(x, 0); err != nil {
			return err
		}
		ev, ok, err := tr.WaitFor(x, true)
		if err != nil || !ok || ev.Kind != Signaled || ev.Sig != syscall.SIGTRAP {
			t.Errorf("after a step: %v %v (%v, %v); want a SIGTRAP", ev.Kind, ev.Sig, ok, err)
		}
		if x.Signal() != int(syscall.SIGTRAP) {
			t.Errorf("pending signal %d after the step, want SIGTRAP", x.Signal())
		}
		x.DropSignal()
		if x.Signal() != 0 {
			t.Errorf("pending signal %d after DropSignal, want 0", x.Signal())
		}
		if err := tr.Detach(x, x.Signal()); err != nil {
			return err
		}
		if tr.Len() != 0 {
			t.Errorf("%d tracees after the detach, want none", tr.Len())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	runsUntraced(t, target, stop)
}

// startWaiting starts threads.c, which waits for file stop to exist
// (without using the CPU) and then runs two threads for 20 ms of CPU each;
// it is killed at the end of the test.
func startWaiting(t *testing.T) (*exec.Cmd, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: compiles a fixture and traces it")
	}
	bin := testprog.Build(t, "record/threads.c", testprog.Opts{Flags: []string{"-O1", "-pthread"}})
	stop := filepath.Join(t.TempDir(), "stop")
	target := exec.Command(bin, stop, "20ms")
	if err := target.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { target.Process.Kill() })
	return target, stop
}

// runsUntraced checks that target, started by startWaiting, is no longer
// traced (TracerPid 0), and, told to go on (stop), runs to its normal end.
func runsUntraced(t *testing.T, target *exec.Cmd, stop string) {
	t.Helper()
	status, err := os.ReadFile("/proc/" + strconv.Itoa(target.Process.Pid) + "/status")
	if err != nil || !strings.Contains(string(status), "TracerPid:\t0\n") {
		t.Errorf("after the detach: %v, status %q; want TracerPid 0", err, status)
	}
	os.WriteFile(stop, nil, 0o644)
	if err := target.Wait(); err != nil {
		t.Errorf("the process after the detach: %v; want exit 0", err)
	}
}

// TestTracerSeizeDetach seizes a running process, interrupts it, and
// detaches: the process is untraced after it (TracerPid 0) and runs to its
// normal end, threads included.
func TestTracerSeizeDetach(t *testing.T) {
	target, stop := startWaiting(t)
	pid := target.Process.Pid
	asked := 0
	err := Run(Follow, func(tr *Tracer[struct{}]) error {
		xs, err := tr.Seize(pid)
		if err != nil {
			tr.DetachAll(time.Second, nil)
			return err
		}
		if len(xs) != 1 || xs[0].TID != pid || xs[0].PID != pid || !xs[0].Interruptible() {
			t.Errorf("seized %d tracees, want the one thread %d, interruptible", len(xs), pid)
		}
		for deadline := time.Now().Add(time.Minute); asked == 0 && time.Now().Before(deadline); {
			// Any other stop (the end of an exec the seize caught)
			// takes the place of an interrupt's: ask again.
			if xs[0].Interruptible() {
				if err := tr.Interrupt(xs[0]); err != nil {
					return err
				}
			}
			ev, ok := tr.Poll()
			if !ok {
				time.Sleep(time.Millisecond)
				continue
			}
			if ev.Kind == Interrupted {
				asked++
			}
			tr.Cont(ev.Tracee, int(ev.Sig))
		}
		if exits := tr.DetachAll(time.Second, nil); len(exits) != 0 || tr.Len() != 0 {
			t.Errorf("detach: %d exits, %d tracees left; want none", len(exits), tr.Len())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if asked != 1 {
		t.Errorf("%d interrupt stops, want 1", asked)
	}
	if st, err := proc.ReadStat(pid); err != nil || st.State == "t" || st.State == "T" {
		t.Errorf("after the detach: state %q, %v; want it running or sleeping", st.State, err)
	}
	runsUntraced(t, target, stop)
}

// TestTracerDetachVfork detaches while a vfork parent waits for its child:
// the parent can stop only once the child has exec'd, so DetachAll must
// let the child go as soon as it stops. It failed when DetachAll detached
// nothing before every tracee had stopped: it then left the parent traced
// (to the kernel's detach at the end of the tracing thread).
func TestTracerDetachVfork(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: compiles a fixture and traces it")
	}
	bin := testprog.Build(t, "ptrace/vfork_wait.c", testprog.Opts{Flags: []string{"-O1"}})
	truePath := testprog.Require(t, "true")
	file := filepath.Join(t.TempDir(), "go")
	cmd := exec.Command(bin, file, truePath)
	var parent, child int
	var tracerPid string
	err := Run(Follow, func(tr *Tracer[struct{}]) error {
		p, err := tr.Launch(cmd, nil)
		if err != nil {
			return err
		}
		parent = p.PID
		for deadline := time.Now().Add(time.Minute); child == 0 && time.Now().Before(deadline); {
			ev, ok := tr.Poll()
			if !ok {
				time.Sleep(time.Millisecond)
				continue
			}
			if ev.Kind == Vforked {
				child = ev.Child.TID
			}
			tr.Cont(ev.Tracee, int(ev.Sig))
		}
		if child == 0 {
			t.Error("no vfork event within a minute")
		}
		// Let the child exec once it is no longer traced.
		go func() {
			for start := time.Now(); time.Since(start) < time.Minute; {
				if st, err := os.ReadFile("/proc/" + strconv.Itoa(child) + "/status"); err == nil && strings.Contains(string(st), "TracerPid:\t0\n") {
					os.WriteFile(file, nil, 0o644)
					return
				}
				time.Sleep(time.Millisecond)
			}
		}()
		tr.DetachAll(time.Minute, nil)
		st, _ := os.ReadFile("/proc/" + strconv.Itoa(parent) + "/status")
		tracerPid = string(st)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tracerPid, "TracerPid:\t0\n") {
		t.Errorf("after DetachAll the vfork parent is still traced:\n%s", tracerPid)
	}
	os.WriteFile(file, nil, 0o644)
	if err := cmd.Wait(); err != nil {
		t.Errorf("the vfork parent after the detach: %v; want exit 0", err)
	}
}
