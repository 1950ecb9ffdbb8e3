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
			// The plan's hops in other windows' slack and folded sites
			// are checked three ways: planned in the run, read back from
			// the plan cache (its deps array), and in a coverage run
			// (which leaves them to int3).
			var res *Result
			for _, mode := range []string{"counts", "cached", "coverage"} {
				opts := Options{Units: profile.UnitLine, Engine: EnginePtrace, Coverage: mode == "coverage"}
				if mode == "cached" {
					opts.PlanCache = t.TempDir()
					run(t, opts, bin, fx.args...)
				}
				r, out := run(t, opts, bin, fx.args...)
				if out != fx.out || r.ExitCode() != 0 {
					t.Fatalf("%s: output %q, target %s", mode, out, r.Ended)
				}
				if mode == "cached" && !strings.Contains(planNote(r), "plan cache: 1 of") {
					t.Errorf("cached: the plan was not read from the cache: %q", planNote(r))
				}
				units, counts := unitsOf(t, r, bin)
				bad := 0
				for i, u := range units {
					if _, ok := initFini[u.Func]; ok {
						continue // inside _init/_fini: no oracle
					}
					w := want[uint64(u.Loc.Addr)]
					if opts.Coverage {
						w = min(w, 1)
					}
					if counts[i] != w {
						bad++
						if bad <= 10 {
							t.Errorf("%s: %#x (%s %s:%d): count %d, valgrind %d", mode, u.Loc.Addr, u.Func, filepath.Base(u.File), u.Line, counts[i], w)
						}
					}
				}
				if bad > 0 {
					t.Errorf("%s: %d of %d units differ from valgrind", mode, bad, len(units))
				}
				if mode == "counts" {
					res = r
				}
			}
			units, _ := unitsOf(t, res, bin)
			note := trampNote(res)
			noted := int3Sites(t, note)
			o, err := loadObject(bin, profile.UnitLine, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			pl := o.Trampolines()
			var left []int
			var hits uint64
			for si, s := range o.Sites {
				if !pl.Counted(si) {
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
