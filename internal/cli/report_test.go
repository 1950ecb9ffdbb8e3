package cli

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/profile/datafile"
)

// repRun runs "sonde report ARGS" in-process.
func repRun(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(append([]string{"report"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// repFixture is the inline.c fixture with what the tests need of it, all
// read with binutils (nm, objdump, readelf), never with sonde.
type repFixture struct {
	path    string
	buildID string
	worker  uint64 // nm
	main    uint64 // nm
	// calls are the return addresses of main's calls to worker (objdump -d:
	// the instruction after each "call ... <worker>").
	calls []uint64
	// the executable PT_LOAD segment (readelf -lW)
	textVaddr, textOff, textSize uint64
}

func repBuild(t *testing.T, flags ...string) *repFixture {
	t.Helper()
	for _, tool := range []string{"objdump", "readelf"} {
		testprog.Require(t, tool)
	}
	bin := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: append([]string{"-O2", "-g"}, flags...)})
	f := &repFixture{path: bin}
	syms, err := oracle.Nm(t, bin, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		switch s.Name {
		case "worker":
			f.worker = s.Addr
		case "main":
			f.main = s.Addr
		}
	}
	lines := strings.Split(repCmd(t, "objdump", "-d", "--no-show-raw-insn", bin), "\n")
	for i, l := range lines {
		if strings.Contains(l, "call") && strings.HasSuffix(l, "<worker>") && i+1 < len(lines) {
			next := strings.Fields(lines[i+1])
			if len(next) == 0 {
				continue
			}
			a, err := strconv.ParseUint(strings.TrimSuffix(next[0], ":"), 16, 64)
			if err != nil {
				t.Fatalf("objdump line %q: %v", lines[i+1], err)
			}
			f.calls = append(f.calls, a)
		}
	}
	for _, l := range strings.Split(repCmd(t, "readelf", "-lW", bin), "\n") {
		fs := strings.Fields(l)
		if len(fs) >= 8 && fs[0] == "LOAD" && strings.Contains(strings.Join(fs[6:len(fs)-1], ""), "E") {
			f.textOff, _ = strconv.ParseUint(fs[1], 0, 64)
			f.textVaddr, _ = strconv.ParseUint(fs[2], 0, 64)
			f.textSize, _ = strconv.ParseUint(fs[5], 0, 64)
		}
	}
	for _, l := range strings.Split(repCmd(t, "readelf", "-n", bin), "\n") {
		if id, ok := strings.CutPrefix(strings.TrimSpace(l), "Build ID: "); ok {
			f.buildID = id
		}
	}
	if f.worker == 0 || f.main == 0 || len(f.calls) < 2 || f.textSize == 0 || f.buildID == "" {
		t.Fatalf("binutils give an incomplete picture of %s: %+v", bin, f)
	}
	return f
}

func repCmd(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return string(out)
}

var repT0 = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

const repPeriod = 1001001

// repWrite writes a record run to path with the datafile Writer, as the
// sampler would: 30 samples at worker+4 called from main's first call
// (0.5 s into the run), 15 at worker+8 from its last call (1.5 s), 5 at
// main+1 (2.5 s). bias places the object (0 for -no-pie, made up for PIE).
func repWrite(t *testing.T, path string, f *repFixture, objPath string, bias uint64) {
	t.Helper()
	w, err := datafile.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteRun(datafile.RunHeader{
		Collector: "record", Command: []string{f.path}, Start: repT0, Period: repPeriod,
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
	}); err != nil {
		t.Fatal(err)
	}
	const page = 4096
	m := &profile.Mapping{Path: objPath, BuildID: f.buildID, Bias: bias,
		Start: bias + f.textVaddr&^(page-1), Limit: bias + f.textVaddr + f.textSize, Offset: f.textOff &^ (page - 1)}
	if objPath != f.path {
		m.BuildID = "" // a stripped copy keeps the build-id, but say nothing
	}
	if err := w.WriteMapping(0, m); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteProcess(profile.Process{PID: 4242, PPID: 1, Comm: "inline", Exe: f.path}); err != nil {
		t.Fatal(err)
	}
	add := func(n int, at time.Duration, stack ...uint64) {
		for range n {
			s := &profile.Sample{Values: []int64{1, repPeriod}, PID: 4242, TID: 4242, Time: repT0.Add(at).UnixNano()}
			for _, a := range stack {
				s.Stack = append(s.Stack, profile.Location{Mapping: 0, Addr: profile.Addr(a)})
			}
			if err := w.WriteSample(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	add(30, 500*time.Millisecond, f.worker+4, f.calls[0])
	add(15, 1500*time.Millisecond, f.worker+8, f.calls[len(f.calls)-1])
	add(5, 2500*time.Millisecond, f.main+1)
	if err := w.WriteProcessEnd(4242, "exit 0"); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteRunEnd(repT0.Add(3 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// repLeafLines asks llvm-symbolizer for the innermost file:line and
// function of the three leaf addresses repWrite uses.
func repLeafLines(t *testing.T, f *repFixture) (lines, funcs [3]string) {
	t.Helper()
	ans, err := oracle.LLVMSymbolizer(t, f.path, []uint64{f.worker + 4, f.worker + 8, f.main + 1}, oracle.LLVMOptions{Inlining: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range ans {
		if len(a.Frames) == 0 {
			t.Fatalf("llvm-symbolizer knows nothing of %#x", a.Addr)
		}
		lines[i] = fmt.Sprintf("%s:%d", a.Frames[0].File, a.Frames[0].Line)
		funcs[i] = a.Frames[0].Func
	}
	return lines, funcs
}

// repFlatWant builds the flat view's rows from per-name sample counts out
// of 50, sorted as the view sorts them (share descending, then name).
func repFlatWant(counts map[string]int) string {
	type r struct {
		n    int
		name string
	}
	var rs []r
	for name, n := range counts {
		rs = append(rs, r{n, name})
	}
	for i := range rs {
		for j := i + 1; j < len(rs); j++ {
			if rs[j].n > rs[i].n || (rs[j].n == rs[i].n && rs[j].name < rs[i].name) {
				rs[i], rs[j] = rs[j], rs[i]
			}
		}
	}
	var b strings.Builder
	for _, x := range rs {
		// the ± is two binomial standard deviations, 200·sqrt(p(1-p)/n)
		p := float64(x.n) / 50
		fmt.Fprintf(&b, "%5.1f%% ±%.1f  %s\n", 100*p, 200*math.Sqrt(p*(1-p)/50), x.name)
	}
	return b.String()
}

// TestReportEndToEnd writes a data file of samples in the inline.c fixture
// and checks the text views against llvm-symbolizer's answers for the same
// addresses, and the pprof export against go tool pprof -top.
func TestReportEndToEnd(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags []string
		bias  uint64
	}{
		{"no-pie", []string{"-no-pie", "-fno-pie"}, 0},
		{"pie", []string{"-pie", "-fpie"}, 0x5566a0000000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := repBuild(t, tc.flags...)
			dir := t.TempDir()
			data := filepath.Join(dir, "sonde.data")
			repWrite(t, data, f, f.path, tc.bias)
			lines, funcs := repLeafLines(t, f)
			header := "record: 50 samples, cpu 50.05ms, 1 run, 1 process, 0 lost\n"

			flatCounts := map[string]int{}
			flatCounts[lines[0]] += 30
			flatCounts[lines[1]] += 15
			flatCounts[lines[2]] += 5
			funcCounts := map[string]int{}
			funcCounts[funcs[0]] += 30
			funcCounts[funcs[1]] += 15
			funcCounts[funcs[2]] += 5

			tests := []struct {
				name string
				args []string
				want string // whole stdout; "" to check with check
			}{
				{"default", []string{data}, header + repFlatWant(flatCounts)},
				{"flat by line", []string{"--flat", data}, header + repFlatWant(flatCounts)},
				{"flags after file", []string{data, "--flat", "--by", "line"}, header + repFlatWant(flatCounts)},
				{"by function", []string{"--flat", "--by", "function", data}, header + repFlatWant(funcCounts)},
				{"by object", []string{"--by", "object", data}, header + repFlatWant(map[string]int{f.path: 50})},
				{"top 1", []string{data, "--top", "1"}, header + strings.SplitAfter(repFlatWant(flatCounts), "\n")[0] +
					fmt.Sprintf("(1 of %d rows shown)\n", len(flatCounts))},
				// the window [1s, 2s) holds only the 15 samples at worker+8
				{"window", []string{"--window", "1s:2s", data}, "record: 15 samples, cpu 15.02ms, 1 run, 1 process, 0 lost\n" +
					repFlatWant(map[string]int{lines[1]: 50})},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					out, errOut, code := repRun(t, tt.args...)
					if code != 0 || errOut != "" {
						t.Fatalf("exit %d, stderr %q", code, errOut)
					}
					if out != tt.want {
						t.Errorf("stdout:\n%s\nwant (llvm-symbolizer's lines):\n%s", out, tt.want)
					}
					t.Logf("sonde report %s:\n%s", strings.Join(tt.args, " "), out)
				})
			}

			t.Run("default file", func(t *testing.T) {
				t.Chdir(dir) // sonde.data in the current directory
				out, errOut, code := repRun(t, "--flat")
				if want := header + repFlatWant(flatCounts); code != 0 || errOut != "" || out != want {
					t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errOut, out, want)
				}
			})

			t.Run("functions", func(t *testing.T) {
				out, errOut, code := repRun(t, data, "--functions")
				if code != 0 || errOut != "" {
					t.Fatalf("exit %d, stderr %q", code, errOut)
				}
				t.Logf("sonde report --functions:\n%s", out)
				// worker: 45 samples of 1001001 ns flat and cum; main: cum of
				// all 50, as main's calls hold every sample's stack
				rows := repTopRows(t, out)
				if got := rows["worker"]; got != [2]string{"45.05ms", "45.05ms"} {
					t.Errorf("worker flat, cum = %v, want 45.05ms 45.05ms\n%s", got, out)
				}
				if got := rows["main"]; got[1] != "50.05ms" {
					t.Errorf("main cum = %v, want 50.05ms\n%s", got[1], out)
				}
			})

			t.Run("pprof", func(t *testing.T) {
				pb := filepath.Join(dir, "cpu.pb.gz")
				out, errOut, code := repRun(t, "--format", "pprof", "-o", pb, data)
				if code != 0 || errOut != "" || out != "" {
					t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
				}
				rows := repPprofTop(t, pb)
				if got := rows["worker"]; got != [2]int64{45, 45} {
					t.Errorf("go tool pprof: worker flat, cum = %v, want [45 45]", got)
				}
				if got := rows["main"]; got != [2]int64{5, 50} {
					t.Errorf("go tool pprof: main flat, cum = %v, want [5 50]", got)
				}
			})
		})
	}
}

// repTopRows parses the functions view: name -> flat, cum.
func repTopRows(t *testing.T, out string) map[string][2]string {
	rows := make(map[string][2]string)
	for _, l := range strings.Split(out, "\n") {
		fs := strings.Fields(l)
		// flat flat% ± sum% cum cum% function
		if len(fs) >= 7 && strings.HasSuffix(fs[1], "%") && fs[0] != "flat" {
			rows[strings.Join(fs[6:], " ")] = [2]string{fs[0], fs[4]}
		}
	}
	return rows
}

// repPprofTop runs the real go tool pprof -top on file: name -> flat, cum
// in samples.
func repPprofTop(t *testing.T, file string) map[string][2]int64 {
	t.Helper()
	testprog.Require(t, "go")
	goTool := filepath.Join(strings.TrimSpace(repCmd(t, "go", "env", "GOROOT")), "bin", "go")
	cmd := exec.Command(goTool, "tool", "pprof", "-top", "-sample_index=samples", file)
	cmd.Env = append(os.Environ(), "PPROF_TMPDIR="+t.TempDir(), "PPROF_BINARY_PATH=/nonexistent")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof: %v\n%s", err, out)
	}
	t.Logf("go tool pprof -top:\n%s", out)
	rows := make(map[string][2]int64)
	in := false
	for _, l := range strings.Split(string(out), "\n") {
		fs := strings.Fields(l)
		if len(fs) >= 5 && fs[0] == "flat" {
			in = true
			continue
		}
		if in && len(fs) >= 6 {
			flat, err1 := strconv.ParseInt(fs[0], 10, 64)
			cum, err2 := strconv.ParseInt(fs[3], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("go tool pprof -top line %q", l)
			}
			rows[strings.Join(fs[5:], " ")] = [2]int64{flat, cum}
		}
	}
	return rows
}

// TestReportDegraded points the mapping at a copy of the fixture without
// DWARF: one warning names it, and lines degrade to object:function with
// function names from nm.
func TestReportDegraded(t *testing.T) {
	testprog.Require(t, "strip")
	f := repBuild(t, "-no-pie", "-fno-pie")
	dir := t.TempDir()
	nodebug := filepath.Join(dir, "inline-nodebug")
	if out, err := exec.Command("strip", "--strip-debug", "-o", nodebug, f.path).CombinedOutput(); err != nil {
		t.Fatalf("strip: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "sonde.data")
	repWrite(t, data, f, nodebug, 0)
	out, errOut, code := repRun(t, data)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// 45 of 50 samples in worker, 5 in main (nm's names for worker+4,
	// worker+8 and main+1); ± by hand: 200*(.9*.1/50)**.5 = 8.49
	want := "record: 50 samples, cpu 50.05ms, 1 run, 1 process, 0 lost\n" +
		" 90.0% ±8.5  inline-nodebug:worker\n" +
		" 10.0% ±8.5  inline-nodebug:main\n"
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
	if lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], "sonde: "+nodebug+": no DWARF") {
		t.Errorf("stderr %q, want one line \"sonde: %s: no DWARF...\"", errOut, nodebug)
	}
}

// TestReportMergedAndDamaged merges two data files (two runs) named by a
// glob, one of them cut in the middle of its last frame: the reader's
// warning is one line and the rest is reported.
func TestReportMergedAndDamaged(t *testing.T) {
	f := repBuild(t, "-no-pie", "-fno-pie")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.data"), filepath.Join(dir, "b.data")
	repWrite(t, a, f, f.path, 0)
	repWrite(t, b, f, f.path, 0)
	// a stray half frame, as a crashed writer leaves: the first 30 bytes of
	// a complete file (a 24-byte header and part of its payload)
	whole, err := os.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	fh, err := os.OpenFile(b, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fh.Write(whole[:30]); err != nil {
		t.Fatal(err)
	}
	fh.Close()

	out, errOut, code := repRun(t, "--flat", "--by", "function", filepath.Join(dir, "*.data"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.HasPrefix(out, "record: 100 samples, cpu 100.10ms, 2 runs, 2 processes, 0 lost\n") {
		t.Errorf("header of two merged runs:\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "sonde: "+b+": ") {
		t.Errorf("stderr %q, want one warning line naming %s", errOut, b)
	}
}

// TestReportCounts writes a counting run of function units (entry counts)
// with one function that never ran: the default view lists it with 0.
func TestReportCounts(t *testing.T) {
	f := repBuild(t, "-no-pie", "-fno-pie")
	syms, err := oracle.Nm(t, f.path, false)
	if err != nil {
		t.Fatal(err)
	}
	addr := map[string]uint64{}
	for _, s := range syms {
		addr[s.Name] = s.Addr
	}
	data := filepath.Join(t.TempDir(), "count.data")
	w, err := datafile.Create(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "count", Start: repT0,
		CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}}}); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteMapping(0, &profile.Mapping{Path: f.path, BuildID: f.buildID}); err != nil {
		t.Fatal(err)
	}
	fn := func(name string, c uint64) profile.Unit {
		return profile.Unit{Kind: profile.UnitFunction, Loc: profile.Location{Mapping: 0, Addr: profile.Addr(addr[name])}, Counts: []uint64{c}}
	}
	if err := w.WriteUnitCounts([]profile.Unit{fn("main", 1), fn("worker", 2), fn("dispatch_1", 0), fn("dispatch_2", 0)}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := repRun(t, data)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := "count: 4 function units (2 executed, count 3), 1 run, 0 processes, 0 lost\n" +
		"count       %  function (entries)\n" +
		"    2   66.7%  worker\n" +
		"    1   33.3%  main\n" +
		"    0    0.0%  dispatch_1\n" +
		"    0    0.0%  dispatch_2\n"
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
}

// TestReportErrors checks that every bad command line or input file gives
// one line on stderr and the documented exit code, never a panic.
func TestReportErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.data")
	if err := os.WriteFile(junk, []byte("this is no sonde data file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.data")
	tests := []struct {
		name string
		args []string
		code int
		want string // substring of the one stderr line
	}{
		{"missing file", []string{missing}, exitError, missing},
		{"corrupt file", []string{junk}, exitError, junk + ": not a sonde data file"},
		{"glob matches nothing", []string{filepath.Join(dir, "*.nothing")}, exitError, "no file matches"},
		{"unknown flag", []string{"--bogus", junk}, exitUsage, "-bogus"},
		{"unknown flag after file", []string{junk, "--bogus"}, exitUsage, "-bogus"},
		{"unknown format", []string{"--format", "svg", junk}, exitUsage, `--format "svg": unknown format`},
		{"two views", []string{"--flat", "--functions", junk}, exitUsage, "choose one view"},
		{"bad by", []string{"--by", "stack", junk}, exitUsage, `unknown --by "stack"`},
		{"by with functions", []string{"--functions", "--by", "file", junk}, exitUsage, "--by applies to --flat"},
		{"negative top", []string{"--top", "-3", junk}, exitUsage, "--top -3"},
		{"bad window", []string{"--window", "5s:2s", junk}, exitUsage, "--window"},
		{"view with pprof", []string{"--format", "pprof", "--functions", junk}, exitUsage, "apply to --format text"},
		{"lines and another view", []string{"--lines", "--flat", junk}, exitUsage, "choose one view"},
		{"files and another view", []string{junk, "--files", "--lines"}, exitUsage, "choose one view"},
		{"instructions and another view", []string{"--instructions", "--files"}, exitUsage, "choose one view"},
		{"hier with flat", []string{"--hier", "--flat"}, exitUsage, "choose one view"},
		{"depth without hier", []string{"--depth", "3"}, exitUsage, "with --hier"},
		{"coverage and another view", []string{"--coverage", "--flat", junk}, exitUsage, "choose one view"},
		{"histogram and another view", []string{"--histogram=scaled", "--lines", junk}, exitUsage, "choose one view"},
		{"bad histogram", []string{"--histogram=wide", junk}, exitUsage, "--histogram=wide"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := repRun(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
			if len(lines) != 1 || !strings.Contains(lines[0], tt.want) || strings.Contains(errOut, "panic") {
				t.Errorf("stderr %q, want one line holding %q", errOut, tt.want)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
		})
	}
}

// TestReportOutputError checks that an unwritable -o fails with one line
// and leaves no file behind.
func TestReportOutputError(t *testing.T) {
	f := repBuild(t, "-no-pie", "-fno-pie")
	dir := t.TempDir()
	data := filepath.Join(dir, "sonde.data")
	repWrite(t, data, f, f.path, 0)
	bad := filepath.Join(dir, "no", "such", "dir", "out.txt")
	_, errOut, code := repRun(t, "-o", bad, data)
	if code != exitError || !strings.HasPrefix(errOut, "sonde report: write output: ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	good := filepath.Join(dir, "out.txt")
	if _, errOut, code := repRun(t, "-o", good, data); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if b, err := os.ReadFile(good); err != nil || !strings.HasPrefix(string(b), "record: 50 samples") {
		t.Errorf("-o file: %q, %v", b, err)
	}
}

// TestReportHelp checks that -h prints the usage with examples and exits 0.
func TestReportHelp(t *testing.T) {
	out, errOut, code := repRun(t, "-h")
	if code != 0 || errOut != "" || !strings.Contains(out, "Examples:") || !strings.Contains(out, "--format pprof") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
