package monitor

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"sonde/internal/testprog"
	"sonde/monitor/units"
	"sonde/profile"
)

// TestProgramTraps: a program that uses SIGTRAP itself (sigtrap.c: a
// handler, raise(SIGTRAP) five times, an int3 of its own five times, the
// int3 being the first instruction and line of breakpoint()) prints
// "traps=10" and exits 0 under every engine and mode, as it does alone,
// and each unit's count equals valgrind's count of its address (valgrind
// delivers the int3 and the raise to the handler too: callgrind's run
// prints traps=10). Breakpoints inside the handler run with SIGTRAP
// blocked: the kernel's forced trap resets the program's action to
// SIG_DFL, which sonde must put back; a site that is the program's int3
// is counted by the program's own trap.
func TestProgramTraps(t *testing.T) {
	o0 := testprog.Build(t, "count/sigtrap.c", testprog.Opts{Flags: []string{"-g", "-O0"}})
	o2 := testprog.Build(t, "count/sigtrap.c", testprog.Opts{Flags: []string{"-O2", "-rdynamic"}})
	stripped := filepath.Join(t.TempDir(), "sigtrap-stripped")
	data, err := os.ReadFile(o2)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stripped, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(testprog.Require(t, "strip"), stripped).CombinedOutput(); err != nil {
		t.Fatalf("strip: %v\n%s", err, out)
	}
	alone, err := exec.Command(o0).Output()
	if err != nil || string(alone) != "traps=10\n" {
		t.Fatalf("the fixture alone: %q, %v", alone, err)
	}
	only := []units.Spec{mustSpec(t, "func:^(main|on_trap|breakpoint|counted)$")}
	for _, tc := range []struct {
		name string
		bin  string
		opts Options
	}{
		{"O0/lines/ptrace", o0, Options{Units: profile.UnitLine, Engine: EnginePtrace}},
		{"O0/lines/int3", o0, Options{Units: profile.UnitLine, Engine: EnginePtrace, NoTrampolines: true}},
		{"O0/lines/coverage", o0, Options{Units: profile.UnitLine, Coverage: true}},
		{"O0/lines/coverage-int3", o0, Options{Units: profile.UnitLine, Coverage: true, NoTrampolines: true}},
		{"O0/lines/uprobe", o0, Options{Units: profile.UnitLine, Engine: EngineUprobe}},
		{"O0/functions/int3", o0, Options{Units: profile.UnitFunction, Engine: EnginePtrace, NoTrampolines: true}},
		{"stripped/functions/ptrace", stripped, Options{Units: profile.UnitFunction, Engine: EnginePtrace}},
		{"stripped/functions/int3", stripped, Options{Units: profile.UnitFunction, Engine: EnginePtrace, NoTrampolines: true}},
		{"stripped/functions/uprobe", stripped, Options{Units: profile.UnitFunction, Engine: EngineUprobe}},
		{"stripped/functions/coverage", stripped, Options{Units: profile.UnitFunction, Coverage: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			opts.Only = only
			res, out := run(t, opts, tc.bin)
			if out != "traps=10\n" || !res.Status.Exited() || res.Status.ExitStatus() != 0 {
				t.Fatalf("output %q, target %s; alone: \"traps=10\", exit 0", out, res.Ended)
			}
			want := callgrind(t, tc.bin)
			units, counts := unitsOf(t, res, tc.bin)
			if len(units) < 4 {
				t.Fatalf("%d units", len(units))
			}
			for i, u := range units {
				w := want[uint64(u.Loc.Addr)]
				if opts.Coverage {
					w = min(w, 1)
				}
				if counts[i] != w {
					t.Errorf("%v %#x (%s:%d): count %d, valgrind %d", u.Kind, u.Loc.Addr, u.Func, u.Line, counts[i], w)
				}
			}
		})
	}
}
