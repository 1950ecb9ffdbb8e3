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
// of the function's first instruction, logged; their FNDA equals the calls
// column of --functions.
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
				// --functions' calls column (the entry block's count) agrees
				fv, errOut, code := repRun(t, "--functions", data)
				if code != 0 {
					t.Fatalf("sonde report --functions: exit %d: %s", code, errOut)
				}
				for _, l := range strings.Split(fv, "\n") {
					f := strings.Fields(l)
					if len(f) != 5 {
						continue
					}
					if want, ok := entry[f[4]]; ok {
						if calls, _ := strconv.ParseUint(f[1], 10, 64); calls != want {
							t.Errorf("--functions %s: %d calls, callgrind %d", f[4], calls, want)
						}
					}
				}
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

// TestReportLineRule counts lcov/lines.c (gcc -O0), whose while condition,
// for header and ?: line are each several blocks, with sonde count --units
// lines and with sonde cc, and checks the one count of a line
// (profile.LineTally's rule) in every view that prints line counts: lcov's
// DA, --format json's lines, --flat --by line, --editor and --lines agree
// with each other on every line, and with gcov (gcc --coverage of the same source, same argument,
// gcov --json-format) on every line both list: 27,000 for "while (*p) {",
// 1,001 for the for header, 1,000 for the ?: line.
func TestReportLineRule(t *testing.T) {
	for _, tool := range []string{"gcc", "gcov"} {
		testprog.Require(t, tool)
	}
	src := testprog.Path("lcov/lines.c")
	gcov := gcovLines(t, src, "1000")
	for text, want := range map[string]int64{"while (*p) {": 27000, "for (int i = 0; i < reps; i++) {": 1001, "? len : -len;": 1000} {
		found := false
		for l, c := range gcov {
			if strings.Contains(sourceLine(t, src, l), text) {
				found = true
				if c != want {
					t.Fatalf("gcov counts %q %d times, by hand %d", text, c, want)
				}
			}
		}
		if !found {
			t.Fatalf("gcov lists no line %q", text)
		}
	}
	for _, mode := range []string{"count", "cc"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
			bin := filepath.Join(dir, "lines")
			data := filepath.Join(dir, "sonde.data")
			if mode == "cc" {
				t.Setenv("SONDE_CC", "gcc")
				ccRun(t, "cc", "-O0", "-g", "-o", bin, src)
				if out, code := ccExec(t, dir, bin, []string{"SONDE_OUT=" + data}, "1000"); code != 0 {
					t.Fatalf("lines: exit %d: %s", code, out)
				}
			} else {
				if out, err := exec.Command("gcc", "-O0", "-g", "-o", bin, src).CombinedOutput(); err != nil {
					t.Fatalf("gcc: %v\n%s", err, out)
				}
				if _, errOut, code := countRun(t, "--units", "lines", "-o", data, "--", bin, "1000"); code != 0 {
					t.Fatalf("sonde count: exit %d: %s", code, errOut)
				}
			}
			view := func(args ...string) string {
				out, errOut, code := repRun(t, append(args, data)...)
				if code != 0 {
					t.Fatalf("sonde report %v: exit %d: %s", args, code, errOut)
				}
				return out
			}
			da := map[int]int64{}
			in := false
			for _, l := range strings.Split(view("--format", "lcov"), "\n") {
				if v, ok := strings.CutPrefix(l, "SF:"); ok {
					in = v == src
				}
				if v, ok := strings.CutPrefix(l, "DA:"); ok && in {
					n, c, _ := strings.Cut(v, ",")
					line, _ := strconv.Atoi(n)
					da[line], _ = strconv.ParseInt(c, 10, 64)
				}
			}
			flat := map[int]int64{}
			for _, l := range strings.Split(view("--flat", "--by", "line"), "\n") {
				f := strings.Fields(l)
				if len(f) == 3 && strings.HasPrefix(f[2], src+":") {
					line, _ := strconv.Atoi(strings.TrimPrefix(f[2], src+":"))
					flat[line], _ = strconv.ParseInt(f[0], 10, 64)
				}
			}
			var js struct {
				Lines []struct {
					File  string `json:"file"`
					Line  int    `json:"line"`
					Count int64  `json:"count"`
				} `json:"lines"`
			}
			if err := json.Unmarshal([]byte(view("--format", "json")), &js); err != nil {
				t.Fatalf("--format json: %v", err)
			}
			jsonLines := map[int]int64{}
			for _, l := range js.Lines {
				if l.File == src {
					jsonLines[l.Line] = l.Count
				}
			}
			if !reflect.DeepEqual(jsonLines, da) {
				t.Errorf("--format json lines %v, lcov DA %v", jsonLines, da)
			}
			editor := view("--editor")
			listed := listedCounts(view("--lines"), src)
			both := 0
			for line, c := range da {
				if g, ok := gcov[line]; ok {
					both++
					if c != g {
						t.Errorf("line %d %q: lcov DA %d, gcov %d", line, sourceLine(t, src, line), c, g)
					}
				}
				if c > 0 && flat[line] != c {
					t.Errorf("line %d: --flat --by line %d, lcov DA %d", line, flat[line], c)
				}
				if !strings.Contains(editor, src+":"+strconv.Itoa(line)+": "+strconv.FormatInt(c, 10)+" (") && c > 0 {
					t.Errorf("line %d: --editor lacks the count %d", line, c)
				}
				if got, ok := listed[line]; !ok || got != c {
					t.Errorf("line %d: --lines %d (listed %v), lcov DA %d", line, got, ok, c)
				}
			}
			if both < 10 {
				t.Errorf("only %d lines in both sonde's and gcov's counts", both)
			}
		})
	}
}

// gcovLines builds src with gcc -O0 --coverage, runs it with arg and
// returns gcov's count of each line (gcov --json-format).
func gcovLines(t *testing.T, src, arg string) map[int]int64 {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "g")
	if out, err := exec.Command("gcc", "-O0", "--coverage", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc --coverage: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, arg)
	cmd.Dir = dir
	_ = cmd.Run() // the fixture's status is its result, not an error
	gcda, _ := filepath.Glob(filepath.Join(dir, "*.gcda"))
	if len(gcda) != 1 {
		t.Fatalf("gcov data files: %v", gcda)
	}
	cmd = exec.Command("gcov", "--json-format", "--stdout", gcda[0])
	cmd.Dir = dir
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
		} `json:"files"`
	}
	if err := json.Unmarshal(out, &g); err != nil || len(g.Files) != 1 {
		t.Fatalf("gcov json: %v, %d files", err, len(g.Files))
	}
	lines := map[int]int64{}
	for _, l := range g.Files[0].Lines {
		lines[l.LineNumber] = l.Count
	}
	return lines
}

// sourceLine returns line n of file src, without its indentation.
func sourceLine(t *testing.T, src string, n int) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	ls := strings.Split(string(data), "\n")
	if n < 1 || n > len(ls) {
		t.Fatalf("%s has no line %d", src, n)
	}
	return strings.TrimSpace(ls[n-1])
}

// listedCounts returns each line's count in the --lines listing of src:
// Bishop's layout for sonde count ("lines.c  10  27000: \twhile (*p) {"),
// Weinberger's for sonde cc (the file's name, then every source line as
// "     27000  \twhile (*p) {").
func listedCounts(listing, src string) map[int]int64 {
	out := map[int]int64{}
	bishop := regexp.MustCompile(`^(\S+)\s+(\d+)\s+(\d+):`)
	n := -1 // Weinberger's layout: the source line being read, -1 outside src
	for _, l := range strings.Split(listing, "\n") {
		if m := bishop.FindStringSubmatch(l); m != nil && m[1] == filepath.Base(src) {
			line, _ := strconv.Atoi(m[2])
			out[line], _ = strconv.ParseInt(m[3], 10, 64)
			continue
		}
		switch {
		case l == src:
			n = 1
		case n > 0 && len(l) >= 10:
			if c, err := strconv.ParseInt(strings.TrimSpace(l[:10]), 10, 64); err == nil {
				out[n] = c
				n++
				continue
			}
			n = -1
		default:
			n = -1
		}
	}
	return out
}
