// Package capture takes real samples of a running fixture with perf
// events, registers and user stack copies as the dwarf call graph gets
// them, for the unwinder's and the sampler's benchmarks and tests, and
// measures a test process's CPU time. (Apart from package testprog,
// which perfevent's own tests import.)
package capture

import (
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/internal/testprog"
	"sonde/proc"
)

// Stacks starts argv and returns its pid and n samples of it taken by
// the kernel every millisecond of its CPU time, with the user registers
// of regsMask and a user stack copy of stackSize bytes: real records as
// the dwarf call graph gets them, for benchmarks and tests of the
// unwinder. Sampling starts once the program has run warm (its libraries
// mapped); it goes on until n samples are there, however loaded the
// machine is. The program keeps running until the test's cleanup kills
// it, so that its /proc maps stay readable. It needs root
// (testprog.RequireRoot).
func Stacks(t testing.TB, n int, regsMask uint64, stackSize uint32, warm time.Duration, argv ...string) (int, []perfevent.Record) {
	t.Helper()
	testprog.RequireRoot(t, "samples a process with perf events")
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	pid := cmd.Process.Pid
	for {
		ran, err := proc.RunTime(pid)
		if err != nil {
			t.Fatal(err)
		}
		if time.Duration(ran) >= warm {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	ev, err := perfevent.Open(&perfevent.Config{Period: 1e6, RegsUser: regsMask, StackUser: stackSize, RingPages: 256}, pid, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer ev.Close()
	var recs []perfevent.Record
	for len(recs) < n {
		var r perfevent.Record
		ok, err := ev.Next(&r)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if r.Type != perfevent.RecordSample || len(r.Regs) == 0 {
			continue
		}
		// Next's slices alias its buffer: keep copies.
		r.Regs, r.Stack = slices.Clone(r.Regs), slices.Clone(r.Stack)
		r.Callchain, r.BuildID = nil, nil
		recs = append(recs, r)
	}
	return pid, recs
}

// CPUTime returns the CPU time this test process has run, all its
// threads together (their schedstat run times): a benchmark's cost that
// other programs on a loaded machine do not inflate, as they do its
// wall-clock time.
func CPUTime(t testing.TB) time.Duration {
	t.Helper()
	tids, err := proc.Threads(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	var sum uint64
	for _, tid := range tids {
		if ran, err := proc.RunTime(tid); err == nil { // a thread may have exited
			sum += ran
		}
	}
	return time.Duration(sum)
}
