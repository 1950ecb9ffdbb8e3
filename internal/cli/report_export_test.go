package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/oracle"
)

// TestReportFormats runs sonde report --format folded|speedscope|json|lcov
// on the data file repWrite makes (30 samples in worker from main's first
// call, 15 from its last, 5 in main) and checks each output against
// llvm-symbolizer's frames for the same addresses.
func TestReportFormats(t *testing.T) {
	f := repBuild(t, "-no-pie", "-fno-pie")
	dir := t.TempDir()
	data := filepath.Join(dir, "sonde.data")
	repWrite(t, data, f, f.path, 0)
	// the oracle's root-first stacks of the three sample kinds
	stackOf := func(addrs ...uint64) string {
		ans, err := oracle.LLVMSymbolizer(t, f.path, addrs, oracle.LLVMOptions{Inlining: true})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for i := len(ans) - 1; i >= 0; i-- {
			for j := len(ans[i].Frames) - 1; j >= 0; j-- {
				names = append(names, ans[i].Frames[j].Func)
			}
		}
		return strings.Join(names, ";")
	}
	want := map[string]int64{}
	want[stackOf(f.worker+4, f.calls[0]-1)] += 30
	want[stackOf(f.worker+8, f.calls[len(f.calls)-1]-1)] += 15
	want[stackOf(f.main+1)] += 5

	t.Run("folded", func(t *testing.T) {
		out, errOut, code := repRun(t, "--format", "folded", data)
		if code != 0 || errOut != "" {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		got := map[string]int64{}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			i := strings.LastIndexByte(l, ' ')
			n, err := strconv.ParseInt(l[i+1:], 10, 64)
			if err != nil {
				t.Fatalf("line %q: %v", l, err)
			}
			got[l[:i]] = n
		}
		if len(got) != len(want) {
			t.Errorf("folded:\n%s\nwant (llvm-symbolizer) %v", out, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("stack %q: %d, want %d (llvm-symbolizer)\n%s", k, got[k], v, out)
			}
		}
	})
	t.Run("speedscope", func(t *testing.T) {
		file := filepath.Join(dir, "p.speedscope.json")
		if _, errOut, code := repRun(t, "--format", "speedscope", "-o", file, data); code != 0 || errOut != "" {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var ss struct {
			Shared   struct{ Frames []struct{ Name string } }
			Profiles []struct {
				Name     string
				EndValue int64
				Samples  [][]int
			}
		}
		if err := json.Unmarshal(raw, &ss); err != nil {
			t.Fatal(err)
		}
		// one thread (pid 4242), 50 samples of 1001001 ns
		if len(ss.Profiles) != 1 || ss.Profiles[0].Name != "inline (pid 4242 tid 4242)" || ss.Profiles[0].EndValue != 50*repPeriod || len(ss.Profiles[0].Samples) != 50 {
			t.Fatalf("profiles = %+v", ss.Profiles)
		}
		got := map[string]int64{}
		for _, s := range ss.Profiles[0].Samples {
			var names []string
			for _, i := range s {
				names = append(names, ss.Shared.Frames[i].Name)
			}
			got[strings.Join(names, ";")]++
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("stack %q: %d samples, want %d (llvm-symbolizer)", k, got[k], v)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		out, errOut, code := repRun(t, "--format", "json", data)
		if code != 0 || errOut != "" {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		var j struct {
			Format    string
			Samples   []struct{ Stack []int }
			Locations []struct {
				Lookup string
				Frames []struct{ Func string }
			}
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatal(err)
		}
		if j.Format != "sonde-profile" || len(j.Samples) != 50 {
			t.Fatalf("format %q, %d samples", j.Format, len(j.Samples))
		}
		// the first sample's leaf is worker+4 (nm), named worker
		leaf := j.Locations[j.Samples[0].Stack[0]]
		if leaf.Lookup != "0x"+strconv.FormatUint(f.worker+4, 16) || len(leaf.Frames) == 0 || leaf.Frames[0].Func != "worker" {
			t.Errorf("leaf = %+v, want worker at %#x", leaf, f.worker+4)
		}
	})
	t.Run("lcov of samples", func(t *testing.T) {
		_, errOut, code := repRun(t, "--format", "lcov", data)
		if code != exitError || !strings.Contains(errOut, "lcov export: the profile has no counts") {
			t.Errorf("exit %d, stderr %q", code, errOut)
		}
	})
	t.Run("view with folded", func(t *testing.T) {
		_, errOut, code := repRun(t, "--format", "folded", "--functions", data)
		if code != exitUsage || !strings.Contains(errOut, "apply to --format text") {
			t.Errorf("exit %d, stderr %q", code, errOut)
		}
	})
}

// TestReportEditor: --editor prints file:line: lines whose file:line are
// llvm-symbolizer's for the leaf addresses of repWrite's samples.
func TestReportEditor(t *testing.T) {
	f := repBuild(t, "-no-pie", "-fno-pie")
	data := filepath.Join(t.TempDir(), "sonde.data")
	repWrite(t, data, f, f.path, 0)
	lines, _ := repLeafLines(t, f)
	out, errOut, code := repRun(t, "--editor", data)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	t.Logf("sonde report --editor:\n%s", out)
	// worker+4 has 30 of 50 samples (if worker+8 is on the same line, 45)
	want := lines[0] + ": 60.0% ±13.9"
	if lines[1] == lines[0] {
		want = lines[0] + ": 90.0% ±8.5"
	}
	if first := strings.SplitN(out, "\n", 2)[0]; !strings.HasPrefix(first, want) {
		t.Errorf("first line %q, want it to start with %q", first, want)
	}
	if _, errOut, code := repRun(t, "--editor", "--functions", data); code != exitError || !strings.Contains(errOut, "--editor prints --flat --by line or --coverage") {
		t.Errorf("--editor --functions: exit %d, %q", code, errOut)
	}
}

// TestReportSort: --sort name orders the functions view by name; the
// functions are llvm-symbolizer's for the leaves of repWrite's samples.
func TestReportSort(t *testing.T) {
	f := repBuild(t, "-no-pie", "-fno-pie")
	data := filepath.Join(t.TempDir(), "sonde.data")
	repWrite(t, data, f, f.path, 0)
	out, errOut, code := repRun(t, "--functions", "--sort", "name", data)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	rows := strings.Split(strings.TrimSpace(out), "\n")[2:]
	var names []string
	for _, r := range rows {
		fs := strings.Fields(r)
		names = append(names, fs[len(fs)-1])
	}
	for i := 1; i < len(names); i++ {
		if names[i-1] > names[i] {
			t.Errorf("--sort name: %q before %q\n%s", names[i-1], names[i], out)
		}
	}
	if _, errOut, code := repRun(t, "--sort", "size", data); code != exitUsage || !strings.Contains(errOut, `unknown --sort "size"`) {
		t.Errorf("--sort size: exit %d, %q", code, errOut)
	}
}
