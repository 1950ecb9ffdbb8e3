package cli

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// benchWork is bench/cc's work.c: a quicksort, a hash table, a bytecode
// interpreter with a switch, a sieve and a checksum.
func benchWork() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "bench", "cc", "testdata", "work.c")
}

// gcovBranchLines runs gcov -b -c --json-format on the one .gcda file of dir and
// returns the per-line branch counts (throw edges left out) and line
// counts of the file named base, and the functions' execution counts.
func gcovBranchLines(t *testing.T, dir, base string) (branches map[int][]uint64, lines map[int]uint64, funcs map[string]uint64) {
	t.Helper()
	gcda, _ := filepath.Glob(filepath.Join(dir, "*.gcda"))
	if len(gcda) != 1 {
		t.Fatalf("gcov data files: %v", gcda)
	}
	cmd := exec.Command("gcov", "--json-format", "-b", "-c", "--stdout", gcda[0])
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gcov: %v", err)
	}
	return gcovJSONLines(t, out, base)
}

// gcovJSON is what the tests read of gcov's JSON format, sonde's and
// gcov's alike.
type gcovJSON struct {
	FormatVersion string `json:"format_version"`
	Files         []struct {
		File  string `json:"file"`
		Lines []struct {
			LineNumber int    `json:"line_number"`
			Count      uint64 `json:"count"`
			Branches   []struct {
				Count       uint64 `json:"count"`
				Throw       bool   `json:"throw"`
				Fallthrough bool   `json:"fallthrough"`
			} `json:"branches"`
		} `json:"lines"`
		Functions []struct {
			Name           string `json:"name"`
			ExecutionCount uint64 `json:"execution_count"`
		} `json:"functions"`
	} `json:"files"`
}

func gcovJSONLines(t *testing.T, data []byte, base string) (branches map[int][]uint64, lines map[int]uint64, funcs map[string]uint64) {
	t.Helper()
	var g gcovJSON
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatalf("gcov json: %v", err)
	}
	branches, lines, funcs = map[int][]uint64{}, map[int]uint64{}, map[string]uint64{}
	for _, f := range g.Files {
		if filepath.Base(f.File) != base {
			continue
		}
		for _, l := range f.Lines {
			lines[l.LineNumber] = l.Count
			for _, b := range l.Branches {
				if !b.Throw {
					branches[l.LineNumber] = append(branches[l.LineNumber], b.Count)
				}
			}
		}
		for _, fn := range f.Functions {
			funcs[fn.Name] = fn.ExecutionCount
		}
	}
	return branches, lines, funcs
}

// sameCounts reports whether a line's branch counts a and b are the same
// counts in any order (sonde and gcov order a line's branches apart).
func sameCounts(a, b []uint64) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// noExtraBranches fails for every line where who's branches sb have
// branches and gcov's gb none.
func noExtraBranches(t *testing.T, who string, sb, gb map[int][]uint64) {
	t.Helper()
	for line, s := range sb {
		if _, ok := gb[line]; !ok {
			t.Errorf("line %d: %s has branches %v, gcov none", line, who, s)
		}
	}
}

func sum(xs []uint64) (s uint64) {
	for _, x := range xs {
		s += x
	}
	return s
}

// TestReportBranchesGcov builds bench/cc's work.c with sonde cc and with
// gcc --coverage (both -O0, run with argument 1) and checks sonde's branch
// coverage against gcov's (gcov -b -c --json-format, gcc 12) and gcovr's
// (5.2), and its exports against the tools that read them:
//
//   - per line, the counts of sonde's branch ways (the conditional jumps
//     on the line, taken and not taken) are gcov's branch counts, as
//     multisets: at -O0 gcc's conditional jumps are gcov's conditions one
//     for one (a && b is two jumps and four gcov branches). The one rule
//     for lines where they are not: a switch compiled to a jump table,
//     where gcov has one branch per case and sonde one conditional jump
//     (the range check before the table, whose other successor is an
//     indirect jump): the line's totals are equal, and the jump's way to
//     the default case has gcov's default count;
//   - every conditional jump's ways are determined by the block counts
//     (no "left out" note);
//   - gcov-json: sonde's output has version 2's fields that gcovr's
//     gcov-json reader reads (gcovr/formats/gcov/parser/json.py), gcov's
//     line counts and every function's execution count;
//   - lcov: genhtml --branch-coverage reads the tracefile and reports its
//     BRF/BRH;
//   - Cobertura: validates against the Cobertura DTD (export/testdata,
//     which rejects gcovr 5.2's own output for its function-rate
//     attributes); on the lines both list, hits>0 and condition-coverage
//     are gcovr's, except the switch's (the rule above), so that the rates
//     over those lines are gcovr's;
//   - thresholds: --fail-under-line 101 exits 2 with one line naming it,
//     --fail-under-line 1 exits 0, --fail-under-branch 100 fails (two ways
//     never ran), --exclude keeps the exports to the other files;
//   - merging: a second run appended to the data file doubles every
//     branch count.
func TestReportBranchesGcov(t *testing.T) {
	for _, tool := range []string{"gcc", "gcov", "gcovr", "genhtml", "xmllint"} {
		testprog.Require(t, tool)
	}
	src := benchWork()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	ccRun(t, "cc", "-O0", "-g", "-o", ws, src)
	if out, code := ccExec(t, dir, ws, nil, "1"); code != 0 {
		t.Fatalf("ws: exit %d: %s", code, out)
	}
	data := filepath.Join(dir, "sonde.data")

	gdir := t.TempDir()
	wg := filepath.Join(gdir, "wg")
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	// gcovr reports the sources under its root: the copy in gdir
	if err := os.WriteFile(filepath.Join(gdir, "work.c"), text, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("gcc", "-O0", "--coverage", "-o", wg, "work.c")
	cmd.Dir = gdir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc --coverage: %v\n%s", err, out)
	}
	cmd = exec.Command(wg, "1")
	cmd.Dir = gdir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wg: %v\n%s", err, out)
	}
	gb, gl, gf := gcovBranchLines(t, gdir, "work.c")

	sj := filepath.Join(dir, "s.json")
	_, errOut, code := repRun(t, "--format", "gcov-json", "-o", sj, data)
	if code != 0 {
		t.Fatalf("--format gcov-json: exit %d: %s", code, errOut)
	}
	if strings.Contains(errOut, "left out") {
		t.Errorf("branches left out at -O0: %s", errOut)
	}
	raw, err := os.ReadFile(sj)
	if err != nil {
		t.Fatal(err)
	}
	checkGcovJSONSchema(t, raw)
	sb, sl, sf := gcovJSONLines(t, raw, "work.c")

	// the branches, line by line
	switches := map[int]bool{}
	for line, g := range gb {
		s, ok := sb[line]
		switch {
		case !ok:
			t.Errorf("line %d: gcov has branches %v, sonde none", line, g)
		case len(g) > 2 && len(s) == 2:
			// the switch rule
			switches[line] = true
			if sum(s) != sum(g) || !slices.Contains(g, s[0]) && !slices.Contains(g, s[1]) {
				t.Errorf("line %d (switch): sonde %v, gcov %v: want equal totals and the default's count among gcov's", line, s, g)
			}
		default:
			if !sameCounts(s, g) {
				t.Errorf("line %d: sonde's branch counts %v, gcov's %v", line, s, g)
			}
		}
	}
	noExtraBranches(t, "sonde", sb, gb)
	t.Logf("%d lines with branches compared with gcov's, switches on lines %v", len(gb), switches)
	if len(gb) < 15 || len(switches) != 1 {
		t.Errorf("%d lines with branches (want 15 or more), %d switches (want 1)", len(gb), len(switches))
	}
	for line, c := range gl {
		if s, ok := sl[line]; ok && s != c {
			t.Errorf("line %d: sonde's count %d, gcov's %d", line, s, c)
		}
	}
	for name, c := range gf {
		if s, ok := sf[name]; !ok || s != c {
			t.Errorf("function %s: sonde %d (listed %v), gcov %d", name, s, ok, c)
		}
	}

	// --lines marks the lines whose branches did not all run, and only them
	listing, errOut, code := repRun(t, "--lines", data)
	if code != 0 {
		t.Fatalf("--lines: exit %d: %s", code, errOut)
	}
	marked := 0
	for _, l := range strings.Split(listing, "\n") {
		m := regexp.MustCompile(`\[(\d+)/(\d+) branches taken\]$`).FindStringSubmatch(l)
		if m == nil {
			continue
		}
		marked++
		switch {
		case strings.Contains(l, "int scale = argc > 1"):
			if m[1] != "1" || m[2] != "2" {
				t.Errorf("line 101 marked %s/%s, want 1/2 (gcov: 1, 0): %q", m[1], m[2], l)
			}
		case strings.Contains(l, "while (keys[h] != 0 && keys[h] != k)"):
			if m[1] != "3" || m[2] != "4" {
				t.Errorf("line 51 marked %s/%s, want 3/4 (gcov: a branch of 0): %q", m[1], m[2], l)
			}
		default:
			t.Errorf("a line whose branches all ran (gcov) is marked: %q", l)
		}
	}
	if marked != 2 {
		t.Errorf("%d lines marked, want 2 (gcov's lines with a branch of 0: 51, 101)", marked)
	}

	// lcov, read by genhtml --branch-coverage
	info := filepath.Join(dir, "s.info")
	if _, errOut, code := repRun(t, "--format", "lcov", "-o", info, data); code != 0 {
		t.Fatalf("--format lcov: exit %d: %s", code, errOut)
	}
	tf, err := os.ReadFile(info)
	if err != nil {
		t.Fatal(err)
	}
	brf, brh := 0, 0
	for _, l := range strings.Split(string(tf), "\n") {
		if v, ok := strings.CutPrefix(l, "BRF:"); ok {
			n, _ := strconv.Atoi(v)
			brf += n
		}
		if v, ok := strings.CutPrefix(l, "BRH:"); ok {
			n, _ := strconv.Atoi(v)
			brh += n
		}
	}
	hout, err := exec.Command("genhtml", "--branch-coverage", "-o", filepath.Join(dir, "html"), info).CombinedOutput()
	if err != nil {
		t.Fatalf("genhtml: %v\n%s", err, hout)
	}
	if brf == 0 || !strings.Contains(string(hout), fmt.Sprintf("(%d of %d branches)", brh, brf)) {
		t.Errorf("genhtml does not report BRH %d of BRF %d:\n%s", brh, brf, hout)
	}

	// Cobertura: the DTD, then gcovr's own report of the gcov build
	xmlPath := filepath.Join(dir, "s.xml")
	if _, errOut, code := repRun(t, "--format", "cobertura", "-o", xmlPath, data); code != 0 {
		t.Fatalf("--format cobertura: exit %d: %s", code, errOut)
	}
	_, thisFile, _, _ := runtime.Caller(0)
	dtd := filepath.Join(filepath.Dir(thisFile), "..", "..", "export", "testdata", "cobertura-04.dtd")
	if out, err := exec.Command("xmllint", "--nonet", "--noout", "--dtdvalid", dtd, xmlPath).CombinedOutput(); err != nil {
		t.Errorf("xmllint --dtdvalid: %v\n%s", err, out)
	}
	gx := filepath.Join(gdir, "g.xml")
	cmd = exec.Command("gcovr", "-r", gdir, "--xml", "-o", gx, gdir)
	cmd.Dir = gdir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcovr: %v\n%s", err, out)
	}
	if out, err := exec.Command("xmllint", "--nonet", "--noout", "--dtdvalid", dtd, gx).CombinedOutput(); err == nil || !strings.Contains(string(out), "function-rate") {
		t.Errorf("the DTD should reject gcovr 5.2's function-rate attribute: %v\n%s", err, out)
	}
	sx, gxl := coberturaLines(t, xmlPath, "work.c"), coberturaLines(t, gx, "work.c")
	var sLines, gLines, sBr, gBr [2]int // covered, total
	for n, g := range gxl {
		s, ok := sx[n]
		if !ok {
			continue
		}
		if (s.Hits > 0) != (g.Hits > 0) {
			t.Errorf("cobertura line %d: sonde hits %d, gcovr %d", n, s.Hits, g.Hits)
		}
		sLines[1]++
		gLines[1]++
		if s.Hits > 0 {
			sLines[0]++
		}
		if g.Hits > 0 {
			gLines[0]++
		}
		if switches[n] {
			continue
		}
		if s.Cond != g.Cond {
			t.Errorf("cobertura line %d: sonde condition-coverage %q, gcovr %q", n, s.Cond, g.Cond)
		}
		for k, c := range [2]string{s.Cond, g.Cond} {
			if m := regexp.MustCompile(`\((\d+)/(\d+)\)`).FindStringSubmatch(c); m != nil {
				cov, _ := strconv.Atoi(m[1])
				tot, _ := strconv.Atoi(m[2])
				p := &sBr
				if k == 1 {
					p = &gBr
				}
				p[0] += cov
				p[1] += tot
			}
		}
	}
	t.Logf("lines both Cobertura reports list: %v lines, %v branches (covered, total)", sLines, sBr)
	if sLines != gLines || sBr != gBr || sLines[1] < 50 || sBr[1] < 30 {
		t.Errorf("common lines: sonde %v lines %v branches, gcovr %v lines %v branches", sLines, sBr, gLines, gBr)
	}

	// thresholds
	_, errOut, code = repRun(t, "--coverage", "--fail-under-line", "101", data)
	if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "line coverage") || !strings.Contains(errOut, "below 101%") {
		t.Errorf("--fail-under-line 101: exit %d, stderr %q", code, errOut)
	}
	if _, errOut, code = repRun(t, "--coverage", "--fail-under-line", "1", data); code != 0 {
		t.Errorf("--fail-under-line 1: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = repRun(t, "--coverage", "--fail-under-branch", "100", "--fail-under-function", "100", data)
	if code != 2 || !strings.Contains(errOut, "branch coverage") || strings.Contains(errOut, "function coverage") {
		t.Errorf("--fail-under-branch 100: exit %d, stderr %q", code, errOut)
	}
	out, errOut, code := repRun(t, "--format", "lcov", "--exclude", "/usr/**", "--exclude", "*.h", data)
	if code != 0 || strings.Count(out, "SF:") != 1 || !strings.Contains(out, "SF:"+src) && !strings.Contains(out, "/work.c\n") {
		t.Errorf("--exclude: exit %d, %d files, stderr %q", code, strings.Count(out, "SF:"), errOut)
	}
	if _, errOut, code = repRun(t, "--format", "lcov", "--include", "nothing*.c", data); code != 0 || !strings.Contains(errOut, "left no source file") {
		t.Errorf("--include matching nothing: exit %d, stderr %q", code, errOut)
	}

	// merging: a second run adds its counts
	if out, code := ccExec(t, dir, ws, nil, "1"); code != 0 {
		t.Fatalf("ws: exit %d: %s", code, out)
	}
	sj2 := filepath.Join(dir, "s2.json")
	if _, errOut, code := repRun(t, "--format", "gcov-json", "-o", sj2, data); code != 0 {
		t.Fatalf("--format gcov-json: exit %d: %s", code, errOut)
	}
	raw2, err := os.ReadFile(sj2)
	if err != nil {
		t.Fatal(err)
	}
	sb2, _, _ := gcovJSONLines(t, raw2, "work.c")
	for line, s := range sb {
		for i, c := range s {
			if i >= len(sb2[line]) || sb2[line][i] != 2*c {
				t.Errorf("line %d: after two runs %v, after one %v", line, sb2[line], s)
				break
			}
		}
	}
}

// coberturaLine is a class line of a Cobertura report.
type coberturaLine struct {
	Hits uint64
	Cond string
}

// coberturaLines returns the lines of the class whose filename ends in
// base.
func coberturaLines(t *testing.T, path, base string) map[int]coberturaLine {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Packages []struct {
			Classes []struct {
				Filename string `xml:"filename,attr"`
				Lines    []struct {
					Number int    `xml:"number,attr"`
					Hits   uint64 `xml:"hits,attr"`
					Cond   string `xml:"condition-coverage,attr"`
				} `xml:"lines>line"`
			} `xml:"classes>class"`
		} `xml:"packages>package"`
	}
	if err := xml.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[int]coberturaLine{}
	for _, p := range doc.Packages {
		for _, c := range p.Classes {
			if filepath.Base(c.Filename) != base {
				continue
			}
			for _, l := range c.Lines {
				out[l.Number] = coberturaLine{l.Hits, l.Cond}
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no class for %s", path, base)
	}
	return out
}

// checkGcovJSONSchema checks that data has every field of gcov's JSON
// format version 2 that gcovr's gcov-json reader takes
// (gcovr/formats/gcov/parser/json.py: parse_coverage, _parse_file_node),
// with its JSON type.
func checkGcovJSONSchema(t *testing.T, data []byte) {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("gcov-json: %v", err)
	}
	want := func(obj map[string]any, where string, fields map[string]string) {
		for k, kind := range fields {
			v, ok := obj[k]
			got := fmt.Sprintf("%T", v)
			if !ok || got != kind {
				t.Errorf("%s: field %q is %s (present %v), want %s", where, k, got, ok, kind)
			}
		}
	}
	want(doc, "document", map[string]string{"format_version": "string", "current_working_directory": "string", "files": "[]interface {}"})
	if doc["format_version"] != "2" {
		t.Errorf("format_version %v, want \"2\"", doc["format_version"])
	}
	files, _ := doc["files"].([]any)
	if len(files) == 0 {
		t.Fatalf("gcov-json: no files")
	}
	for _, f := range files {
		fo := f.(map[string]any)
		want(fo, "file", map[string]string{"file": "string", "lines": "[]interface {}", "functions": "[]interface {}"})
		for _, l := range fo["lines"].([]any) {
			lo := l.(map[string]any)
			want(lo, "line", map[string]string{"line_number": "float64", "count": "float64", "block_ids": "[]interface {}", "branches": "[]interface {}"})
			for _, b := range lo["branches"].([]any) {
				want(b.(map[string]any), "branch", map[string]string{"count": "float64", "fallthrough": "bool", "throw": "bool",
					"source_block_id": "float64", "destination_block_id": "float64"})
			}
		}
		for _, fn := range fo["functions"].([]any) {
			want(fn.(map[string]any), "function", map[string]string{"name": "string", "demangled_name": "string",
				"start_line": "float64", "start_column": "float64", "end_line": "float64", "end_column": "float64",
				"blocks": "float64", "blocks_executed": "float64", "execution_count": "float64"})
		}
	}
}

// TestReportBranchesCount counts the blocks of a plain gcc -O0 build of
// bench/cc's work.c with sonde count --units blocks, whose branches come
// from disassembly (each conditional jump's target and fall-through
// block), and checks them against gcov -b on a gcc --coverage -O0 build by
// the rules of TestReportBranchesGcov (per line, the multiset of branch
// counts; the switch's totals). Then a coverage run (--coverage --units
// blocks, every count 0 or 1) of the same binary: every way whose verdict
// it decides (taken or never) has the verdict of sonde cc's -O0 build
// capped at 1, line by line in address order, and it decides at least
// half of them (a loop's back edge into a head the entry also reaches is
// what block coverage cannot decide).
func TestReportBranchesCount(t *testing.T) {
	for _, tool := range []string{"gcc", "gcov"} {
		testprog.Require(t, tool)
	}
	testprog.RequireRoot(t, "sonde count traces the program")
	src := benchWork()
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	if out, err := exec.Command("gcc", "-O0", "-g", "-o", plain, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	exact, cover := filepath.Join(dir, "b.data"), filepath.Join(dir, "v.data")
	for _, run := range [][]string{{"--units", "blocks", "-o", exact}, {"--coverage", "--units", "blocks", "-o", cover}} {
		if _, errOut, code := countRun(t, append(run, "--", plain, "1")...); code != 0 {
			t.Fatalf("sonde count %v: exit %d: %s", run, code, errOut)
		}
	}
	gdir := t.TempDir()
	cmd := exec.Command("gcc", "-O0", "--coverage", "-o", filepath.Join(gdir, "wg"), src)
	cmd.Dir = gdir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc --coverage: %v\n%s", err, out)
	}
	cmd = exec.Command(filepath.Join(gdir, "wg"), "1")
	cmd.Dir = gdir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wg: %v\n%s", err, out)
	}
	gb, _, _ := gcovBranchLines(t, gdir, "work.c")

	out, errOut, code := repRun(t, "--format", "gcov-json", exact)
	if code != 0 {
		t.Fatalf("--format gcov-json: exit %d: %s", code, errOut)
	}
	if strings.Contains(errOut, "left out") || strings.Contains(errOut, "no branches") {
		t.Errorf("branches missing: %s", errOut)
	}
	sb, _, _ := gcovJSONLines(t, []byte(out), "work.c")
	for line, g := range gb {
		s := sb[line]
		if len(g) > 2 && len(s) == 2 {
			if sum(s) != sum(g) {
				t.Errorf("line %d (switch): sonde count %v, gcov %v: want equal totals", line, s, g)
			}
			continue
		}
		if !sameCounts(s, g) {
			t.Errorf("line %d: sonde count's branch counts %v, gcov's %v", line, s, g)
		}
	}
	noExtraBranches(t, "sonde count", sb, gb)

	// Bishop's listing marks gcov's lines with a branch of 0 (51, 101)
	listing, errOut, code := repRun(t, "--lines", exact)
	if code != 0 {
		t.Fatalf("--lines: exit %d: %s", code, errOut)
	}
	var marked []int
	for _, l := range strings.Split(listing, "\n") {
		if f := strings.Fields(l); len(f) > 2 && strings.HasSuffix(l, "branches taken]") {
			n, _ := strconv.Atoi(f[1])
			marked = append(marked, n)
		}
	}
	if !slices.Equal(marked, []int{51, 101}) {
		t.Errorf("--lines marks lines %v, want gcov's 51 and 101:\n%s", marked, listing)
	}

	// the coverage run's verdicts against sonde cc's counts
	ws := filepath.Join(dir, "ws")
	ccRun(t, "cc", "-O0", "-g", "-o", ws, src)
	if out, code := ccExec(t, dir, ws, nil, "1"); code != 0 {
		t.Fatalf("ws: exit %d: %s", code, out)
	}
	ccBranches := branchesView(t, filepath.Join(dir, "sonde.data"))
	covBranches := branchesView(t, cover)
	decided, ways := 0, 0
	for line, cv := range covBranches {
		cc := ccBranches[line]
		if len(cc) != len(cv) {
			t.Errorf("line %d: %d conditional jumps in the coverage run, %d in sonde cc's build", line, len(cv), len(cc))
			continue
		}
		for i := range cv {
			for w := 0; w < 2; w++ {
				ways++
				v, c := cv[i][w], cc[i][w]
				if v == "?" {
					continue
				}
				decided++
				if (v == "yes") != (c != "0 (never)") {
					t.Errorf("line %d jump %d way %d: coverage run %q, sonde cc %q", line, i, w, v, c)
				}
			}
		}
	}
	t.Logf("coverage run: %d of %d ways decided", decided, ways)
	if ways < 40 || 2*decided < ways {
		t.Errorf("coverage run decided %d of %d ways", decided, ways)
	}
}

// branchesView returns, per work.c line, the taken and not-taken columns
// of report --branches, in the view's order.
func branchesView(t *testing.T, data string) map[int][][2]string {
	t.Helper()
	out, errOut, code := repRun(t, "--branches", data)
	if code != 0 {
		t.Fatalf("--branches: exit %d: %s", code, errOut)
	}
	re := regexp.MustCompile(`^work\.c:(\d+)\s+\S+\s+taken (.+?)  not taken (.+)$`)
	res := map[int][][2]string{}
	for _, l := range strings.Split(out, "\n") {
		if m := re.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			res[n] = append(res[n], [2]string{m[2], m[3]})
		}
	}
	if len(res) == 0 {
		t.Fatalf("--branches lists no work.c branch:\n%s", out)
	}
	return res
}

// TestReportBranchesCallgrind builds bench/cc's work.c with sonde cc -O2
// (with gcc, then with clang),
// where the compiler's conditional jumps no longer match gcov's
// conditions, and checks every branch against valgrind's count of the very
// binary (callgrind --collect-jumps: how often each conditional jump
// jumped; its instruction count: how often it ran), each jump placed on
// its line by binutils (objdump -d finds the jumps, addr2line their
// lines): per line, the multiset of (taken, not taken) pairs of the jumps
// that ran is sonde's. At -O2 two of its loop tests jump to the same two
// blocks, where the block counts leave the split open and sonde cc counts
// a fall-through edge itself: no branch may be left out.
func TestReportBranchesCallgrind(t *testing.T) {
	for _, cc := range []string{"gcc", "clang"} {
		t.Run(cc, func(t *testing.T) { branchesCallgrind(t, cc) })
	}
}

func branchesCallgrind(t *testing.T, compiler string) {
	for _, tool := range []string{"valgrind", "objdump", "addr2line", compiler} {
		testprog.Require(t, tool)
	}
	t.Setenv("SONDE_CC", compiler)
	dir := t.TempDir()
	w2 := filepath.Join(dir, "w2")
	ccRun(t, "cc", "-O2", "-g", "-o", w2, benchWork())
	want := callgrindBranches(t, dir, w2, "work.c", "1")
	sj, errOut, code := repRun(t, "--format", "gcov-json", filepath.Join(dir, "sonde.data"))
	if code != 0 {
		t.Fatalf("--format gcov-json: exit %d: %s", code, errOut)
	}
	if strings.Contains(errOut, "left out") {
		t.Errorf("branches left out: %s", errOut)
	}
	sb, _, _ := gcovJSONLines(t, []byte(sj), "work.c")
	got := map[int][][2]uint64{}
	for line, ways := range sb {
		for i := 0; i+1 < len(ways); i += 2 {
			if ways[i]+ways[i+1] > 0 {
				got[line] = append(got[line], [2]uint64{ways[i], ways[i+1]})
			}
		}
	}
	cmp := func(a, b [2]uint64) int {
		if a[0] != b[0] {
			return int(int64(a[0]) - int64(b[0]))
		}
		return int(int64(a[1]) - int64(b[1]))
	}
	n := 0
	for line, w := range want {
		g := got[line]
		slices.SortFunc(w, cmp)
		slices.SortFunc(g, cmp)
		if !slices.Equal(g, w) {
			t.Errorf("line %d: sonde's (taken, not taken) %v, callgrind's %v", line, g, w)
		}
		n += len(w)
	}
	for line, g := range got {
		if _, ok := want[line]; !ok {
			t.Errorf("line %d: sonde has branches %v, callgrind none that ran", line, g)
		}
	}
	t.Logf("%d conditional jumps that ran, on %d lines, compared with callgrind's", n, len(want))
	if n < 25 {
		t.Errorf("only %d jumps compared", n)
	}
}

// callgrindBranches runs prog with args under callgrind --collect-jumps in
// dir and returns, per line of the source file base, the (taken, not
// taken) counts of each conditional jump that ran: objdump -d finds the
// jumps, addr2line places them.
func callgrindBranches(t *testing.T, dir, prog, base string, args ...string) map[int][][2]uint64 {
	t.Helper()
	jc, err := oracle.CallgrindJumps(t, dir, prog, args)
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("objdump", "-d", "--no-show-raw-insn", prog).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	var jccs []uint64
	re := regexp.MustCompile(`^\s*([0-9a-f]+):\s+(j[a-z]+|loop[a-z]*)\s`)
	for _, l := range strings.Split(string(out), "\n") {
		if m := re.FindStringSubmatch(l); m != nil && m[2] != "jmp" {
			a, _ := strconv.ParseUint(m[1], 16, 64)
			jccs = append(jccs, a)
		}
	}
	ans, err := oracle.Addr2line(t, prog, jccs, oracle.Addr2lineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][][2]uint64{}
	for _, a := range ans {
		if len(a.Frames) == 0 || filepath.Base(a.Frames[0].File) != base {
			continue
		}
		ex, tk := jc.Jump(prog, a.Addr)
		if ex > 0 {
			want[a.Frames[0].Line] = append(want[a.Frames[0].Line], [2]uint64{tk, ex - tk})
		}
	}
	return want
}

// TestReportCoverageFlagErrors: bad gates are usage errors, in one line,
// before any file is read.
func TestReportCoverageFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--fail-under-line", "-5"}, "--fail-under-line -5: want a percentage"},
		{[]string{"--fail-under-branch", "x"}, "fail-under-branch"},
		{[]string{"--include", ""}, "empty pattern"},
	} {
		_, errOut, code := repRun(t, append(tt.args, "nonexistent.data")...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) || strings.Contains(errOut, "nonexistent") {
			t.Errorf("%v: exit %d, stderr %q, want %d and %q", tt.args, code, errOut, exitUsage, tt.want)
		}
	}
}

// TestReportBranchesCountCallgrind counts the blocks of a plain gcc -O2
// build of bench/cc's work.c with sonde count --units blocks and checks
// its branches against callgrind's counts of the same binary
// (--collect-jumps): every branch it exports is one of callgrind's on its
// line, and the jumps it leaves out (two jumps into the same two blocks,
// whose split the block counts leave open: sonde count has no edge
// counters) are said on stderr and are the only ones missing.
func TestReportBranchesCountCallgrind(t *testing.T) {
	for _, tool := range []string{"gcc", "valgrind", "objdump", "addr2line"} {
		testprog.Require(t, tool)
	}
	testprog.RequireRoot(t, "sonde count traces the program")
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	if out, err := exec.Command("gcc", "-O2", "-g", "-o", plain, benchWork()).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "b.data")
	if _, errOut, code := countRun(t, "--units", "blocks", "-o", data, "--", plain, "1"); code != 0 {
		t.Fatalf("sonde count: exit %d: %s", code, errOut)
	}
	want := callgrindBranches(t, dir, plain, "work.c", "1")
	out, errOut, code := repRun(t, "--format", "gcov-json", data)
	if code != 0 {
		t.Fatalf("--format gcov-json: exit %d: %s", code, errOut)
	}
	left := 0
	if m := regexp.MustCompile(`(\d+) conditional jumps left out`).FindStringSubmatch(errOut); m != nil {
		left, _ = strconv.Atoi(m[1])
	}
	sb, _, _ := gcovJSONLines(t, []byte(out), "work.c")
	got, all := 0, 0
	for _, w := range want {
		all += len(w)
	}
	for line, ways := range sb {
		for i := 0; i+1 < len(ways); i += 2 {
			p := [2]uint64{ways[i], ways[i+1]}
			if p[0]+p[1] == 0 {
				continue
			}
			got++
			if k := slices.Index(want[line], p); k < 0 {
				t.Errorf("line %d: sonde count's (taken, not taken) %v is none of callgrind's %v", line, p, want[line])
			} else {
				want[line] = slices.Delete(want[line], k, k+1)
			}
		}
	}
	t.Logf("%d of callgrind's %d jumps that ran exported with its counts, %d left out", got, all, left)
	if got+left != all || got < 20 {
		t.Errorf("%d exported + %d left out, callgrind has %d jumps that ran", got, left, all)
	}
}
