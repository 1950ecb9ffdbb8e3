package datafile

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/profile"
)

// helperEnv names the data file a child process of the test binary appends
// to (see TestMain and appendRuns).
const helperEnv = "SONDE_DATAFILE_TEST_APPEND"

func TestMain(m *testing.M) {
	if path := os.Getenv(helperEnv); path != "" {
		// Child of TestConcurrentProcesses: append and exit.
		if err := appendRuns(path, helperRuns, helperSamples, os.Getpid()); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

const (
	helperRuns    = 5
	helperSamples = 20000 // three Samples frames a run, some of them 100+ KiB
)

// appendRuns opens path for appending and writes runs runs of nsamples
// samples each, plus a frame of every other kind, tagging every sample
// with tag as its PID so the reader can tell writers apart.
func appendRuns(path string, runs, nsamples, tag int) error {
	w, err := OpenAppend(path)
	if err != nil {
		return err
	}
	for r := range runs {
		if _, err := w.WriteRun(RunHeader{Collector: "record", Command: []string{"writer", strconv.Itoa(tag)},
			Start: time.Now(), SampleTypes: cpu, Period: 1}); err != nil {
			return err
		}
		if err := w.WriteMapping(0, &profile.Mapping{Path: "/bin/w" + strconv.Itoa(r)}); err != nil {
			return err
		}
		if err := w.WriteProcess(profile.Process{PID: int32(tag), Comm: "w"}); err != nil {
			return err
		}
		st := make([]profile.Location, 12)
		for i := range nsamples {
			for j := range st {
				st[j] = profile.Location{Mapping: 0, Addr: profile.Addr(0x1000 + i*7 + j*1000)}
			}
			if err := w.WriteSample(&profile.Sample{Stack: st, Values: []int64{1, int64(i)}, PID: int32(tag), TID: int32(r), Time: int64(i)}); err != nil {
				return err
			}
		}
		if err := w.WriteRunEnd(time.Now()); err != nil {
			return err
		}
	}
	return w.Close()
}

// checkAppended checks that every run of every writer tag is in p whole:
// the frames did not interleave inside one another.
func checkAppended(t *testing.T, p *profile.Profile, warns []Warning, wantRuns int, tags []int, runs, nsamples int) {
	t.Helper()
	if len(warns) > 0 {
		t.Errorf("warnings: %v", warns)
	}
	if len(p.Runs) != wantRuns {
		t.Errorf("%d runs, want %d", len(p.Runs), wantRuns)
	}
	type key struct{ pid, tid int32 }
	seen := map[key]int{}
	sum := map[key]int64{}
	for _, s := range p.Samples {
		k := key{s.PID, s.TID}
		seen[k]++
		sum[k] += s.Values[1]
		if len(s.Stack) != 12 {
			t.Fatalf("sample with %d frames", len(s.Stack))
		}
	}
	for _, tag := range tags {
		for r := range runs {
			k := key{int32(tag), int32(r)}
			if seen[k] != nsamples || sum[k] != int64(nsamples*(nsamples-1)/2) {
				t.Errorf("writer %d run %d: %d samples summing to %d, want %d summing to %d",
					tag, r, seen[k], sum[k], nsamples, nsamples*(nsamples-1)/2)
			}
		}
	}
}

// TestConcurrentWriters: several Writers in one process append to the same
// file at once, each from its own goroutine.
func TestConcurrentWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sonde.data")
	tags := []int{1, 2, 3, 4}
	var wg sync.WaitGroup
	errs := make([]error, len(tags))
	for i, tag := range tags {
		wg.Go(func() { errs[i] = appendRuns(path, 2, 10000, tag) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	p, warns, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	checkAppended(t, p, warns, len(tags)*2, tags, 2, 10000)
}

// TestSharedWriter: one Writer used by several goroutines at once.
func TestSharedWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sonde.data")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteRun(RunHeader{Collector: "record", SampleTypes: cpu}); err != nil {
		t.Fatal(err)
	}
	const goroutines, each = 4, 5000
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			st := make([]profile.Location, 12)
			for i := range each {
				s := profile.Sample{Stack: st, Values: []int64{1, int64(i)}, PID: int32(g), Time: int64(i)}
				if err := w.WriteSample(&s); err != nil {
					t.Error(err)
					return
				}
				if i%1000 == 0 {
					if err := w.WriteProcess(profile.Process{PID: int32(g)}); err != nil {
						t.Error(err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	p, warns, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// One run; each goroutine's samples carry its number as PID and TID 0.
	tags := []int{0, 1, 2, 3}
	checkAppended(t, p, warns, 1, tags, 1, each)
}

// TestConcurrentProcesses: two OS processes (children of the test binary,
// see TestMain) append to the same file at once.
func TestConcurrentProcesses(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sonde.data")
	var cmds []*exec.Cmd
	for range 2 {
		c := exec.Command(exe, "-test.run=^$")
		c.Env = append(os.Environ(), helperEnv+"="+path)
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, c)
	}
	var tags []int
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("child: %v", err)
		}
		tags = append(tags, c.Process.Pid)
	}
	p, warns, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	checkAppended(t, p, warns, len(tags)*helperRuns, tags, helperRuns, helperSamples)
	// Report whether the children's frames really interleaved.
	inter := 0
	for i := 1; i < len(p.Runs); i++ {
		if p.Runs[i].Command[1] != p.Runs[i-1].Command[1] {
			inter++
		}
	}
	t.Logf("%d runs, writer changes between consecutive Run frames: %d", len(p.Runs), inter)
}
