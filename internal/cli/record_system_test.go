package cli

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/sample"
	"sonde/unwind"
)

// commSamples is an enough function for stopWhen: n samples of processes
// named comm.
func commSamples(comm string, n int) func(*profile.Profile) bool {
	return func(p *profile.Profile) bool { return countComm(p, comm) >= n }
}

// countComm counts the samples of the processes named comm.
func countComm(p *profile.Profile, comm string) int {
	pids := make(map[int32]bool)
	for _, pr := range p.Processes {
		if pr.Comm == comm {
			pids[pr.PID] = true
		}
	}
	c := 0
	for _, s := range p.Samples {
		if pids[s.PID] {
			c++
		}
	}
	return c
}

// TestRecordSystem is sonde record -a while PCT's hier-test runs beside
// another busy process: each hier-test is a process that starts and ends
// during the recording, known only from the per-CPU rings' FORK, COMM and
// MMAP2 records, and its samples, picked out of the whole machine's by
// command name, must still be symbolized and unwound (dwarf) into the
// known 1/3 : 2/3 split of worker's time between dispatch_1 and
// dispatch_2. hier-test runs again and again until the recording holds
// 2500 of its samples: ±5 points is 5.3 binomial standard errors of a 1/3
// share. The busy shell loop must be there too, under its own name.
func TestRecordSystem(t *testing.T) {
	requirePerf(t)
	sh := testprog.Require(t, "sh")
	bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Name: "hiersys", Flags: []string{"-O2", "-g", "-fomit-frame-pointer", "-fno-optimize-sibling-calls"}})
	dir := t.TempDir()
	out := filepath.Join(dir, "all.data")

	// Another process of the machine, busy all along.
	spin := filepath.Join(dir, "spinner")
	if err := os.Symlink(sh, spin); err != nil {
		t.Fatal(err)
	}
	busy := exec.Command(spin, "-c", "while :; do :; done")
	busy.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // not left spinning by a killed test binary
	if err := busy.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { busy.Process.Kill(); busy.Wait() }()

	stopRec, stderr := startSystemRecording(t, out, sample.Options{Freq: 999, CallGraph: sample.CallGraphDWARF, Unwinder: unwind.NewDWARF(), StackSize: 16384}, nil)

	stop, done := stopWhen(t, out, commSamples("hiersys", 2500))
	argv := loopUntil(t, stop, bin, "300000000")
	loop := exec.Command(argv[0], argv[1:]...)
	if err := loop.Run(); err != nil {
		t.Errorf("hier-test loop: %v", err)
	}
	done()
	if c := stopRec(); c != 0 {
		t.Fatalf("record -a: exit %d: %s", c, stderr.String())
	}

	p := readProfile(t, out)
	if n := countComm(p, "hiersys"); n < 2500 {
		t.Fatalf("only %d samples of hiersys among %d", n, len(p.Samples))
	}
	if n := countComm(p, "spinner"); n == 0 {
		t.Errorf("no samples of the busy process 'spinner' among %d", len(p.Samples))
	}
	if len(p.Runs) != 1 || strings.Join(p.Runs[0].Command, " ") != "-a" {
		t.Errorf("runs %+v, want one of command -a", p.Runs)
	}
	var only []string
	for _, pr := range p.Processes {
		if pr.Comm == "hiersys" {
			only = append(only, pr.Comm)
		}
	}
	hier := selectComm(p, "hiersys")
	shares, text := hierShares(t, hier)
	t.Logf("%d samples in all, %d of %d hier-test processes\n%s", len(p.Samples), len(hier.Samples), len(only), text)
	d1 := shares["worker <- dispatch_1 <- main"]
	d2 := shares["worker <- dispatch_2 <- main"]
	n := float64(len(hier.Samples))
	se := 100 * math.Sqrt((1.0/3)*(2.0/3)/n)
	t.Logf("dispatch_1 %.1f%% (%.1f SE from 1/3), dispatch_2 %.1f%%", d1, (d1-100.0/3)/se, d2)
	if d1 < 100.0/3-5 || d1 > 100.0/3+5 || d2 < 200.0/3-5 || d2 > 200.0/3+5 {
		t.Errorf("dispatch_1 %.1f%%, dispatch_2 %.1f%%; want 33.3 and 66.7 ± 5", d1, d2)
	}
}

// selectComm returns p with only the samples and processes named comm.
func selectComm(p *profile.Profile, comm string) *profile.Profile {
	keep := make(map[int32]bool)
	for _, pr := range p.Processes {
		if pr.Comm == comm {
			keep[pr.PID] = true
		}
	}
	return selectPIDs(p, keep)
}

// TestRecordSystemUsage: -a's conflicts and bad cgroups are one-line usage
// errors.
func TestRecordSystemUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"with -p", []string{"-a", "-p", "1"}, "not with -p or a command"},
		{"with a command", []string{"-a", "--", "true"}, "not with -p or a command"},
		{"with --expr", []string{"-a", "--expr", "x@f@n"}, "no --expr"},
		{"with ptrace", []string{"-a", "--sampler", "ptrace"}, "needs perf events"},
		{"with --clock wall", []string{"-a", "--clock", "wall"}, "not with --clock wall (use --off-cpu)"},
		{"no such cgroup", []string{"-a", "--cgroup", "/no/such/sonde/cgroup"}, "no directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stderr := record(t, append(tt.args, "-o", filepath.Join(t.TempDir(), "x.data"))...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want %d and one line with %q", code, stderr, exitUsage, tt.want)
			}
		})
	}
}

// startSystemRecording runs record -a (the perf sampler, quiet) in this
// process into out, with opts, on the machine or on cgroups, and returns
// once its events are attached (a process started before then may be
// missed, or seen half exec'd); stop ends it and returns its exit status
// (again if called again), and the test's end stops it too. stderr is
// what it says.
func startSystemRecording(t *testing.T, out string, opts sample.Options, cgroups []string) (stop func() int, stderr *bytes.Buffer) {
	t.Helper()
	stderr = &bytes.Buffer{}
	quit := make(chan struct{})
	attached := make(chan struct{})
	rec := &recording{
		e:    &env{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: stderr, getenv: os.Getenv},
		opts: opts,
		out:  out, sampler: "perf", all: true, cgroups: cgroups, quit: quit, quiet: true,
		onStart: func() { close(attached) },
	}
	code := make(chan int, 1)
	go func() { code <- rec.run() }()
	var once sync.Once
	var c int
	stop = func() int {
		once.Do(func() {
			close(quit)
			c = <-code
		})
		return c
	}
	t.Cleanup(func() { stop() })
	select {
	case <-attached:
	case c = <-code:
		once.Do(func() {})
		t.Fatalf("record -a ended before it attached: exit %d: %s", c, stderr.String())
	}
	return stop, stderr
}
