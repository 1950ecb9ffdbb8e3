package gdbmi

import (
	"bufio"
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

// countdown is a running testdata/countdown.c.
type countdown struct {
	bin   string
	cmd   *exec.Cmd
	out   bytes.Buffer
	slots *os.File
	n     int64
	thr   int
}

// buildCountdown compiles testdata/countdown.c at -O0 -g, as the brief of
// --gdb asks (gdb and sonde's evaluator both see every variable).
func buildCountdown(t *testing.T) string {
	t.Helper()
	testprog.Require(t, "gdb")
	src, err := filepath.Abs("testdata/countdown.c")
	if err != nil {
		t.Fatal(err)
	}
	return testprog.Build(t, src, testprog.Opts{Compiler: "gcc", Flags: []string{"-O0", "-g", "-pthread"}})
}

// startCountdown starts countdown with n and threads, and waits until every
// thread has published a value.
func startCountdown(t *testing.T, n int64, threads int) *countdown {
	t.Helper()
	c := &countdown{bin: buildCountdown(t), n: n, thr: threads}
	f, err := os.CreateTemp(t.TempDir(), "slots")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(64 * 8); err != nil {
		t.Fatal(err)
	}
	c.slots = f
	t.Cleanup(func() { f.Close() })
	c.cmd = exec.Command(c.bin, f.Name(), strconv.FormatInt(n, 10), strconv.Itoa(threads))
	c.cmd.Stdout = &c.out
	c.cmd.Stderr = &c.out
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if c.cmd.ProcessState == nil {
			c.cmd.Process.Kill()
			c.cmd.Wait()
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for {
		ready := true
		for i := range threads {
			if c.slot(t, i) == 0 {
				ready = false
			}
		}
		if ready {
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("countdown did not start its %d threads in 30 s", threads)
		}
		time.Sleep(time.Millisecond)
	}
}

// slot reads thread i's published n from the shared file.
func (c *countdown) slot(t *testing.T, i int) int64 {
	t.Helper()
	var b [8]byte
	if _, err := c.slots.ReadAt(b[:], int64(i)*8); err != nil {
		t.Fatal(err)
	}
	return int64(binary.LittleEndian.Uint64(b[:]))
}

// progress sums the slots: it changes while any thread counts.
func (c *countdown) progress(t *testing.T) int64 {
	var sum int64
	for i := range c.thr {
		sum += c.slot(t, i)
	}
	return sum
}

// wantOutput is what countdown prints when left alone: the sum of k&7 for
// k = 1..n, per thread, in closed form (each run of 8 adds 0+1+...+7 = 28),
// and the signals the test sent.
func (c *countdown) wantOutput(sigint, usr1 int) string {
	q, r := c.n/8, c.n%8
	sum := (q*28 + r*(r+1)/2) * int64(c.thr)
	return fmt.Sprintf("sum=%d sigint=%d usr1=%d\n", sum, sigint, usr1)
}

// finish waits for countdown's end and checks its output and exit status 3.
func (c *countdown) finish(t *testing.T, sigint, usr1 int) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	// A loaded machine may take minutes to finish the count; what must
	// not happen is a count that stops moving.
	last, still := c.progress(t), 0
wait:
	for {
		select {
		case <-done:
			break wait
		case <-time.After(time.Second):
		}
		now := c.progress(t)
		if now == last {
			still++
		} else {
			still = 0
		}
		last = now
		if still == 20 {
			st, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.cmd.Process.Pid))
			c.cmd.Process.Kill()
			<-done
			t.Fatalf("countdown stopped counting for 20 s after Close (left stopped?): /proc/PID/stat %q", st)
		}
	}
	ws := c.cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		t.Fatalf("countdown died of %v; output %q", ws.Signal(), c.out.String())
	}
	if ws.ExitStatus() != 3 {
		t.Errorf("countdown exit status %d, want 3", ws.ExitStatus())
	}
	if got, want := c.out.String(), c.wantOutput(sigint, usr1); got != want {
		t.Errorf("countdown printed %q, want %q", got, want)
	}
}

// funcRange is a function's [lo, hi) in the running process: nm -S's
// link-time range plus the load bias from /proc/PID/maps.
type funcRange struct{ lo, hi uint64 }

func (r funcRange) has(pc uint64) bool { return pc >= r.lo && pc < r.hi }

// ranges returns the run-time ranges of the named functions of c's
// executable (oracle: binutils nm -S and /proc/PID/maps).
func (c *countdown) ranges(t *testing.T, names ...string) map[string]funcRange {
	t.Helper()
	syms, err := oracle.Nm(t, c.bin, false)
	if err != nil {
		t.Fatal(err)
	}
	bias := loadBias(t, c.cmd.Process.Pid, c.bin)
	out := map[string]funcRange{}
	for _, s := range syms {
		if slices.Contains(names, s.Name) && s.IsFunc() {
			out[s.Name] = funcRange{s.Addr + bias, s.Addr + s.Size + bias}
		}
	}
	for _, n := range names {
		if _, ok := out[n]; !ok {
			t.Fatalf("nm -S %s: no function %s", c.bin, n)
		}
	}
	return out
}

// loadBias is the run-time address of bin's first PT_LOAD minus its link
// address.
func loadBias(t *testing.T, pid int, bin string) uint64 {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var first *elf.Prog
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			first = p
			break
		}
	}
	if first == nil {
		t.Fatalf("%s: no PT_LOAD", bin)
	}
	for _, m := range mapsOf(t, pid) {
		if m.path == bin && m.off == 0 {
			return m.lo - (first.Vaddr &^ (first.Align - 1))
		}
	}
	t.Fatalf("/proc/%d/maps: %s not mapped at offset 0", pid, bin)
	return 0
}

type mapping struct {
	lo, hi, off uint64
	perms, path string
}

func mapsOf(t *testing.T, pid int) []mapping {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ms []mapping
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 5 {
			continue
		}
		var m mapping
		lo, hi, _ := strings.Cut(fs[0], "-")
		m.lo, _ = strconv.ParseUint(lo, 16, 64)
		m.hi, _ = strconv.ParseUint(hi, 16, 64)
		m.off, _ = strconv.ParseUint(fs[2], 16, 64)
		m.perms = fs[1]
		if len(fs) >= 6 {
			m.path = fs[5]
		}
		ms = append(ms, m)
	}
	return ms
}

// text reads the executable mappings of bin in the process through
// /proc/PID/mem: a breakpoint left behind would change them.
func text(t *testing.T, pid int, bin string) []byte {
	t.Helper()
	mem, err := os.Open(fmt.Sprintf("/proc/%d/mem", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	var all []byte
	for _, m := range mapsOf(t, pid) {
		if m.path != bin || !strings.Contains(m.perms, "x") {
			continue
		}
		b := make([]byte, m.hi-m.lo)
		if _, err := mem.ReadAt(b, int64(m.lo)); err != nil {
			t.Fatalf("read /proc/%d/mem at %#x: %v", pid, m.lo, err)
		}
		all = append(all, b...)
	}
	if len(all) == 0 {
		t.Fatalf("/proc/%d/maps: no executable mapping of %s", pid, bin)
	}
	return all
}

// tasks lists /proc/PID/task: the kernel's threads of the process.
func tasks(t *testing.T, pid int) []int {
	t.Helper()
	es, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	for _, e := range es {
		id, err := strconv.Atoi(e.Name())
		if err == nil {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

func attach(t *testing.T, pid int) *Session {
	t.Helper()
	s, err := Attach(pid)
	if err != nil {
		t.Fatalf("Attach(%d): %v", pid, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestSampleValues samples n in worker and checks each value against the
// values the program published just before and just after the sample; the
// stack against nm's ranges; that signals reach the program (SIGUSR1
// unseen by gdb, an outside SIGINT passed on after gdb's stop) and that the
// program ends as if never sampled, with its text unchanged.
func TestSampleValues(t *testing.T) {
	c := startCountdown(t, 1_500_000_000, 1)
	pid := c.cmd.Process.Pid
	before := text(t, pid, c.bin)
	fr := c.ranges(t, "worker", "main", "on_usr1", "on_int")
	s := attach(t, pid)

	const samples = 20
	last, first := int64(1<<62), int64(0)
	usr1 := 0
	for i := range samples {
		hi := c.slot(t, 0)
		got, err := s.Sample("worker", []string{"n", "n*2", "no_such_variable", "slot"})
		if err != nil {
			t.Fatalf("sample %d: %v", i, err)
		}
		lo := c.slot(t, 0)
		if len(got) != 1 || got[0].TID != pid {
			t.Fatalf("sample %d: threads %+v, want one with TID %d", i, got, pid)
		}
		ts := got[0]
		if !ts.InFunc || len(ts.Values) != 4 {
			t.Fatalf("sample %d: InFunc %v, %d values; want worker's frame and 4 values", i, ts.InFunc, len(ts.Values))
		}
		n, err := strconv.ParseInt(ts.Values[0].Text, 10, 64)
		if err != nil || ts.Values[0].Err != nil {
			t.Fatalf("sample %d: n = %q, %v", i, ts.Values[0].Text, ts.Values[0].Err)
		}
		// The slot holds n or n+1 at any instant (written before n--).
		if n > hi || n < lo-1 {
			t.Errorf("sample %d: n = %d, program had n in [%d, %d] around the sample", i, n, lo-1, hi)
		}
		// On a loaded machine the program may not have run between two
		// samples; it never counts up.
		if n > last {
			t.Errorf("sample %d: n = %d after %d: n counts down", i, n, last)
		}
		if i == 0 {
			first = n
		}
		last = n
		if want := strconv.FormatInt(2*n, 10); ts.Values[1].Text != want {
			t.Errorf("sample %d: n*2 = %q, want %s", i, ts.Values[1].Text, want)
		}
		var ee *ExprError
		if !errors.As(ts.Values[2].Err, &ee) || !strings.Contains(ee.Msg, "No symbol") {
			t.Errorf("sample %d: no_such_variable = %q, %v; want gdb's No symbol error", i, ts.Values[2].Text, ts.Values[2].Err)
		}
		if ts.Values[3].Text != "0" {
			t.Errorf("sample %d: slot = %q, want 0", i, ts.Values[3].Text)
		}
		// worker <- main; or, stopped in a signal handler, on_usr1 or
		// on_int <- the sigreturn trampoline in libc <- worker <- main.
		k := len(ts.Stack) - 2
		if k < 0 || !fr["worker"].has(ts.Stack[k]) || !fr["main"].has(ts.Stack[k+1]-1) ||
			k == 2 && !fr["on_usr1"].has(ts.Stack[0]) && !fr["on_int"].has(ts.Stack[0]) || k != 0 && k != 2 {
			t.Errorf("sample %d: stack %#x, want a pc in worker %#x and a return address in main %#x, or a signal handler above them (nm -S)", i, ts.Stack, fr["worker"], fr["main"])
		}
		if i%4 == 1 {
			// Passed to the program without a stop (handle all nostop pass).
			syscall.Kill(pid, syscall.SIGUSR1)
			usr1++
		}
		time.Sleep(20 * time.Millisecond)
	}
	if last >= first {
		t.Errorf("n = %d at the first sample and %d at the last: the program did not run between samples", first, last)
	}
	// An outside SIGINT: gdb stops on it; the session passes it on.
	syscall.Kill(pid, syscall.SIGINT)
	time.Sleep(200 * time.Millisecond)
	if _, err := s.Sample("", nil); err != nil {
		t.Fatalf("sample after SIGINT: %v", err)
	}
	if cost, n := s.Cost(); n != samples+1 || cost <= 0 {
		t.Errorf("Cost() = %v, %d; want > 0, %d", cost, n, samples+1)
	}
	// gdb's CPU time: /proc/PID/stat while it runs, wait4's rusage after
	// Close; two accounts of the kernel that must agree in order.
	during, err := s.CPU()
	if err != nil || during <= 0 {
		t.Errorf("CPU() while gdb runs = %v, %v; want > 0 (gdb read the symbols)", during, err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if total, err := s.CPU(); err != nil || total+10*time.Millisecond < during {
		t.Errorf("CPU() after Close = %v, %v; want at least %v, the figure while gdb ran", total, err, during)
	}
	if after := text(t, pid, c.bin); !bytes.Equal(before, after) {
		t.Errorf("the program's text differs after Close (%d bytes)", len(before))
	}
	c.finish(t, 1, usr1)
}

// TestSampleThreads checks that every thread the kernel lists is sampled,
// each with its own n.
func TestSampleThreads(t *testing.T) {
	const threads = 4
	c := startCountdown(t, 400_000_000, threads)
	pid := c.cmd.Process.Pid
	fr := c.ranges(t, "worker", "main", "thread_main")
	s := attach(t, pid)
	for i := range 5 {
		var hi [threads]int64
		for j := range threads {
			hi[j] = c.slot(t, j)
		}
		want := tasks(t, pid)
		// 2 + 30 expressions a thread, 128 answers a sample: more than
		// any buffer of answers would hold, and each must land at its
		// place.
		exprs := []string{"n", "slot"}
		for k := range 30 {
			exprs = append(exprs, fmt.Sprintf("slot*100+%d", k))
		}
		got, err := s.Sample("worker", exprs)
		if err != nil {
			t.Fatalf("sample %d: %v", i, err)
		}
		var tids []int
		for _, ts := range got {
			tids = append(tids, ts.TID)
			if !ts.InFunc || len(ts.Values) != len(exprs) {
				t.Errorf("sample %d: thread %d not in worker: %+v", i, ts.TID, ts)
				continue
			}
			slot, err1 := strconv.Atoi(ts.Values[1].Text)
			n, err2 := strconv.ParseInt(ts.Values[0].Text, 10, 64)
			if err1 != nil || err2 != nil || slot < 0 || slot >= threads {
				t.Errorf("sample %d: thread %d: n %q slot %q", i, ts.TID, ts.Values[0].Text, ts.Values[1].Text)
				continue
			}
			for k, v := range ts.Values[2:] {
				if want := strconv.Itoa(slot*100 + k); v.Text != want || v.Err != nil {
					t.Errorf("sample %d: thread %d: %s = %q, %v; want %s", i, ts.TID, exprs[2+k], v.Text, v.Err, want)
				}
			}
			if lo := c.slot(t, slot); n > hi[slot] || n < lo-1 {
				t.Errorf("sample %d: thread %d (slot %d): n = %d, program had n in [%d, %d]", i, ts.TID, slot, n, lo-1, hi[slot])
			}
			caller := "thread_main"
			if ts.TID == pid {
				caller = "main"
			}
			if len(ts.Stack) < 2 || !fr["worker"].has(ts.Stack[0]) || !fr[caller].has(ts.Stack[1]-1) {
				t.Errorf("sample %d: thread %d: stack %#x, want worker <- %s (nm -S)", i, ts.TID, ts.Stack, caller)
			}
		}
		slices.Sort(tids)
		if !slices.Equal(tids, want) {
			t.Errorf("sample %d: threads %v, /proc/%d/task %v", i, tids, pid, want)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	c.finish(t, 0, 0)
}

// TestSampleUntilExit samples a short run until it ends: ErrExited, no
// hang, and the program's own exit status and output.
func TestSampleUntilExit(t *testing.T) {
	// The run must outlast gdb's attach (about a second, more when the
	// machine is loaded) yet end by itself: a run that ended before the
	// attach is started again with four times the work.
	var c *countdown
	var s *Session
	for n := int64(100_000_000); s == nil; n *= 4 {
		c = startCountdown(t, n, 2)
		var err error
		s, err = Attach(c.cmd.Process.Pid)
		if err != nil {
			if c.cmd.Wait(); c.cmd.ProcessState.Exited() && n < 100_000_000<<10 {
				t.Logf("countdown of %d ended before gdb attached: %v", n, err)
				continue
			}
			t.Fatalf("Attach(%d): %v", c.cmd.Process.Pid, err)
		}
		t.Cleanup(func() { s.Close() })
	}
	deadline := time.Now().Add(60 * time.Second)
	var err error
	n := 0
	for time.Now().Before(deadline) {
		if _, err = s.Sample("worker", []string{"n"}); err != nil {
			break
		}
		n++
	}
	if !errors.Is(err, ErrExited) {
		t.Fatalf("after %d samples: %v, want ErrExited", n, err)
	}
	if _, err := s.Sample("worker", []string{"n"}); !errors.Is(err, ErrExited) {
		t.Errorf("sample after the exit: %v, want ErrExited", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close after the exit: %v", err)
	}
	c.finish(t, 0, 0)
}

// TestGDBDies kills gdb under a session, while the program runs and while
// gdb holds it stopped (between the interrupt and the continue of a
// sample): Sample fails (not ErrExited), and the program runs on to its
// normal end, not stopped and without the SIGINT gdb stopped it with.
func TestGDBDies(t *testing.T) {
	for _, stopped := range []bool{false, true} {
		t.Run(map[bool]string{false: "running", true: "stopped"}[stopped], func(t *testing.T) {
			c := startCountdown(t, 400_000_000, 1)
			s := attach(t, c.cmd.Process.Pid)
			if _, err := s.Sample("worker", []string{"n"}); err != nil {
				t.Fatal(err)
			}
			if stopped {
				s.mu.Lock()
				if err := s.stop(); err != nil {
					t.Fatal(err)
				}
				s.mu.Unlock()
			}
			s.gdb.Process.Kill()
			<-s.dead
			_, err := s.Sample("worker", []string{"n"})
			if err == nil || errors.Is(err, ErrExited) {
				t.Errorf("Sample after gdb died: %v, want gdb's death", err)
			}
			s.Close()
			if _, err := s.Sample("worker", nil); !errors.Is(err, ErrClosed) {
				t.Errorf("Sample after Close: %v, want ErrClosed", err)
			}
			c.finish(t, 0, 0)
		})
	}
}

// TestAttachFails: a pid that does not exist is gdb's error, not a hang.
func TestAttachFails(t *testing.T) {
	testprog.Require(t, "gdb")
	// A pid above pid_max (4194304 at most on Linux) names no process.
	s, err := Attach(1 << 23)
	if err == nil {
		s.Close()
		t.Fatal("Attach to a pid that cannot exist succeeded")
	}
	var ge *GDBError
	if !errors.As(err, &ge) {
		t.Errorf("Attach: %v, want gdb's ^error", err)
	}
}

// TestAttachStopped attaches to a process in a group stop (SIGSTOP), as
// sonde record --gdb does with a command it started stopped, then sends
// SIGCONT: samples follow, stacks only, and the program ends normally.
func TestAttachStopped(t *testing.T) {
	c := startCountdown(t, 500_000_000, 1)
	pid := c.cmd.Process.Pid
	syscall.Kill(pid, syscall.SIGSTOP)
	waitState(t, pid, 'T')
	s := attach(t, pid)
	syscall.Kill(pid, syscall.SIGCONT)
	hi := c.slot(t, 0)
	for i := range 3 {
		time.Sleep(20 * time.Millisecond)
		got, err := s.Sample("", nil)
		if err != nil {
			t.Fatalf("sample %d: %v", i, err)
		}
		if len(got) != 1 || got[0].TID != pid || got[0].InFunc || got[0].Values != nil || len(got[0].Stack) < 2 {
			t.Errorf("sample %d: %+v, want one thread %d with a stack and no values", i, got, pid)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	c.finish(t, 0, 0)
	if hi == 0 {
		t.Error("the program published no n before the samples")
	}
}

// waitState waits until /proc/PID/stat says state.
func waitState(t *testing.T, pid int, state byte) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			t.Fatal(err)
		}
		if i := bytes.LastIndexByte(b, ')'); i > 0 && i+2 < len(b) && b[i+2] == state {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("pid %d not in state %c after 10 s", pid, state)
}

// TestInterpreterFallback puts a gdb on PATH that refuses mi3 as gdb 8
// does ("Interpreter `mi3' unrecognized") and runs the real gdb for mi2;
// and one that dies at once. Attach falls back to mi2 for the first and
// returns gdb's message for the second, without hanging.
func TestInterpreterFallback(t *testing.T) {
	real := testprog.Require(t, "gdb")
	tests := []struct {
		name    string
		script  string
		wantErr string // "" = Attach works, with mi2
	}{
		{"gdb 8 without mi3", `case "$1" in --interpreter=mi3) echo "Interpreter \` + "`" + `mi3' unrecognized" >&2; exit 1;; esac; exec ` + real + ` "$@"`, ""},
		{"gdb that dies", `echo "gdb: cannot start: no terminal" >&2; exit 1`, "cannot start"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "gdb"), []byte("#!/bin/sh\n"+tt.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			t.Setenv("PATH", dir+":"+os.Getenv("PATH"))
			var c *countdown
			pid := 1 << 23 // no such process
			if tt.wantErr == "" {
				c = startCountdown(t, 300_000_000, 1)
				pid = c.cmd.Process.Pid
			}
			s, err := Attach(pid)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Attach: %v, want an error with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Attach: %v", err)
			}
			if s.interp != "mi2" {
				t.Errorf("interpreter %s, want mi2", s.interp)
			}
			got, err := s.Sample("worker", []string{"n"})
			if err != nil || len(got) != 1 || !got[0].InFunc || got[0].Values[0].Err != nil {
				t.Errorf("Sample over mi2: %+v, %v", got, err)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			c.finish(t, 0, 0)
		})
	}
}

// TestSampleBlocked samples a program blocked in read(2): its stack ends in
// main, and the read goes on to return the data written after the samples,
// not EINTR.
func TestSampleBlocked(t *testing.T) {
	testprog.Require(t, "gdb")
	src, err := filepath.Abs("testdata/blocked.c")
	if err != nil {
		t.Fatal(err)
	}
	bin := testprog.Build(t, src, testprog.Opts{Compiler: "gcc", Flags: []string{"-O0", "-g"}})
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	pid := cmd.Process.Pid
	waitState(t, pid, 'S') // asleep in read
	syms, err := oracle.Nm(t, bin, false)
	if err != nil {
		t.Fatal(err)
	}
	bias := loadBias(t, pid, bin)
	var mainFn funcRange
	for _, s := range syms {
		if s.Name == "main" && s.IsFunc() {
			mainFn = funcRange{s.Addr + bias, s.Addr + s.Size + bias}
		}
	}
	s := attach(t, pid)
	for i := range 5 {
		got, err := s.Sample("main", []string{"sizeof buf"})
		if err != nil {
			t.Fatalf("sample %d: %v", i, err)
		}
		if len(got) != 1 || !got[0].InFunc || got[0].Values[0].Text != "64" {
			t.Fatalf("sample %d: %+v, want main's frame with sizeof buf = 64", i, got)
		}
		st := got[0].Stack
		if len(st) < 2 || !mainFn.has(st[len(st)-1]-1) || mainFn.has(st[0]) {
			t.Errorf("sample %d: stack %#x, want read's frames above main %#x (nm -S)", i, st, mainFn)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(in, "hello\n")
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("blocked: %v; output %q", err, out.String())
	}
	if got, want := out.String(), "read 6 bytes: hello\n"; got != want {
		t.Errorf("blocked printed %q, want %q", got, want)
	}
}

// TestSampleOptimizedOut samples spin of optout.c (gcc -O2), whose n DWARF
// does not locate in the loop: gdb's "<optimized out>" is a Result error
// wrapping ErrOptimizedOut, never a value; where gdb does give a value it
// is the one the program printed; and sink, a global, always reads.
func TestSampleOptimizedOut(t *testing.T) {
	testprog.Require(t, "gdb")
	src, err := filepath.Abs("testdata/optout.c")
	if err != nil {
		t.Fatal(err)
	}
	bin := testprog.Build(t, src, testprog.Opts{Compiler: "gcc", Flags: []string{"-O2", "-g"}})
	cmd := exec.Command(bin, "7")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimPrefix(strings.TrimSpace(line), "n=")
	s := attach(t, cmd.Process.Pid)
	optimizedOut := 0
	for i := range 10 {
		got, err := s.Sample("spin", []string{"n", "sink"})
		if err != nil {
			t.Fatalf("sample %d: %v", i, err)
		}
		if len(got) != 1 || !got[0].InFunc {
			t.Fatalf("sample %d: %+v, want one thread in spin", i, got)
		}
		n, sink := got[0].Values[0], got[0].Values[1]
		switch {
		case errors.Is(n.Err, ErrOptimizedOut):
			optimizedOut++
		case n.Err != nil || n.Text != want:
			t.Errorf("sample %d: n = %q, %v; want %s (printed by the program) or optimized out", i, n.Text, n.Err, want)
		}
		if _, err := strconv.ParseInt(sink.Text, 10, 64); err != nil || sink.Err != nil {
			t.Errorf("sample %d: sink = %q, %v; want a number", i, sink.Text, sink.Err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if optimizedOut == 0 {
		t.Error("n was never optimized out: the fixture no longer tests it (gcc changed?)")
	}
}

// TestSampleForker samples a program that starts children (system(3),
// fork + exec) until it exits: every child exits 0, unaffected by gdb, and
// the parent's samples go on to ErrExited.
func TestSampleForker(t *testing.T) {
	testprog.Require(t, "gdb")
	testprog.Require(t, "true")
	src, err := filepath.Abs("testdata/forker.c")
	if err != nil {
		t.Fatal(err)
	}
	bin := testprog.Build(t, src, testprog.Opts{Compiler: "gcc", Flags: []string{"-O0", "-g"}})
	cmd := exec.Command(bin, "40")
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	s := attach(t, cmd.Process.Pid)
	deadline := time.Now().Add(120 * time.Second)
	n := 0
	for {
		if time.Now().After(deadline) {
			t.Fatalf("still sampling after 120 s (%d samples)", n)
		}
		if _, err = s.Sample("burn", []string{"n"}); err != nil {
			break
		}
		n++
		time.Sleep(5 * time.Millisecond)
	}
	if !errors.Is(err, ErrExited) {
		t.Fatalf("after %d samples: %v, want ErrExited", n, err)
	}
	s.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("forker: %v", err)
	}
	if got, want := out.String(), "children ok: 41 of 41\n"; got != want {
		t.Errorf("forker printed %q, want %q", got, want)
	}
	if n == 0 {
		t.Error("no sample before the exit")
	}
}
