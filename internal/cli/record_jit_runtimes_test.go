package cli

import (
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/report"
	"sonde/symbol"
)

// stackShare returns the share of the samples of p with a frame whose
// function name contains name anywhere in their stack.
func stackShare(t *testing.T, p *profile.Profile, name string) (float64, int) {
	t.Helper()
	cache := symbol.NewCache(nil)
	defer cache.Close()
	addImages(cache, p)
	sym := report.NewSymbolizer(cache, io.Discard)
	in := 0
	for _, s := range p.Samples {
		for i, loc := range s.Stack {
			if loc.Mapping == profile.NoMapping {
				continue
			}
			a := loc.Addr
			if i > 0 {
				a--
			}
			fr, _ := sym.Frames(p.Mappings[loc.Mapping], a)
			if len(fr) > 0 && strings.Contains(fr[0].Func, name) {
				in++
				break
			}
		}
	}
	if len(p.Samples) == 0 {
		t.Fatal("no samples")
	}
	return float64(in) / float64(len(p.Samples)), len(p.Samples)
}

// checkTruth compares share (of n samples) with the fixture's own
// measurement in file: the CPU time of the hot function by the thread's
// clock, over the process's CPU time. The bound is 4.89 standard errors
// plus 2 points: the process runs on after it measured (the runtime's
// exit, the JVM's perf map dump), which the samples include.
func checkTruth(t *testing.T, what string, share float64, n int, file string) {
	t.Helper()
	var hot, total float64
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if k, _ := fmt.Sscanf(string(data), "%g %g", &hot, &total); k != 2 || total <= 0 {
		t.Fatalf("%s: %q", file, data)
	}
	want := hot / total
	slack := 4.89*math.Sqrt(want*(1-want)/float64(n)) + 0.02
	t.Logf("%s: %.1f%% of %d samples; by the program's clocks %.1f%% (±%.1f)", what, 100*share, n, 100*want, 100*slack)
	if math.Abs(share-want) > slack {
		t.Errorf("%s has %.1f%% of %d samples, %.1f%% of the process's CPU time by its own clocks: want them within %.1f points", what, 100*share, n, 100*want, 100*slack)
	}
}

// TestRecordJava samples Hot.java on OpenJDK with
// -XX:+DumpPerfMapAtExit: the JVM writes /tmp/perf-PID.map as it exits,
// which sonde reads at the process's exit. Oracle: the program's own
// measurement of hotLoop's CPU time (ThreadMXBean) over the process's
// (OperatingSystemMXBean).
func TestRecordJava(t *testing.T) {
	requirePerf(t)
	java := testprog.Require(t, "java")
	javac := testprog.Require(t, "javac")
	dir := t.TempDir()
	src, err := filepath.Abs("../testprog/testdata/jit/Hot.java")
	if err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(javac, "-d", dir, src).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, msg)
	}
	out, truth := filepath.Join(dir, "java.data"), filepath.Join(dir, "truth.txt")
	cleanPerfMaps(t, out)
	code, stderr := record(t, "-o", out, "--", java, "-XX:+UnlockDiagnosticVMOptions", "-XX:+DumpPerfMapAtExit", "-cp", dir, "Hot", "1500", truth)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	p := readProfile(t, out)
	share, n := stackShare(t, p, "Hot.hotLoop")
	checkTruth(t, "Hot.hotLoop", share, n, truth)
}

// python312 returns a CPython 3.12 or later: python3.12 on PATH, else
// pyenv's. Debian 12 packages only 3.11, which has no -X perf: the test
// skips where neither is found, even under CI.
func python312(t *testing.T) string {
	t.Helper()
	testprog.SkipShort(t, "runs python3.12")
	if p, err := exec.LookPath("python3.12"); err == nil {
		if exec.Command(p, "-c", "pass").Run() == nil { // a pyenv shim may refuse
			return p
		}
	}
	root := os.Getenv("PYENV_ROOT")
	if root == "" {
		home, _ := os.UserHomeDir()
		root = filepath.Join(home, ".pyenv")
	}
	for _, pat := range []string{"3.12*/bin/python3.12", "3.13*/bin/python3.13"} {
		if m, _ := filepath.Glob(filepath.Join(root, "versions", pat)); len(m) > 0 {
			return m[len(m)-1]
		}
	}
	t.Skip("no CPython 3.12 or later (python3.12 on PATH or under pyenv): -X perf not tried")
	return ""
}

// TestRecordPythonPerf samples hot.py under CPython 3.12's -X perf, which
// enters each Python function through a trampoline in anonymous memory
// named in /tmp/perf-PID.map ("py::hot_loop:/path/hot.py"): with -g the
// trampolines are callers in the stacks. Oracle: the script's own
// measurement of hot_loop's CPU time (time.thread_time) over the
// process's (time.process_time).
func TestRecordPythonPerf(t *testing.T) {
	requirePerf(t)
	py := python312(t)
	src, err := filepath.Abs("../testprog/testdata/jit/hot.py")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out, truth := filepath.Join(dir, "py.data"), filepath.Join(dir, "truth.txt")
	cleanPerfMaps(t, out)
	code, stderr := record(t, "-g", "-o", out, "--", py, "-X", "perf", src, "1.5", truth)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	p := readProfile(t, out)
	share, n := stackShare(t, p, "py::hot_loop:")
	checkTruth(t, "py::hot_loop", share, n, truth)
}
