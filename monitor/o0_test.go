package monitor

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
)

// o0Fixture is a debug build of the shape that made the ptrace engine slow
// (issue 15): many small functions whose line sites sit at function ends,
// after calls and at the targets of early returns.
type o0Fixture struct {
	src, compiler string
	flags         []string
	args          []string
	out           string // the program's output (its own arithmetic)
	// maxInt3Hits bounds the hits of the sites that keep int3 (callgrind's
	// counts of their addresses): each costs a ptrace stop.
	maxInt3Hits uint64
}

var o0Fixtures = []o0Fixture{
	{"count/dom.cc", "g++", oracleFlags("-O0"), []string{"3"}, "dom 603 15480\n", 0},
	{"count/dom.cc", "clang++", oracleFlags("-O0"), []string{"3"}, "dom 603 15480\n", 0},
	{"count/iters.rs", "rustc", []string{"-g", "-C", "opt-level=0"}, []string{"3"}, "iters 422682\n", 0},
}

// TestO0Builds counts every line of -O0 C++ (dom.cc, tinyxml2's shape)
// and a Rust debug build (iters.rs: iterator chains, closures, small
// generic functions; rustc links it with lld, whose packed segments map
// the text's first file page twice) with the ptrace engine: every unit's
// count equals valgrind's count of its address in the same binary
// (oracle: valgrind --tool=callgrind --dump-instr=yes), and the sites
// left to int3 breakpoints are few and cold, so that counting costs
// trampoline hits and not ptrace stops.
func TestO0Builds(t *testing.T) {
	testprog.Require(t, "valgrind")
	for _, fx := range o0Fixtures {
		t.Run(filepath.Base(fx.src)+"/"+fx.compiler, func(t *testing.T) {
			bin := testprog.Build(t, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: fx.flags})
			want := callgrind(t, bin, fx.args...)
			initFini := gdbHits(t, bin, "_init", "_fini")
			res, out := run(t, Options{Units: profile.UnitLine, Engine: EnginePtrace}, bin, fx.args...)
			if out != fx.out || res.ExitCode() != 0 {
				t.Fatalf("output %q, target %s", out, res.Ended)
			}
			units, counts := unitsOf(t, res, bin)
			bad := 0
			for i, u := range units {
				if _, ok := initFini[u.Func]; ok {
					continue // inside _init/_fini: no oracle
				}
				if w := want[uint64(u.Loc.Addr)]; counts[i] != w {
					bad++
					if bad <= 10 {
						t.Errorf("%#x (%s %s:%d): count %d, valgrind %d", u.Loc.Addr, u.Func, filepath.Base(u.File), u.Line, counts[i], w)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d units differ from valgrind", bad, len(units))
			}
			note := trampNote(res)
			noted := int3Sites(t, note)
			o, err := LoadUnits(bin, profile.UnitLine, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			pl := o.trampolines()
			var left []int
			var hits uint64
			for si, s := range o.Sites {
				_, in := pl.covered[si]
				if pl.wins[si] == nil && !in {
					left = append(left, si)
					hits += want[uint64(s.Addr)]
				}
			}
			if noted != len(left) {
				t.Errorf("the run left %d sites to int3, the plan %d: %s", noted, len(left), note)
			}
			if hits > fx.maxInt3Hits {
				t.Errorf("the %d int3 sites run %d times, want at most %d: %s", len(left), hits, fx.maxInt3Hits, note)
			}
			t.Logf("%d units, %d int3 sites run %d times; %s", len(units), len(left), hits, note)
		})
	}
}

// int3Sites returns the number of sites a trampoline note says keep int3.
func int3Sites(t *testing.T, note string) int {
	t.Helper()
	_, rest, ok := strings.Cut(note, "more counted inside their windows), ")
	f := strings.Fields(rest)
	if !ok || len(f) < 2 || f[1] != "keep" {
		t.Fatalf("no int3 count in the note %q", note)
	}
	n, err := strconv.Atoi(f[0])
	if err != nil {
		t.Fatal(fmt.Errorf("note %q: %w", note, err))
	}
	return n
}
