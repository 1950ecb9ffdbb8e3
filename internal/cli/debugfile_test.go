package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/profile"
)

// lineCounts runs `sonde count --units lines` on exe (with the debug
// directory debugDir, "" for the default) and returns the count of each line
// unit of exe by link-time address, with its position.
func lineCounts(t *testing.T, exe, debugDir string, args ...string) map[profile.Addr]profile.Unit {
	t.Helper()
	if debugDir != "" {
		t.Setenv("SONDE_DEBUG_DIRS", debugDir)
	}
	data := filepath.Join(t.TempDir(), "c.data")
	_, errOut, code := countRun(t, append([]string{"--units", "lines", "--engine", "ptrace", "-o", data, "--", exe}, args...)...)
	if code != 0 {
		t.Fatalf("sonde count %s: exit %d: %s", exe, code, errOut)
	}
	p := readProfile(t, data)
	out := map[profile.Addr]profile.Unit{}
	for _, u := range p.Units {
		m := u.Loc.Mapping
		if u.Kind != profile.UnitLine || m < 0 || int(m) >= len(p.Mappings) || p.Mappings[m].Path != exe {
			continue
		}
		out[u.Loc.Addr] = u
	}
	if len(out) == 0 {
		t.Fatalf("sonde count %s: no line units of it in the data file", exe)
	}
	return out
}

// TestCountSeparateDebugFile is issue 16's acceptance test for sonde count:
// on a program whose debug information was moved to a separate file, as
// distributions ship it (objcopy --only-keep-debug, strip -g, then a
// .gnu_debuglink next to it, or the /usr/lib/debug/.build-id/ layout in a
// debug directory of the test's own), `sonde count --units lines` finds
// the same line units as on the unstripped program, and their counts equal
// valgrind's execution counts of their addresses in the unstripped program
// (oracle: valgrind --tool=callgrind --dump-instr=yes).
func TestCountSeparateDebugFile(t *testing.T) {
	testprog.Require(t, "valgrind")
	t.Setenv("SONDE_CACHE", t.TempDir()) // no plan of an earlier run
	bin := testprog.Build(t, "count/shell.c", testprog.Opts{Flags: []string{"-g", "-O2", "-fno-plt", "-Wl,-z,now"}})
	all, err := oracle.Callgrind(t, bin, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want map[uint64]uint64
	for obj, m := range all {
		if filepath.Base(obj) == filepath.Base(bin) {
			want = m
		}
	}
	if want == nil {
		t.Fatalf("callgrind output has no object %s", bin)
	}
	ref := lineCounts(t, bin, t.TempDir())
	for _, layout := range []testprog.DebugLayout{testprog.DebugLink, testprog.BuildIDDir} {
		t.Run(layout.String(), func(t *testing.T) {
			exe, debugDir := testprog.SeparateDebug(t, bin, layout)
			got := lineCounts(t, exe, debugDir)
			if len(got) != len(ref) {
				t.Errorf("%d line units, %d in the unstripped program", len(got), len(ref))
			}
			bad, ran := 0, 0
			for a, r := range ref {
				g, ok := got[a]
				switch {
				case !ok:
					bad++
					t.Errorf("%#x (%s:%d): no unit in the stripped program", a, filepath.Base(r.File), r.Line)
				case g.File != r.File || g.Line != r.Line || fmt.Sprint(g.Counts) != fmt.Sprint(r.Counts):
					bad++
					t.Errorf("%#x: %s:%d count %v, unstripped %s:%d count %v", a, g.File, g.Line, g.Counts, r.File, r.Line, r.Counts)
				case len(g.Counts) != 1 || g.Counts[0] != want[uint64(a)]:
					bad++
					t.Errorf("%#x (%s:%d): count %v, valgrind %d", a, filepath.Base(g.File), g.Line, g.Counts, want[uint64(a)])
				}
				if ok && len(g.Counts) == 1 && g.Counts[0] > 0 {
					ran++
				}
				if bad > 10 {
					t.FailNow()
				}
			}
			if ran < 3 {
				t.Errorf("only %d of %d line units ran", ran, len(got))
			}
			t.Logf("%d line units, %d ran, equal to the unstripped program's and to valgrind's", len(got), ran)
		})
	}
}

// gdbValues runs bin with args under gdb, stops at func's entry (after its
// prologue) and returns what gdb prints for each expression (oracle: gdb
// -batch, "print EXPR").
func gdbValues(t *testing.T, bin, fn string, args []string, exprs ...string) []string {
	t.Helper()
	gdb := testprog.Require(t, "gdb")
	gargs := []string{"-batch", "-nx", "-ex", "break " + fn, "-ex", "run"}
	for _, e := range exprs {
		gargs = append(gargs, "-ex", "print "+e)
	}
	gargs = append(gargs, "-ex", "kill", "--args", bin)
	out, err := exec.Command(gdb, append(gargs, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb %v: %v\n%s", gargs, err, out)
	}
	var vals []string
	for _, l := range strings.Split(string(out), "\n") {
		if m := regexp.MustCompile(`^\$\d+ = (.*)$`).FindStringSubmatch(l); m != nil {
			vals = append(vals, m[1])
		}
	}
	if len(vals) != len(exprs) {
		t.Fatalf("gdb printed %d values for %d expressions:\n%s", len(vals), len(exprs), out)
	}
	t.Logf("oracle: gdb %s: %v = %v", strings.Join(gargs, " "), exprs, vals)
	return vals
}

// TestRecordExprSeparateDebugFile is issue 16's acceptance test for sonde
// record --expr: on keyed.c, whose spin(key, req) keeps its arguments for
// the whole call, every value of key and req->size read at a sample in
// spin equals what gdb prints at spin's entry in the unstripped program,
// for the unstripped program and for copies whose debug information was
// moved to a separate file (a .gnu_debuglink, or the .build-id layout in a
// debug directory of the test's own). Each recording runs keyed again and
// again until 50 values of each are read (or 1000 samples are taken).
func TestRecordExprSeparateDebugFile(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, "expr/keyed.c", testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
	args := []string{"48", "1234567"}
	exprs := []string{"key", "req->size"}
	want := gdbValues(t, bin, "spin", args, exprs...)
	prog := filepath.Base(bin)
	for _, tt := range []struct {
		name   string
		layout testprog.DebugLayout
		split  bool
	}{
		{name: "unstripped"},
		{name: "debuglink", layout: testprog.DebugLink, split: true},
		{name: "build-id", layout: testprog.BuildIDDir, split: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			exe, debugDir := bin, t.TempDir()
			if tt.split {
				exe, debugDir = testprog.SeparateDebug(t, bin, tt.layout)
			}
			t.Setenv("SONDE_DEBUG_DIRS", debugDir)
			out := filepath.Join(t.TempDir(), "expr.data")
			var specs []string
			for _, e := range exprs {
				specs = append(specs, prog+"@spin@"+e)
			}
			// Nearly every sample is in spin: 1000 samples without 50
			// values of each means they are not being read.
			stop, done := stopWhen(t, out, func(p *profile.Profile) bool {
				return exprsRead(specs[0], 50)(p) && exprsRead(specs[1], 50)(p) || atLeastSamples(1000)(p)
			})
			rargs := []string{"-o", out}
			for _, s := range specs {
				rargs = append(rargs, "--expr", s)
			}
			code, stderr := record(t, append(append(rargs, "--"), loopUntil(t, stop, append([]string{exe}, args...)...)...)...)
			done()
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			p := readProfile(t, out)
			for i, s := range specs {
				nums, notRead := exprValues(t, p, s)
				if len(nums) < 50 {
					t.Errorf("%s: %d values read (%d not read)", s, len(nums), notRead)
				}
				differ := 0
				for _, v := range nums {
					if strconv.FormatFloat(v.x, 'f', -1, 64) != want[i] {
						differ++
						if differ <= 5 {
							t.Errorf("%s: value %v, gdb prints %s", s, v.x, want[i])
						}
					}
				}
				t.Logf("%s: %d values read, %d not read, %d differ from gdb's %s", s, len(nums), notRead, differ, want[i])
			}
		})
	}
}

// TestSeparateDebugFileMissing: when the separate debug file is not
// there, sonde count --units lines and sonde record --expr fail before the
// run with one line that says where it was looked for.
func TestSeparateDebugFileMissing(t *testing.T) {
	bin := testprog.Build(t, "expr/keyed.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	exe, debugDir := testprog.SeparateDebug(t, bin, testprog.DebugLink)
	if err := os.Remove(exe + ".debug"); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SONDE_DEBUG_DIRS", debugDir)
	t.Setenv("DEBUGINFOD_URLS", "")
	out := filepath.Join(t.TempDir(), "x.data")
	for _, tc := range []struct {
		name string
		run  func() (int, string)
	}{
		{"count", func() (int, string) {
			_, stderr, code := countRun(t, "--units", "lines", "-o", out, "--", exe)
			return code, stderr
		}},
		{"record", func() (int, string) {
			return record(t, "--expr", filepath.Base(exe)+"@spin@key", "-o", out, "--", exe)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stderr := tc.run()
			looked := filepath.Join(filepath.Dir(exe), filepath.Base(exe)+".debug")
			if code == 0 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "no "+looked) {
				t.Errorf("exit %d, stderr %q; want a failure in one line that names %s", code, stderr, looked)
			}
			t.Logf("stderr: %s", stderr)
		})
	}
}
