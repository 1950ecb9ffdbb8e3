package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"sonde/internal/linux/unix"
	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/symbol"
	"sonde/symbol/jitmap"
)

// window bounds sample times (ns since the Unix epoch); the zero window
// holds every sample.
type window struct{ from, to int64 }

func (w window) holds(ns int64) bool { return w.to == 0 || w.from <= ns && ns <= w.to }

// leafNames symbolizes the leaf of every sample of p in window w (only
// those of thread tid when tid is not 0) and counts them by function name;
// it also returns the frames of the leaves in [jit], by name.
func leafNames(t *testing.T, p *profile.Profile, tid int32, w window) (map[string]int, int, map[string][]symbol.Frame) {
	t.Helper()
	cache := symbol.NewCache(nil)
	defer cache.Close()
	addImages(cache, p)
	sym := report.NewSymbolizer(cache, io.Discard)
	names := map[string]int{}
	frames := map[string][]symbol.Frame{}
	n := 0
	for _, s := range p.Samples {
		if tid != 0 && s.TID != tid || len(s.Stack) == 0 || !w.holds(s.Time) {
			continue
		}
		n++
		loc := s.Stack[0]
		if loc.Mapping == profile.NoMapping {
			names["[unmapped]"]++
			continue
		}
		m := p.Mappings[loc.Mapping]
		fr, _ := sym.Frames(m, loc.Addr)
		name := m.Path
		if len(fr) > 0 && fr[0].Func != "" {
			name = fr[0].Func
		}
		names[name]++
		if m.Path == jitmap.Path {
			frames[name] = append(frames[name], fr...)
		}
	}
	return names, n, frames
}

// cleanPerfMaps removes, when the test ends, the perf maps of the processes
// that the data file at out saw, even when the test failed: a stale map
// would name the code of a later process with the same pid.
func cleanPerfMaps(t *testing.T, out string) {
	t.Cleanup(func() {
		p, _, err := datafile.ReadFile(out)
		if err != nil {
			return
		}
		for _, pr := range p.Processes {
			os.Remove(fmt.Sprintf("/tmp/perf-%d.map", pr.PID))
		}
	})
}

// TestRecordJitDump samples jitgen.c, a small JIT that names its code in a
// jitdump file (found through its marker mapping) and in a perf map, moves
// jit_alpha to a new place and loads jit_gamma where alpha was. Oracle: the
// CPU time the fixture measured around the calls of each function (its
// thread clock): the shares of the samples named jit_alpha, jit_beta,
// jit_gamma and jit_delta agree with it within 4.89 standard errors.
// Without the move honoured by time, gamma's samples would be alpha's (or
// alpha's after the move unnamed). The jitdump and the perf map are removed
// before the report, which names the code from the data file alone; the
// jitdump's lines put alpha's loop at alpha.js:11.
func TestRecordJitDump(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, "jit/jitgen.c", testprog.Opts{Flags: []string{"-O1", "-g"}})
	dir := t.TempDir()
	out := filepath.Join(dir, "jit.data")
	cleanPerfMaps(t, out)
	code, stderr := record(t, "-o", out, "--", bin, dir, "300")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var truth [4]float64
	data, err := os.ReadFile(filepath.Join(dir, "truth.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := fmt.Sscanf(string(data), "alpha %g beta %g gamma %g delta %g", &truth[0], &truth[1], &truth[2], &truth[3]); n != 4 {
		t.Fatalf("truth.txt: %q", data)
	}
	p := readProfile(t, out)
	dumps, _ := filepath.Glob(filepath.Join(dir, "jit-*.dump"))
	if len(dumps) != 1 {
		t.Fatalf("jitdump files: %v", dumps)
	}
	os.Remove(dumps[0])
	for _, pr := range p.Processes {
		os.Remove(fmt.Sprintf("/tmp/perf-%d.map", pr.PID))
	}

	p = readProfile(t, out) // the files are gone: the data file names them
	names, _, frames := leafNames(t, p, 0, window{})
	funcs := []string{"jit_alpha", "jit_beta", "jit_gamma", "jit_delta"}
	var jit int
	var total float64
	for i, f := range funcs {
		jit += names[f]
		total += truth[i]
	}
	if jit < 500 {
		t.Fatalf("%d samples in the JIT code (%v)", jit, names)
	}
	for i, f := range funcs {
		share, want := float64(names[f])/float64(jit), truth[i]/total
		se := math.Sqrt(want * (1 - want) / float64(jit))
		t.Logf("%s: %.1f%% of %d JIT samples; its CPU time %.1f%% (±%.1f)", f, 100*share, jit, 100*want, 100*4.89*se)
		if math.Abs(share-want) > 4.89*se {
			t.Errorf("%s has %.1f%% of the JIT samples, %.1f%% of their CPU time: want them within %.1f points", f, 100*share, 100*want, 100*4.89*se)
		}
	}
	loop := 0
	for _, fr := range frames["jit_alpha"] {
		if fr.File == "alpha.js" && fr.Line == 11 {
			loop++
		}
	}
	if loop < len(frames["jit_alpha"])*9/10 {
		t.Errorf("%d of %d jit_alpha samples at alpha.js:11 (the loop's line in the jitdump)", loop, len(frames["jit_alpha"]))
	}

	var stdout, errb bytes.Buffer
	if code := Main([]string{"report", "--functions", out}, strings.NewReader(""), &stdout, &errb); code != 0 {
		t.Fatalf("report: exit %d: %s", code, errb.String())
	}
	for _, f := range funcs {
		if !strings.Contains(stdout.String(), f) {
			t.Errorf("report --functions does not name %s:\n%s", f, stdout.String())
		}
	}
}

// hotJS is a node program whose main thread spends its time in hotLoop
// until the process has used the given milliseconds of CPU time (so that
// a loaded machine gives as many samples as a quiet one).
const hotJS = `function hotLoop(n) {
  let s = 0;
  for (let i = 0; i < n; i++) { s = (s * 31 + i) % 1000003; }
  return s;
}
const budget = (+process.argv[2] || 2000) * 1000;
let x = 0;
while (process.cpuUsage().user < budget) x += hotLoop(100000);
console.log(x);
`

// cpuProfShare reads node's --cpu-prof output in dir: the share of its
// main thread's samples (idle excluded) in function name, and the time the
// profile covers. V8 stamps it with CLOCK_MONOTONIC microseconds: the
// window is converted to the wall clock of sonde's sample times.
func cpuProfShare(t *testing.T, dir, name string) (float64, int, window) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.cpuprofile"))
	if len(files) != 1 {
		t.Fatalf("cpu profiles in %s: %v", dir, files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	var prof struct {
		Nodes []struct {
			ID        int `json:"id"`
			CallFrame struct {
				FunctionName string `json:"functionName"`
			} `json:"callFrame"`
		} `json:"nodes"`
		Samples   []int `json:"samples"`
		StartTime int64 `json:"startTime"`
		EndTime   int64 `json:"endTime"`
	}
	if err := json.Unmarshal(data, &prof); err != nil {
		t.Fatal(err)
	}
	fn := map[int]string{}
	for _, n := range prof.Nodes {
		fn[n.ID] = n.CallFrame.FunctionName
	}
	hits, n := 0, 0
	for _, s := range prof.Samples {
		switch fn[s] {
		case "(idle)":
			continue
		case name:
			hits++
		}
		n++
	}
	if n == 0 {
		t.Fatal("empty cpu profile")
	}
	off := time.Now().UnixNano() - unix.MonotonicNow()
	return float64(hits) / float64(n), n, window{prof.StartTime*1000 + off, prof.EndTime*1000 + off}
}

// perfMapNames returns the names that node's perf map gives hotLoop's
// code (read with strings.SplitN, independently of sonde's parser): V8
// names each tier's code apart (`JS:^hotLoop` baseline, `JS:*hotLoop`
// optimized), and which tier runs most depends on when V8 optimized, and
// deoptimized, under the machine's load.
func perfMapNames(t *testing.T, pid int32) []string {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/tmp/perf-%d.map", pid))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.SplitN(line, " ", 3); len(f) == 3 && strings.Contains(f[2], "hotLoop") && !slices.Contains(names, f[2]) {
			names = append(names, f[2])
		}
	}
	if len(names) == 0 {
		t.Fatalf("/tmp/perf-%d.map names no hotLoop", pid)
	}
	return names
}

// checkShare compares the share of the samples of thread tid of p named
// one of want, while V8's profiler ran, with V8's share of hotLoop in the
// cpu profile in profDir.
func checkShare(t *testing.T, p *profile.Profile, tid int32, want []string, profDir string) {
	t.Helper()
	v8, vn, w := cpuProfShare(t, profDir, "hotLoop")
	names, n, _ := leafNames(t, p, tid, w)
	hits := 0
	for _, name := range want {
		hits += names[name]
	}
	share := float64(hits) / float64(max(n, 1))
	slack := 4.89 * math.Sqrt(share*(1-share)/float64(max(n, 1))+v8*(1-v8)/float64(vn))
	slack = max(slack, 0.05)
	t.Logf("%q: %.1f%% of %d main-thread samples; V8's profiler %.1f%% of %d (±%.1f)", want, 100*share, n, 100*v8, vn, 100*slack)
	if n < 500 || share < v8-slack {
		t.Errorf("%q has %.1f%% of %d main-thread samples, V8's profiler gives hotLoop %.1f%%: want no less than %.1f%%\n%v", want, 100*share, n, 100*v8, 100*(v8-slack), names)
	}
}

// TestRecordNodePerfMap samples node --perf-basic-prof running hotLoop,
// launched and attached with -p (until node exits). Oracles: node's perf
// map (the name of hotLoop's code, read by the test) and node's own
// sampling profiler (--cpu-prof) in the same run: sonde's share of the main
// thread's samples named by the map, while V8's profiler ran, is no less
// than V8's share for hotLoop by more than 4.89 standard errors of the
// difference of the two shares, or 5 points. perf cannot be the
// oracle here: perf 6.1 aborts on node's recordings (assertion in
// util/build-id.c).
func TestRecordNodePerfMap(t *testing.T) {
	requirePerf(t)
	node := testprog.Require(t, "node")
	dir := t.TempDir()
	js := filepath.Join(dir, "hot.js")
	if err := os.WriteFile(js, []byte(hotJS), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, out, profDir string, pid int32) {
		p := readProfile(t, out)
		defer os.Remove(fmt.Sprintf("/tmp/perf-%d.map", pid))
		checkShare(t, p, pid, perfMapNames(t, pid), profDir)
	}

	t.Run("launched", func(t *testing.T) {
		t.Chdir(t.TempDir()) // V8's flags write isolate-*-v8.log files there
		out := filepath.Join(t.TempDir(), "node.data")
		cleanPerfMaps(t, out)
		profDir := t.TempDir()
		code, stderr := record(t, "-o", out, "--", node, "--perf-basic-prof", "--cpu-prof", "--cpu-prof-dir="+profDir, js, "1500")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		p := readProfile(t, out)
		if len(p.Processes) == 0 {
			t.Fatal("no process")
		}
		check(t, out, profDir, p.Processes[0].PID)
	})

	t.Run("attached", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "node.data")
		profDir := t.TempDir()
		cmd := exec.Command(node, "--perf-basic-prof", "--cpu-prof", "--cpu-prof-dir="+profDir, js, "3000")
		cmd.Dir = t.TempDir() // V8's flags write isolate-*-v8.log files there
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		pid := int32(cmd.Process.Pid)
		t.Cleanup(func() { os.Remove(fmt.Sprintf("/tmp/perf-%d.map", pid)) })
		// Attach once the map names hotLoop: the loop runs.
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			data, _ := os.ReadFile(fmt.Sprintf("/tmp/perf-%d.map", pid))
			if bytes.Contains(data, []byte("hotLoop")) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("node wrote no perf map naming hotLoop")
			}
		}
		// -p without --duration: sonde ends when node has exited.
		code, stderr := record(t, "-o", out, "-p", fmt.Sprint(pid))
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
		check(t, out, profDir, pid)
	})
}

// TestRecordNodeJitDump samples node --perf-prof running hotLoop, launched
// and attached with -p until it exits: V8 names its code in
// ./jit-PID.dump, which it maps as the marker, and writes it through a 2 MB
// buffer that it flushes at exit, when sonde reads it a last time. Oracle:
// V8's own sampling profiler (--cpu-prof) in the same run, as in
// TestRecordNodePerfMap; the jitdump (removed before the report) is the
// only source of the name.
func TestRecordNodeJitDump(t *testing.T) {
	requirePerf(t)
	node := testprog.Require(t, "node")
	js := filepath.Join(t.TempDir(), "hot.js")
	if err := os.WriteFile(js, []byte(hotJS), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, out, dir, profDir string) {
		dumps, _ := filepath.Glob(filepath.Join(dir, "jit-*.dump"))
		if len(dumps) != 1 {
			t.Fatalf("jitdump files: %v", dumps)
		}
		os.Remove(dumps[0])
		p := readProfile(t, out)
		if len(p.Processes) == 0 {
			t.Fatal("no process")
		}
		names, n, _ := leafNames(t, p, p.Processes[0].PID, window{})
		want, most := "", 0
		for name, c := range names {
			if c > most {
				want, most = name, c
			}
		}
		if !strings.Contains(want, "hotLoop") {
			t.Fatalf("the hottest function is %q (%d of %d samples), want hotLoop's code: %v", want, most, n, names)
		}
		// Every tier's code of hotLoop, as the jitdump names it.
		var tiers []string
		for name := range names {
			if strings.Contains(name, "hotLoop") {
				tiers = append(tiers, name)
			}
		}
		checkShare(t, p, p.Processes[0].PID, tiers, profDir)
	}

	t.Run("launched", func(t *testing.T) {
		dir := t.TempDir()
		t.Chdir(dir) // V8 writes the jitdump (and isolate-*-v8.log) in its working directory
		out := filepath.Join(dir, "node.data")
		profDir := t.TempDir()
		code, stderr := record(t, "-o", out, "--", node, "--perf-prof", "--cpu-prof", "--cpu-prof-dir="+profDir, js, "1500")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		check(t, out, dir, profDir)
	})

	t.Run("attached", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "node.data")
		profDir := t.TempDir()
		cmd := exec.Command(node, "--perf-prof", "--cpu-prof", "--cpu-prof-dir="+profDir, js, "2500")
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		dump := filepath.Join(dir, fmt.Sprintf("jit-%d.dump", cmd.Process.Pid))
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if _, err := os.Stat(dump); err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("node wrote no %s", dump)
			}
		}
		// -p without --duration: sonde ends when node has exited.
		code, stderr := record(t, "-o", out, "-p", fmt.Sprint(cmd.Process.Pid))
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
		check(t, out, dir, profDir)
	})
}

// TestRecordJitDamage: a jitdump damaged after some records and a perf map
// with a line that is not one: sonde keeps what came before (every
// function is still named), exits with the command's status, and the
// report says what was wrong in one line each, naming the file.
func TestRecordJitDamage(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, "jit/jitgen.c", testprog.Opts{Flags: []string{"-O1", "-g"}})
	dir := t.TempDir()
	out := filepath.Join(dir, "jit.data")
	cleanPerfMaps(t, out)
	t.Setenv("JITGEN_DAMAGE", "1")
	code, stderr := record(t, "-o", out, "--", bin, dir, "100")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	p := readProfile(t, out)
	for _, pr := range p.Processes {
		os.Remove(fmt.Sprintf("/tmp/perf-%d.map", pr.PID))
	}
	names, _, _ := leafNames(t, p, 0, window{})
	for _, f := range []string{"jit_alpha", "jit_beta", "jit_gamma", "jit_delta"} {
		if names[f] == 0 {
			t.Errorf("%s not named: %v", f, names)
		}
	}
	var stdout, errb bytes.Buffer
	if code := Main([]string{"report", "--functions", out}, strings.NewReader(""), &stdout, &errb); code != 0 {
		t.Fatalf("report: exit %d: %s", code, errb.String())
	}
	all := stdout.String() + errb.String()
	for _, want := range []string{
		"jit-", ".dump: record at offset 0x", "size 5",
		"/tmp/perf-", ".map: 1 lines not understood",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("report does not say %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "panic") || strings.Contains(all, "goroutine") {
		t.Errorf("report panicked:\n%s", all)
	}
}
