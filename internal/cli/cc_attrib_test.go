package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sonde/examples"
	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// TestCCAttribCLI drives "sonde cc --sonde-mode=attrib" and "sonde report"
// through Main: the f/g fixture with work unprofiled prints the paper's
// layout with rows for f and g and none for work; gcc and a bad regexp
// fail with one line.
func TestCCAttribCLI(t *testing.T) {
	testprog.Require(t, "clang")
	dir := t.TempDir()
	prog := filepath.Join(dir, "fg")
	for _, tc := range []struct {
		name     string
		cc       string
		args     []string
		code     int
		stderrRE string
	}{
		{"gcc", "gcc", []string{"--sonde-mode=attrib", "-O2", "-o", prog, testprog.Path("attrib/fg.c")}, 1, "needs clang"},
		{"bad regexp", "clang", []string{"--sonde-mode=attrib", "--sonde-unprofiled=(", "-o", prog, testprog.Path("attrib/fg.c")}, exitUsage, "--sonde-unprofiled"},
		{"clang", "clang", []string{"--sonde-mode=attrib", "--sonde-unprofiled=^work$", "-O2", "-o", prog, testprog.Path("attrib/fg.c")}, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("SONDE_CC", tc.cc)
			var out, errb bytes.Buffer
			code := Main(append([]string{"cc"}, tc.args...), strings.NewReader(""), &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s", code, tc.code, errb.String())
			}
			if tc.stderrRE != "" && (!strings.Contains(errb.String(), tc.stderrRE) || strings.Count(errb.String(), "\n") != 1) {
				t.Errorf("stderr %q: want one line naming %q", errb.String(), tc.stderrRE)
			}
		})
	}
	if t.Failed() {
		return
	}
	out, code := ccExec(t, dir, prog, []string{"SONDE_OUT=" + filepath.Join(dir, "sonde.data")}, "8")
	if code != 0 {
		t.Fatalf("fg: exit %d: %s", code, out)
	}
	var rep, errb bytes.Buffer
	if code := Main([]string{"report", filepath.Join(dir, "sonde.data")}, strings.NewReader(""), &rep, &errb); code != 0 {
		t.Fatalf("sonde report: exit %d: %s", code, errb.String())
	}
	text := rep.String()
	t.Logf("sonde report:\n%s", text)
	for _, want := range []string{" %time  cumsecs     #call  ms/call  name\n", "  f\n", "  g\n", "  (unprofiled)\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(text, "  work\n") {
		t.Errorf("work is unprofiled but has a row")
	}
}

// TestDemoAttrib runs the demo step on the bundled shell.c: the table's
// rows include the example's hot functions with their calls.
func TestDemoAttrib(t *testing.T) {
	testprog.Require(t, "clang")
	var ex examples.Example
	for _, x := range examples.All {
		if x.File == "shell.c" {
			ex = x
		}
	}
	src, err := examples.Sources.ReadFile("src/" + ex.File)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "shell")
	if err := os.WriteFile(bin+".c", src, 0o644); err != nil {
		t.Fatal(err)
	}
	e := &env{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, getenv: os.Getenv}
	text, err := demoAttrib(e, ex, bin)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", text)
	for _, h := range ex.Hot {
		if !strings.Contains(text, "  "+h+"\n") {
			t.Errorf("no row for %s", h)
		}
	}
}

// TestCCAttribStaticNames: static1.c and static2.c each define a static
// helper. The report keeps them apart, "helper (static1.c)" and
// "helper (static2.c)", each with its own call count: the counts of the
// two symbols named helper in nm's table, told apart by addr2line's file
// for their addresses, at callgrind's entry counts in the same run of the
// same binary (3 and 5 by hand).
func TestCCAttribStaticNames(t *testing.T) {
	testprog.Require(t, "clang")
	t.Setenv("SONDE_CC", "clang")
	dir := t.TempDir()
	prog := filepath.Join(dir, "static")
	var out, errb bytes.Buffer
	// -fno-plt -Wl,-z,now: clean callgrind counts (DESIGN.md);
	// -gdwarf-4: valgrind 3.19 gives up on clang 14's DWARF 5 of two units
	// ("unhandled dwarf2 abbrev form code 0x25").
	args := []string{"cc", "--sonde-mode=attrib", "-O2", "-gdwarf-4", "-fno-plt", "-Wl,-z,now", "-o", prog,
		testprog.Path("attrib/static1.c"), testprog.Path("attrib/static2.c")}
	if code := Main(args, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("sonde cc: exit %d: %s", code, errb.String())
	}
	data := filepath.Join(dir, "sonde.data")
	ic, err := oracle.Callgrind(t, prog, nil, "SONDE_OUT="+data)
	if err != nil {
		t.Fatal(err)
	}
	var exe map[uint64]uint64
	for obj, m := range ic {
		if filepath.Base(obj) == filepath.Base(prog) {
			exe = m
		}
	}
	syms, err := oracle.Nm(t, prog, false)
	if err != nil {
		t.Fatal(err)
	}
	var addrs []uint64
	for _, s := range syms {
		if s.Name == "helper" && s.IsFunc() {
			addrs = append(addrs, s.Addr)
		}
	}
	if len(addrs) != 2 {
		t.Fatalf("nm: %d functions named helper, want 2", len(addrs))
	}
	answers, err := oracle.Addr2line(t, prog, addrs, oracle.Addr2lineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]uint64{} // "helper (static1.c)" -> callgrind's entries
	for _, a := range answers {
		if len(a.Frames) == 0 {
			t.Fatalf("addr2line: nothing for %#x", a.Addr)
		}
		want["helper ("+filepath.Base(a.Frames[0].File)+")"] = exe[a.Addr]
	}
	if want["helper (static1.c)"] != 3 || want["helper (static2.c)"] != 5 {
		t.Errorf("callgrind: %v, want 3 and 5 (by hand)", want)
	}
	var rep bytes.Buffer
	errb.Reset()
	if code := Main([]string{"report", "--functions", data}, strings.NewReader(""), &rep, &errb); code != 0 {
		t.Fatalf("sonde report: exit %d: %s", code, errb.String())
	}
	t.Logf("sonde report:\n%s", rep.String())
	got := map[string]uint64{}
	for _, l := range strings.Split(rep.String(), "\n") {
		// " %time  cumsecs     #call  ms/call  name": the name starts
		// at byte 36, after the fourth column (ms/call may be empty).
		if len(l) < 37 || !strings.Contains(l, "helper") {
			continue
		}
		f := strings.Fields(l[:36])
		if len(f) < 3 {
			t.Fatalf("line %q: fewer than 3 columns", l)
		}
		n, err := strconv.ParseUint(f[2], 10, 64)
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got[l[36:]] = n
	}
	if len(got) != 2 || got["helper (static1.c)"] != want["helper (static1.c)"] || got["helper (static2.c)"] != want["helper (static2.c)"] {
		t.Errorf("report rows %v, want %v (callgrind)", got, want)
	}
}

// TestCCAttribOverloads builds overloads.cc and overloads2.cc with
// "sonde c++ --sonde-mode=attrib" (clang++ -O2): each of the seven ToStr
// overloads, each instance of the Twice template and each of the two
// static helper(int) functions (one mangled name, two files) has its own
// row, named as gprof and perf name it (demangled with its parameters),
// with the calls counted by hand in the fixture's comment.
func TestCCAttribOverloads(t *testing.T) {
	testprog.Require(t, "clang++")
	t.Setenv("SONDE_CC", "clang")
	t.Setenv("SONDE_CXX", "clang++")
	dir := t.TempDir()
	prog := filepath.Join(dir, "overloads")
	var out, errb bytes.Buffer
	if code := Main([]string{"c++", "--sonde-mode=attrib", "-O2", "-o", prog, testprog.Path("attrib/overloads.cc"),
		testprog.Path("attrib/overloads2.cc")}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("sonde c++: exit %d: %s", code, errb.String())
	}
	data := filepath.Join(dir, "sonde.data")
	if o, code := ccExec(t, dir, prog, []string{"SONDE_OUT=" + data}); code != 0 {
		t.Fatalf("overloads: exit %d: %s", code, o)
	}
	var rep bytes.Buffer
	errb.Reset()
	if code := Main([]string{"report", "--functions", data}, strings.NewReader(""), &rep, &errb); code != 0 {
		t.Fatalf("sonde report: exit %d: %s", code, errb.String())
	}
	t.Logf("sonde report --functions:\n%s", rep.String())
	const rounds = 100
	want := map[string]uint64{
		"ToStr(int, char*, int)": 1 * rounds, "ToStr(long, char*, int)": 2 * rounds,
		"ToStr(unsigned int, char*, int)": 3 * rounds, "ToStr(double, char*, int)": 4 * rounds,
		"ToStr(char, char*, int)": 5 * rounds, "ToStr(bool, char*, int)": 6 * rounds,
		"ToStr(char const*, char*, int)": 7 * rounds,
		"int Twice<int>(int)":            8 * rounds, "long Twice<long>(long)": 9 * rounds,
		"double Twice<double>(double)": 10 * rounds,
		"helper(int) (overloads.cc)":   12 * rounds, "helper(int) (overloads2.cc)": 13 * rounds,
		"Other(int)": rounds, "main": 1,
	}
	// rows: %time cumsecs #call [ms/call] name
	got := map[string]uint64{}
	text := rep.String()
	head := strings.Index(text, "%time")
	if head < 0 {
		t.Fatalf("no table in the report")
	}
	lines := strings.Split(strings.TrimSpace(text[head:]), "\n")
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) < 4 {
			t.Fatalf("row %q: too few fields", l)
		}
		calls, err := strconv.ParseUint(f[2], 10, 64)
		if err != nil {
			t.Fatalf("row %q: calls: %v", l, err)
		}
		// the name follows ms/call, which a row with no calls lacks (its
		// words are single-spaced: "ToStr(char const*, char*, int)")
		name := strings.Join(f[3:], " ")
		if calls > 0 {
			name = strings.Join(f[4:], " ")
		}
		if _, dup := got[name]; dup {
			t.Errorf("two rows named %q", name)
		}
		got[name] = calls
	}
	for name, w := range want {
		if c, ok := got[name]; !ok {
			t.Errorf("no row %q", name)
		} else if c != w {
			t.Errorf("%s: %d calls, by hand %d", name, c, w)
		}
	}
}
