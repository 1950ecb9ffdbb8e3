package monitor

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"sonde/internal/testprog"
	"sonde/monitor/units"
	"sonde/profile"
)

// TestTrampolines counts the shapes trampolines must relocate (tramp.c:
// a RIP-relative load, a direct and an indirect call, a conditional jump
// and a jump back to the entry in the displaced bytes, a one-instruction
// window, a function too short to patch, a switch, setjmp/longjmp;
// tramp.cc: C++ exceptions thrown through counted frames) by lines,
// functions and blocks, with trampolines and with int3 only: every unit's
// count equals valgrind's count of its address in the same binary
// (oracle: valgrind --tool=callgrind --dump-instr=yes; _init and _fini
// entries from gdb, as in TestCountsMatchValgrind).
func TestTrampolines(t *testing.T) {
	testprog.Require(t, "valgrind")
	type fixture struct {
		src, compiler, opt string
		out                string // the program's output (its own arithmetic)
	}
	fixtures := []fixture{
		{"count/tramp.c", "gcc", "-O2", "tramp 38135889 10\n"},
		{"count/tramp.c", "gcc", "-O0", "tramp 38135889 10\n"},
		{"count/tramp.c", "clang", "-O2", "tramp 38135889 10\n"},
		{"count/tramp.cc", "g++", "-O2", "tramp++ 30200 100 600\n"},
		{"count/tramp.cc", "g++", "-O0", "tramp++ 30200 100 600\n"},
		{"count/tramp.cc", "clang++", "-O2", "tramp++ 30200 100 600\n"},
	}
	kinds := []profile.UnitKind{profile.UnitLine, profile.UnitFunction, profile.UnitBlock}
	for _, fx := range fixtures {
		name := fmt.Sprintf("%s/%s%s", filepath.Base(fx.src), fx.compiler, fx.opt)
		t.Run(name, func(t *testing.T) {
			bin := testprog.Build(t, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: oracleFlags(fx.opt)})
			want := callgrind(t, bin)
			initFini := gdbHits(t, bin, "_init", "_fini")
			plt := pltCalls(t, bin)
			for _, kind := range kinds {
				for _, int3 := range []bool{false, true} {
					mode := "trampolines"
					if int3 {
						mode = "int3"
					}
					t.Run(kind.String()+"/"+mode, func(t *testing.T) {
						res, out := run(t, Options{Units: kind, Engine: EnginePtrace, NoTrampolines: int3}, bin)
						if out != fx.out || res.ExitCode() != 0 {
							t.Fatalf("output %q, target %s", out, res.Ended)
						}
						units, counts := unitsOf(t, res, bin)
						bad := 0
						for i, u := range units {
							w := want[uint64(u.Loc.Addr)]
							if n, ok := initFini[u.Func]; ok {
								if kind != profile.UnitFunction && !(kind == profile.UnitBlock && u.Loc.Addr == initFini.addr(t, bin, u.Func)) {
									continue // inside _init/_fini: no oracle
								}
								w = n
							}
							if plt[uint64(u.Loc.Addr)] {
								// callgrind charges the PLT stub to the
								// call (DESIGN.md): clang++ calls
								// __cxa_begin_catch through the PLT even
								// with -fno-plt.
								continue
							}
							if counts[i] != w {
								bad++
								t.Errorf("%v %#x (%s %s:%d): count %d, valgrind %d", kind, u.Loc.Addr, u.Func, filepath.Base(u.File), u.Line, counts[i], w)
							}
						}
						patched := trampNote(res)
						if int3 && patched != "" {
							t.Errorf("--trampolines=false, but: %s", patched)
						}
						if !int3 && !strings.Contains(patched, "sites jump to trampolines") {
							t.Errorf("no trampoline note: %q", res.Notes)
						}
						t.Logf("%d units, %d differ from valgrind; %s", len(units), bad, patched)
					})
				}
			}
		})
	}
}

// pltCalls returns the addresses of bin's calls to PLT stubs (oracle:
// objdump -d, "call ... <name@plt>").
func pltCalls(t *testing.T, bin string) map[uint64]bool {
	t.Helper()
	out, err := exec.Command(testprog.Require(t, "objdump"), "-d", "--no-show-raw-insn", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	m := map[uint64]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && f[1] == "call" && strings.HasSuffix(l, "@plt>") {
			var a uint64
			if _, err := fmt.Sscanf(strings.TrimSuffix(f[0], ":"), "%x", &a); err == nil {
				m[a] = true
			}
		}
	}
	return m
}

// trampNote returns the run note about trampolines, "" when none.
func trampNote(res *Result) string {
	for _, n := range res.Notes {
		if strings.Contains(n, "trampolines") {
			return n
		}
	}
	return ""
}

// TestKilled: a target that dies of SIGKILL loses its address space, but
// not its counts: the trampolines' counters are in a memfd sonde maps too
// (kill.c calls counted() 70 times first).
func TestKilled(t *testing.T) {
	bin := testprog.Build(t, "count/kill.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	for _, int3 := range []bool{false, true} {
		t.Run(fmt.Sprintf("int3=%v", int3), func(t *testing.T) {
			res, _ := run(t, Options{Units: profile.UnitFunction, Engine: EnginePtrace, NoTrampolines: int3,
				Only: []units.Spec{mustSpec(t, "func:^counted$")}}, bin)
			if !res.Status.Signaled() || res.Status.Signal() != syscall.SIGKILL {
				t.Fatalf("status %v (%s), want killed by SIGKILL", res.Status, res.Ended)
			}
			if got := funcCount(t, res, bin, "counted"); got != 70 {
				t.Errorf("counted: %d, want 70", got)
			}
			if n := trampNote(res); !int3 && !strings.Contains(n, "1 sites jump to trampolines") {
				t.Errorf("note %q: counted() was not patched", n)
			}
		})
	}
}
