package cli

import (
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// TestReportDiff records two builds of report_diff.c with sonde record:
// in the second, heavy does twice the iterations (-DCOST=2), so its share
// goes from 1/2 to 2/3 (the fixture's construction) and --diff must put it
// first, about +16.7 points, and steady last, about -16.7.
func TestReportDiff(t *testing.T) {
	requirePerf(t)
	_, file, _, _ := runtime.Caller(0)
	src := filepath.Join(filepath.Dir(file), "testdata", "report_diff.c")
	dir := t.TempDir()
	data := map[string]string{}
	for _, cost := range []string{"1", "2"} {
		bin := testprog.Build(t, src, testprog.Opts{Compiler: "gcc", Flags: []string{"-O1", "-g", "-DCOST=" + cost}})
		data[cost] = filepath.Join(dir, "cost"+cost+".data")
		if code, stderr := record(t, "-o", data[cost], "--", bin, "200000000"); code != 0 {
			t.Fatalf("record COST=%s: exit %d: %s", cost, code, stderr)
		}
	}
	out, errOut, code := repRun(t, "--diff", data["1"], data["2"])
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	t.Logf("sonde report --diff:\n%s", out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 4 {
		t.Fatalf("too few lines:\n%s", out)
	}
	first, last := strings.Fields(lines[2]), strings.Fields(lines[len(lines)-1])
	if first[len(first)-1] != "heavy" {
		t.Errorf("first row %q, want heavy", lines[2])
	}
	if last[len(last)-1] != "steady" {
		t.Errorf("last row %q, want steady", lines[len(lines)-1])
	}
	// the tolerance is the view's own two standard deviations plus 2
	// points for what is not heavy or steady (start-up, main)
	delta, err1 := strconv.ParseFloat(strings.TrimSuffix(first[2], "%"), 64)
	pm, err2 := strconv.ParseFloat(first[3], 64)
	if err1 != nil || err2 != nil || delta < 16.7-pm-2 || delta > 16.7+pm+2 {
		t.Errorf("heavy's delta %s ±%s, want +16.7 within that ± 2 points", first[2], first[3])
	}

	// the filters on the same data: --focus heavy keeps only heavy's samples
	out, errOut, code = repRun(t, "--flat", "--by", "function", "--focus", "^heavy$", data["2"])
	if code != 0 || !strings.Contains(out, "100.0% ±0.0  heavy\n") {
		t.Errorf("--focus heavy: exit %d, stderr %q\n%s", code, errOut, out)
	}
	out, _, _ = repRun(t, "--flat", "--by", "function", "--ignore", "^(heavy|steady)$", data["2"])
	if strings.Contains(out, "heavy") || strings.Contains(out, "steady") {
		t.Errorf("--ignore heavy|steady:\n%s", out)
	}
	bin := filepath.Base(testprog.Build(t, src, testprog.Opts{Compiler: "gcc", Flags: []string{"-O1", "-g", "-DCOST=2"}}))
	out, _, _ = repRun(t, "--flat", "--by", "object", "--object", bin, data["2"])
	if !strings.Contains(out, "100.0% ") || !strings.Contains(out, bin) {
		t.Errorf("--object %s:\n%s", bin, out)
	}
	out, _, _ = repRun(t, "--flat", "--comm", "nosuchcomm", data["2"])
	if !strings.Contains(out, "no samples and no counts") {
		t.Errorf("--comm nosuchcomm:\n%s", out)
	}
}

func TestReportExtrasErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"bad focus", []string{"--focus", "(", "x.data"}, "--focus: error parsing regexp"},
		{"bad ignore", []string{"--ignore", "[", "x.data"}, "--ignore: error parsing regexp"},
		{"diff with pprof", []string{"--diff", "a.data", "--format", "pprof", "x.data"}, "--diff prints a text view"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := repRun(t, tt.args...)
			if code != exitUsage || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q, want %q", code, errOut, tt.want)
			}
		})
	}
	_, errOut, code := repRun(t, "--diff", filepath.Join(t.TempDir(), "missing.data"), "x.data")
	if code != exitError {
		t.Errorf("missing base: exit %d, stderr %q", code, errOut)
	}
}
