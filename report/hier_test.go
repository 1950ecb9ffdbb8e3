package report

import (
	"regexp"
	"strings"
	"testing"

	"sonde/profile"
	"sonde/symbol"
)

// TestHierRoot checks where --hier's paths end: at the outermost main of
// the process's executable, not at the first frame named main. The truth
// is the stacks below, written by hand: a Python script's own main() (a
// frame of the "[python]" pseudo-object, as record --python writes it), a
// library function named main, a recursive main, a stack with no native
// main (python3.11's main tail-calls Py_BytesMain), and a process whose
// executable the collector did not name.
func TestHierRoot(t *testing.T) {
	const (
		lib = "/opt/foo/libmain.so"
		py  = profile.InterpPath
	)
	sym := &fakeSymbolizer{frames: map[fakeKey][]symbol.Frame{
		{appPath, 0x100}: {{Func: "worker"}},
		{appPath, 0x110}: {{Func: "helper"}},
		{appPath, 0x120}: {{Func: "other"}},
		{appPath, 0x200}: {{Func: "eval"}},
		{appPath, 0x300}: {{Func: "main"}},
		// an inlined main (inside the library's) is a main like another
		{lib, 0x500}:      {{Func: "main", Inlined: true}, {Func: "run"}},
		{libcPath, 0x400}: {{Func: "__libc_start_call_main"}},
		{py, 0x10}:        {{Func: "main", File: "/src/s.py", Line: 5}},
		{py, 0x20}:        {{Func: "<module>", File: "/src/s.py", Line: 9}},
	}}
	// Callers are return addresses: the symbolizer is asked for addr-1.
	app := func(a profile.Addr) profile.Location { return profile.Location{Mapping: 0, Addr: a} }
	libc := func(a profile.Addr) profile.Location { return profile.Location{Mapping: 1, Addr: a} }
	pyf := func(a profile.Addr) profile.Location { return profile.Location{Mapping: 2, Addr: a} }
	libm := func(a profile.Addr) profile.Location { return profile.Location{Mapping: 3, Addr: a} }
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}},
		Mappings:    []*profile.Mapping{{Path: appPath}, {Path: libcPath}, {Path: py}, {Path: lib}},
		Processes:   []profile.Process{{PID: 1, Exe: appPath}, {PID: 2}},
	}
	add := func(pid int32, stack ...profile.Location) {
		p.Samples = append(p.Samples, profile.Sample{PID: pid, TID: pid, Values: []int64{1}, Stack: stack})
	}
	add(1, app(0x100), pyf(0x11), pyf(0x21), app(0x201), app(0x301), libc(0x401))
	add(1, app(0x110), libm(0x501), app(0x301), libc(0x401))
	add(1, app(0x120), app(0x301), app(0x301), libc(0x401))
	add(1, app(0x100), pyf(0x11), app(0x201), libc(0x401))
	// No executable named: the outermost main of any object file.
	add(2, app(0x120), app(0x201), libm(0x501), libc(0x401))
	tests := []struct {
		depth int
		want  []string
	}{
		{0, []string{
			"worker <- main <- <module> <- eval <- main",
			"helper <- main <- run <- main",
			"other <- main <- main",
			"worker <- main <- eval <- __libc_start_call_main",
			"other <- eval <- main",
		}},
		{2, []string{"worker <- main", "helper <- main", "other <- main", "other <- eval"}},
	}
	row := regexp.MustCompile(`^\s*[0-9.]+% ±[0-9.]+\s+(.*)$`)
	for _, tt := range tests {
		var b strings.Builder
		if err := Write(&b, p, sym, &Options{View: ViewHier, Depth: tt.depth}); err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, l := range strings.Split(b.String(), "\n") {
			if m := row.FindStringSubmatch(l); m != nil {
				got[m[1]] = true
			}
		}
		for _, w := range tt.want {
			if !got[w] {
				t.Errorf("depth %d: no path %q in\n%s", tt.depth, w, b.String())
			}
		}
		if len(got) != len(tt.want) {
			t.Errorf("depth %d: %d paths, want %d:\n%s", tt.depth, len(got), len(tt.want), b.String())
		}
	}
}
