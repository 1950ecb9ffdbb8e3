package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/oracle"
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

// TestReportLcovEntries exports the counts of lcov/coldpath.c (gcc -O2:
// step and process have .cold parts placed before them; halve, defined
// above its caller, and helpers.h's functions are inlined) with --format
// lcov, from sonde count --units lines of a plain build and from a sonde cc
// build, and checks each function's record: FNDA is the function's entry
// count, callgrind's count of the instruction at its symbol (nm) in a run
// with the same argument; FN is DW_AT_decl_line of its subprogram (readelf
// --debug-dump=info) for the count profile; no .cold part is a function of
// its own. sonde cc units carry no declaration line: their FN is the line
// of the function's first instruction, logged.
func TestReportLcovEntries(t *testing.T) {
	for _, tool := range []string{"gcc", "valgrind", "readelf"} {
		testprog.Require(t, tool)
	}
	src := testprog.Path("lcov/coldpath.c")
	flags := []string{"-O2", "-g", "-fno-plt", "-Wl,-z,now"}
	for _, mode := range []string{"count", "cc"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
			bin := filepath.Join(dir, "coldpath")
			data := filepath.Join(dir, "sonde.data")
			var env []string
			if mode == "cc" {
				t.Setenv("SONDE_CC", "gcc")
				ccRun(t, "cc", append(append([]string{}, flags...), "-o", bin, src)...)
				env = []string{"SONDE_OUT=" + data}
			} else {
				if out, err := exec.Command("gcc", append(append([]string{}, flags...), "-o", bin, src)...).CombinedOutput(); err != nil {
					t.Fatalf("gcc: %v\n%s", err, out)
				}
				if _, errOut, code := countRun(t, "--units", "lines", "-o", data, "--", bin, "1000"); code != 0 {
					t.Fatalf("sonde count: exit %d: %s", code, errOut)
				}
			}
			ic, err := oracle.Callgrind(t, bin, []string{"1000"}, env...)
			if err != nil {
				t.Fatal(err)
			}
			var exe map[uint64]uint64
			for obj, m := range ic {
				if filepath.Base(obj) == filepath.Base(bin) {
					exe = m
				}
			}
			syms, err := oracle.Nm(t, bin, false)
			if err != nil {
				t.Fatal(err)
			}
			entry := map[string]uint64{} // callgrind's entries of the fixture's functions
			for _, s := range syms {
				switch s.Name {
				case "complain", "step", "process", "main":
					entry[s.Name] = exe[s.Addr]
				}
			}
			// by hand (the fixture's comment), so that the oracle is checked too
			if want := map[string]uint64{"complain": 10, "step": 5000, "process": 1000, "main": 1}; !reflect.DeepEqual(entry, want) {
				t.Fatalf("callgrind entries %v, by hand %v", entry, want)
			}
			out, errOut, code := repRun(t, "--format", "lcov", data)
			if code != 0 {
				t.Fatalf("sonde report --format lcov: exit %d: %s", code, errOut)
			}
			fn, fnda := lcovFuncs(out, src)
			for name, want := range entry {
				if c, ok := fnda[name]; !ok || c != want {
					t.Errorf("FNDA %s: %d (listed %v), callgrind %d", name, c, ok, want)
				}
			}
			for name := range fnda {
				if strings.Contains(name, ".cold") {
					t.Errorf("the .cold part %s has a record of its own", name)
				}
			}
			if mode == "cc" {
				t.Logf("sonde cc FN lines (first instructions): %v", fn)
				return
			}
			decl := readelfDeclLines(t, bin)
			for name := range entry {
				if fn[name] != decl[name] || decl[name] == 0 {
					t.Errorf("FN %s: line %d, DW_AT_decl_line %d", name, fn[name], decl[name])
				}
			}
		})
	}
}

// lcovFuncs returns the FN lines and FNDA counts of the record of src.
func lcovFuncs(tracefile, src string) (fn map[string]int, fnda map[string]uint64) {
	fn, fnda = map[string]int{}, map[string]uint64{}
	in := false
	for _, l := range strings.Split(tracefile, "\n") {
		if v, ok := strings.CutPrefix(l, "SF:"); ok {
			in = v == src
		}
		if !in {
			continue
		}
		if v, ok := strings.CutPrefix(l, "FN:"); ok {
			n, name, _ := strings.Cut(v, ",")
			fn[name], _ = strconv.Atoi(n)
		}
		if v, ok := strings.CutPrefix(l, "FNDA:"); ok {
			c, name, _ := strings.Cut(v, ",")
			fnda[name], _ = strconv.ParseUint(c, 10, 64)
		}
	}
	return fn, fnda
}

// readelfDeclLines returns DW_AT_decl_line of each subprogram of bin that
// has code (DW_AT_low_pc or DW_AT_ranges), by name, from binutils readelf
// --debug-dump=info.
func readelfDeclLines(t *testing.T, bin string) map[string]int {
	t.Helper()
	out, err := exec.Command("readelf", "--debug-dump=info", bin).Output()
	if err != nil {
		t.Fatalf("readelf: %v", err)
	}
	decl := map[string]int{}
	nameRE := regexp.MustCompile(`DW_AT_name\s*:\s*(?:\(indirect string, offset: 0x[0-9a-f]+\): )?(\S+)`)
	lineRE := regexp.MustCompile(`DW_AT_decl_line\s*:\s*(\d+)`)
	var name string
	var line int
	code, sub := false, false
	flush := func() {
		if sub && code && name != "" && line > 0 {
			decl[name] = line
		}
		name, line, code, sub = "", 0, false, false
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "Abbrev Number:") {
			flush()
			sub = strings.Contains(l, "(DW_TAG_subprogram)")
			continue
		}
		if m := nameRE.FindStringSubmatch(l); m != nil {
			name = m[1]
		}
		if m := lineRE.FindStringSubmatch(l); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		if strings.Contains(l, "DW_AT_low_pc") || strings.Contains(l, "DW_AT_ranges") {
			code = true
		}
	}
	flush()
	return decl
}
