package ccdriver

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		name        string
		args        []string
		inputs      []string
		out         string
		compileOnly bool
		pass        string
		g, md       bool
	}{
		{"compile", []string{"-O2", "-c", "a.c", "-o", "a.o"}, []string{"a.c"}, "a.o", true, "", false, false},
		{"link several", []string{"-g3", "a.c", "b.cc", "x.o", "-lm", "-o", "prog"}, []string{"a.c", "b.cc"}, "prog", false, "", true, false},
		{"x language", []string{"-x", "c", "prog", "-x", "none", "y.o"}, []string{"prog"}, "", false, "", false, false},
		{"assembly", []string{"-c", "f.s", "g.S", "-MD"}, []string{"f.s", "g.S"}, "", true, "", false, true},
		{"preprocess", []string{"-E", "a.c"}, []string{"a.c"}, "", false, "-E", false, false},
		{"lto", []string{"-flto", "-O2", "a.c"}, []string{"a.c"}, "", false, "-flto", false, false},
		{"include dir value is no input", []string{"-I", "inc.c", "-c", "a.c"}, []string{"a.c"}, "", true, "", false, false},
		{"joined -o", []string{"-oprog", "a.c"}, []string{"a.c"}, "prog", false, "", false, false},
		{"-g0 is a choice", []string{"-g0", "a.c"}, []string{"a.c"}, "", false, "", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := parse(tt.args, false)
			if err != nil {
				t.Fatal(err)
			}
			var inputs []string
			for _, in := range c.inputs {
				inputs = append(inputs, in.path)
			}
			if !reflect.DeepEqual(inputs, tt.inputs) || c.out != tt.out || c.compileOnly != tt.compileOnly ||
				c.passThrough != tt.pass || c.hasG != tt.g || c.md != tt.md {
				t.Errorf("parse(%q) = inputs %q out %q -c %v pass %q g %v md %v", tt.args, inputs, c.out, c.compileOnly, c.passThrough, c.hasG, c.md)
			}
		})
	}
	// Objects and libraries go to the link only.
	c, err := parse([]string{"-O2", "a.c", "x.o", "./libsh.so", "-o", "prog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if !c.linkOnly[2] || !c.linkOnly[3] || c.linkOnly[0] {
		t.Errorf("link-only %v, want x.o and ./libsh.so (arguments 2 and 3) only", c.linkOnly)
	}
	if c.shared {
		t.Errorf("no -shared, but shared is set")
	}
	if c, err := parse([]string{"-shared", "a.c", "-o", "liba.so"}, false); err != nil || !c.shared {
		t.Errorf("-shared: shared not set (%v)", err)
	}
	if _, err := parse([]string{"a.c", "-o"}, false); err == nil {
		t.Errorf("-o without a file name: no error")
	}
}

func TestResponseFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "inner"), []byte(`-DX="a b" 'c d'`), 0o644)
	os.WriteFile(filepath.Join(dir, "outer"), []byte("-O2 @"+filepath.Join(dir, "inner")+" e\\ f\n"), 0o644)
	got, err := expandResponseFiles([]string{"@" + filepath.Join(dir, "outer"), "@missing"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"-O2", "-DX=a b", "c d", "e f", "@missing"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	os.WriteFile(filepath.Join(dir, "loop"), []byte("@"+filepath.Join(dir, "loop")), 0o644)
	if _, err := expandResponseFiles([]string{"@" + filepath.Join(dir, "loop")}); err == nil || !strings.Contains(err.Error(), "nest") {
		t.Errorf("self-including response file: %v", err)
	}
}

// TestPassThroughWarns: -flto builds code sonde cannot count; the driver
// says so in one line and the compiler does the rest (here: fails on a
// file that does not exist, with its own status).
func TestPassThroughWarns(t *testing.T) {
	testprog.Require(t, "gcc")
	var out bytes.Buffer
	d := &Driver{Compiler: "gcc", Mode: &BlocksMode{}, Stdout: &out, Stderr: &out}
	err := d.Run([]string{"-flto", "-c", "no-such-file.c"})
	if _, ok := err.(*ExitError); !ok {
		t.Errorf("err = %v, want the compiler's exit status", err)
	}
	if !strings.Contains(out.String(), "sonde: -flto: compiled without counters") {
		t.Errorf("no warning:\n%s", out.String())
	}
}

func TestDropMD5Warnings(t *testing.T) {
	in := "/tmp/x.s:9:2: warning: inconsistent use of MD5 checksums\n        .file   6 \"sqlite3.c\"\n        ^\n/tmp/x.s:12:1: error: unknown directive\n"
	if got, want := dropMD5Warnings(in), "/tmp/x.s:12:1: error: unknown directive\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
