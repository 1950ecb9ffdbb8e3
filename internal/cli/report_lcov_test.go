package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// TestReportLcovGcov counts the lines of hier-test.c (-O0) with sonde count
// --units lines, exports the counts with --format lcov and compares the
// tracefile with gcov's (gcc --coverage build of the same source, same
// argument, gcov --json-format): every line both list has the same count
// (the loop condition 3002, its body 3000 for n = 1000 and 2000), every
// function gcov lists has the same execution count; then genhtml (lcov
// 1.16) must accept the tracefile with gcov's number of functions, all
// executed.
//
// The line sets differ by construction: gcov puts a function's entry on
// its declaration line and folds closing braces into other lines, where
// DWARF's line table (what sonde counts) has the "{" and "}" lines.
func TestReportLcovGcov(t *testing.T) {
	for _, tool := range []string{"gcov", "genhtml"} {
		testprog.Require(t, tool)
	}
	src := examplePath("hier-test.c")
	bin := testprog.Build(t, src, testprog.Opts{Compiler: "gcc", Flags: []string{"-O0", "-g"}})
	dir := t.TempDir()
	data := filepath.Join(dir, "c.data")
	if _, errOut, code := countRun(t, "--units", "lines", "-o", data, "--", bin, "1000"); code != 0 {
		t.Fatalf("sonde count: exit %d: %s", code, errOut)
	}
	info := filepath.Join(dir, "c.info")
	if _, errOut, code := repRun(t, "--format", "lcov", "-o", info, data); code != 0 {
		t.Fatalf("sonde report --format lcov: exit %d: %s", code, errOut)
	}
	raw, err := os.ReadFile(info)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tracefile:\n%s", raw)
	da, fnda := map[int]int64{}, map[string]int64{}
	for _, l := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(l, "DA:"); ok {
			f := strings.Split(v, ",")
			n, _ := strconv.Atoi(f[0])
			c, _ := strconv.ParseInt(f[1], 10, 64)
			da[n] = c
		}
		if v, ok := strings.CutPrefix(l, "FNDA:"); ok {
			f := strings.SplitN(v, ",", 2)
			c, _ := strconv.ParseInt(f[0], 10, 64)
			fnda[f[1]] = c
		}
	}

	// the oracle: gcov on a --coverage build run with the same argument
	gdir := t.TempDir()
	hc := filepath.Join(gdir, "hc")
	if out, err := exec.Command("gcc", "-O0", "--coverage", "-o", hc, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc --coverage: %v\n%s", err, out)
	}
	cmd := exec.Command(hc, "1000")
	cmd.Dir = gdir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", hc, err, out)
	}
	gcda, _ := filepath.Glob(filepath.Join(gdir, "*.gcda"))
	if len(gcda) != 1 {
		t.Fatalf("gcov data files: %v", gcda)
	}
	cmd = exec.Command("gcov", "--json-format", "--stdout", gcda[0])
	cmd.Dir = gdir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gcov: %v", err)
	}
	var g struct {
		Files []struct {
			Lines []struct {
				LineNumber int   `json:"line_number"`
				Count      int64 `json:"count"`
			} `json:"lines"`
			Functions []struct {
				Name           string `json:"name"`
				ExecutionCount int64  `json:"execution_count"`
			} `json:"functions"`
		} `json:"files"`
	}
	if err := json.Unmarshal(out, &g); err != nil || len(g.Files) != 1 {
		t.Fatalf("gcov json: %v, %d files", err, len(g.Files))
	}
	both := 0
	for _, l := range g.Files[0].Lines {
		c, ok := da[l.LineNumber]
		if !ok {
			continue
		}
		both++
		if c != l.Count {
			t.Errorf("line %d: sonde %d, gcov %d", l.LineNumber, c, l.Count)
		}
	}
	if both < 8 {
		t.Errorf("only %d lines in both tracefiles", both)
	}
	for _, f := range g.Files[0].Functions {
		if c, ok := fnda[f.Name]; !ok || c != f.ExecutionCount {
			t.Errorf("function %s: sonde %d (listed %v), gcov %d", f.Name, c, ok, f.ExecutionCount)
		}
	}
	// --editor prints the same counts: gcov's for every common line
	ed, errOut, code := repRun(t, "--editor", data)
	if code != 0 {
		t.Fatalf("--editor: exit %d: %s", code, errOut)
	}
	for _, l := range g.Files[0].Lines {
		if _, ok := da[l.LineNumber]; ok && !strings.Contains(ed, src+":"+strconv.Itoa(l.LineNumber)+": "+strconv.FormatInt(l.Count, 10)+" (") {
			t.Errorf("--editor lacks line %d with gcov's count %d:\n%s", l.LineNumber, l.Count, ed)
		}
	}
	hout, err := exec.Command("genhtml", "-o", filepath.Join(dir, "html"), info).CombinedOutput()
	if err != nil {
		t.Fatalf("genhtml: %v\n%s", err, hout)
	}
	n := len(g.Files[0].Functions)
	if !regexp.MustCompile(`functions\.+: 100\.0% \(` + strconv.Itoa(n) + ` of ` + strconv.Itoa(n) + ` functions\)`).Match(hout) {
		t.Errorf("genhtml does not report %d of %d functions:\n%s", n, n, hout)
	}
	hit := 0
	for _, c := range da {
		if c > 0 {
			hit++
		}
	}
	if want := "(" + strconv.Itoa(hit) + " of " + strconv.Itoa(len(da)) + " lines)"; !strings.Contains(string(hout), want) {
		t.Errorf("genhtml does not report %s:\n%s", want, hout)
	}
}
