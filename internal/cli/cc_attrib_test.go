package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sonde/examples"
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
