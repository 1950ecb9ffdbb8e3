package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/profile/datafile"
)

// A sampling test never sizes its fixture by a fixed amount of work: a
// fast or quiet machine finishes it before the samples the test needs are
// taken (TestRecordExprReqHist read 93 values where it needed 300 on a
// quiet machine). Instead the fixture runs until the test has what it
// needs: either it burns a given CPU time ("Nms" arguments of the record/
// fixtures: samples come at 999 per CPU second however fast the machine
// is), or it runs again and again (loopUntil) while stopWhen reads the
// data file as it grows and says stop once it holds enough.

// loopUntil returns a command line that runs argv to its end again and
// again until the file stop exists, looked for between runs: every run is
// whole, so a truth that holds for one run holds for the recording.
func loopUntil(t *testing.T, stop string, argv ...string) []string {
	t.Helper()
	sh := testprog.Require(t, "sh")
	return append([]string{sh, "-c", `stop=$1; shift; while :; do "$@" || exit; [ -e "$stop" ] && exit 0; done`, "sh", stop}, argv...)
}

// stopCap bounds how long stopWhen waits for enough samples: a recording
// that never gets them (a bug) ends then, and the test fails on what it
// has. It is a guard against hanging, not a time the test asserts.
const stopCap = 5 * time.Minute

// stopWhen watches the data file out while a recording writes it (sonde
// flushes it every 100 ms) and creates the file it returns once enough
// holds for what is there. done stops the watch and creates the file if
// it was not yet (so that a loop left running ends); call it after the
// recording. enough runs on another goroutine: it must not call t's
// methods.
func stopWhen(t *testing.T, out string, enough func(*profile.Profile) bool) (stop string, done func()) {
	t.Helper()
	stop = filepath.Join(t.TempDir(), "stop")
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	touch := func() { os.WriteFile(stop, nil, 0o644) }
	go func() {
		defer wg.Done()
		deadline := time.Now().Add(stopCap)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
			}
			if time.Now().After(deadline) {
				touch()
				return
			}
			if _, err := os.Stat(out); err != nil {
				continue
			}
			p, _, err := datafile.ReadFile(out)
			if err == nil && enough(p) {
				touch()
				return
			}
		}
	}()
	var once sync.Once
	return stop, func() {
		once.Do(func() {
			close(quit)
			wg.Wait()
			touch()
		})
	}
}

// waitFor reads the data file out until enough holds for it (or stopCap
// has passed, a failure) and returns what it read.
func waitFor(t *testing.T, out string, enough func(*profile.Profile) bool) *profile.Profile {
	t.Helper()
	deadline := time.Now().Add(stopCap)
	for {
		if p, _, err := datafile.ReadFile(out); err == nil && enough(p) {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not enough after %v", out, stopCap)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// atLeastSamples is an enough function for stopWhen: n samples (or, in a
// histogram, rows counting n samples).
func atLeastSamples(n int64) func(*profile.Profile) bool {
	return func(p *profile.Profile) bool {
		var c int64
		for _, s := range p.Samples {
			if len(s.Values) > 0 {
				c += s.Values[0] // sample.SampleTypes: the count first
			}
		}
		return c >= n
	}
}

// exprsRead is an enough function for stopWhen: n values of the
// expression spec read.
func exprsRead(spec string, n int) func(*profile.Profile) bool {
	return func(p *profile.Profile) bool {
		idx := -1
		for i, e := range p.Exprs {
			if e.Spec == spec {
				idx = i
			}
		}
		c := 0
		for _, s := range p.Samples {
			for _, v := range s.Exprs {
				if int(v.Expr) == idx && v.Status == profile.ExprOK && v.HasNum {
					c++
				}
			}
		}
		return c >= n
	}
}

// recordAttached starts "sonde record -p PID ARGS" on another goroutine
// and returns once it has attached: its data file names the process (the
// sampler writes it when it attaches, flushed within 100 ms), and with
// the ptrace sampler the process has a tracer. wait returns the
// recording's exit status and stderr; a recording that outlives stopCap
// fails the test (sonde record -p ends when the process does).
func recordAttached(t *testing.T, pid int, out string, args ...string) (wait func() (int, string)) {
	t.Helper()
	var code int
	var stderr string
	recorded := make(chan struct{})
	go func() {
		defer close(recorded)
		code, stderr = record(t, append([]string{"-p", strconv.Itoa(pid), "-o", out}, args...)...)
	}()
	ptrace := false
	for i, a := range args {
		ptrace = ptrace || a == "--sampler" && i+1 < len(args) && args[i+1] == "ptrace"
	}
	attached := func() bool {
		p, _, err := datafile.ReadFile(out)
		if err != nil {
			return false
		}
		for _, pr := range p.Processes {
			if int(pr.PID) == pid {
				return !ptrace || tracerPid(pid) != 0
			}
		}
		return false
	}
	deadline := time.Now().Add(stopCap)
	for !attached() {
		select {
		case <-recorded:
			t.Fatalf("sonde record ended before attaching: exit %d: %s", code, stderr)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("sonde record did not attach")
		}
	}
	return func() (int, string) {
		select {
		case <-recorded:
		case <-time.After(stopCap):
			t.Fatalf("sonde record -p %d still running after %v", pid, stopCap)
		}
		return code, stderr
	}
}

// tracerPid returns the TracerPid of process pid, 0 when untraced.
func tracerPid(pid int) int {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	m := regexp.MustCompile(`(?m)^TracerPid:\s*(\d+)`).FindSubmatch(data)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}
