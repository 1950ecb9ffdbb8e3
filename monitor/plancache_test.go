package monitor

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/monitor/units"
	"sonde/profile"
)

// copyFixture copies the fixture bin into a directory of the test's own,
// so that touching it (os.Chtimes) does not disturb other tests that
// share testprog's build.
func copyFixture(t *testing.T, bin string) string {
	t.Helper()
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), filepath.Base(bin))
	if err := os.WriteFile(dst, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return dst
}

// planNote returns the run's plan cache note, "" when none.
func planNote(res *Result) string {
	for _, n := range res.Notes {
		if strings.HasPrefix(n, "plan cache: ") {
			return n
		}
	}
	return ""
}

// planEntries returns the plan cache entries in dir.
func planEntries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := filepath.Glob(filepath.Join(dir, "*.plan"))
	if err != nil {
		t.Fatal(err)
	}
	return ents
}

// TestPlanCache counts work.c (gcc -O2) through a plan cache, cold then
// warm, for lines and blocks in counts and coverage mode: every unit's
// count equals valgrind's count of its address (coverage: ran exactly
// when valgrind's count is > 0) in both runs, and the warm run gives the
// cold run's units and counts. A corrupted or truncated entry is not read
// and is replaced by a good one; a touched file and other --only specs
// are misses.
func TestPlanCache(t *testing.T) {
	testprog.Require(t, "valgrind")
	bin := copyFixture(t, testprog.Build(t, "count/work.c", testprog.Opts{Flags: oracleFlags("-O2")}))
	// Oracle: valgrind --tool=callgrind --dump-instr=yes of this very copy.
	want := callgrind(t, bin)
	// _init and _fini run unseen by valgrind 3.19; gdb's breakpoints
	// count their entries (as in TestCountsMatchValgrind).
	initFini := gdbHits(t, bin, "_init", "_fini")
	native, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	kinds := []profile.UnitKind{profile.UnitLine, profile.UnitBlock}
	for _, kind := range kinds {
		for _, coverage := range []bool{false, true} {
			mode := "counts"
			if coverage {
				mode = "coverage"
			}
			t.Run(kind.String()+"/"+mode, func(t *testing.T) {
				dir := t.TempDir()
				opts := Options{Units: kind, Engine: EnginePtrace, Coverage: coverage, PlanCache: dir}
				// count runs bin once and checks the note (hits of the one
				// object counted: the executable; libc is not selected by
				// default) and every unit against valgrind.
				count := func(step string, hits int) ([]profile.Unit, []uint64) {
					t.Helper()
					res, out := run(t, opts, bin)
					if out != string(native) || res.ExitCode() != 0 {
						t.Fatalf("%s: output %q (native %q), target %s", step, out, native, res.Ended)
					}
					if len(res.Objects) != 1 {
						t.Errorf("%s: %d objects counted, want 1 (the executable)", step, len(res.Objects))
					}
					if n, w := planNote(res), fmt.Sprintf("plan cache: %d of 1 objects read from %s", hits, dir); n != w {
						t.Errorf("%s: note %q, want %q", step, n, w)
					}
					units, counts := unitsOf(t, res, bin)
					if len(units) == 0 {
						t.Fatalf("%s: no units", step)
					}
					bad, ran := 0, 0
					for i, u := range units {
						w := want[uint64(u.Loc.Addr)]
						if n, ok := initFini[u.Func]; ok {
							if kind != profile.UnitBlock || u.Loc.Addr != initFini.addr(t, bin, u.Func) {
								continue // inside _init/_fini: no oracle
							}
							w = n
						}
						if coverage && w > 0 {
							w = 1
						}
						if counts[i] > 0 {
							ran++
						}
						if counts[i] != w {
							bad++
							if bad <= 10 {
								t.Errorf("%s: %v %#x (%s %s:%d): count %d, valgrind %d", step, kind, u.Loc.Addr, u.Func, filepath.Base(u.File), u.Line, counts[i], w)
							}
						}
					}
					if ran < 3 {
						t.Errorf("%s: only %d of %d units ran", step, ran, len(units))
					}
					t.Logf("%s: %d units, %d ran, %d differ from valgrind; %s", step, len(units), ran, bad, planNote(res))
					return units, counts
				}
				u1, c1 := count("cold", 0)
				ents := planEntries(t, dir)
				if len(ents) != 1 {
					t.Fatalf("cold run left %d entries in %s, want 1", len(ents), dir)
				}
				u2, c2 := count("warm", 1)
				if !reflect.DeepEqual(u1, u2) {
					t.Errorf("warm run's %d units differ from the cold run's %d", len(u2), len(u1))
				}
				if !reflect.DeepEqual(c1, c2) {
					t.Errorf("warm run's counts differ from the cold run's")
				}

				damage := []struct {
					name string
					edit func([]byte) []byte
				}{
					{"flipped", func(b []byte) []byte { b[len(b)/2] ^= 0x40; return b }},
					{"truncated", func(b []byte) []byte { return b[:len(b)*2/3] }},
				}
				for _, d := range damage {
					b, err := os.ReadFile(ents[0])
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(ents[0], d.edit(append([]byte(nil), b...)), 0o644); err != nil {
						t.Fatal(err)
					}
					count(d.name, 0)
					// The entry is encoded deterministically (reasons
					// sorted): the rewrite is the good entry again.
					if after, err := os.ReadFile(ents[0]); err != nil || !bytes.Equal(after, b) {
						t.Errorf("%s: entry not rewritten as before: %d bytes, was %d (%v)", d.name, len(after), len(b), err)
					}
					count(d.name+" then rewritten", 1)
				}

				// A touched file is another key: a miss, then a hit.
				later := time.Now().Add(time.Hour)
				if err := os.Chtimes(bin, later, later); err != nil {
					t.Fatal(err)
				}
				count("touched", 0)
				count("touched then cached", 1)

				// Other --only specs are another key: a miss, then a hit.
				opts.Only = []units.Spec{mustSpec(t, "func:^(fib|worker)$")}
				u3, _ := count("--only", 0)
				u4, _ := count("--only then cached", 1)
				if len(u3) == 0 || len(u3) >= len(u1) || !reflect.DeepEqual(u3, u4) {
					t.Errorf("--only func:^(fib|worker)$: %d units, then %d; all functions: %d", len(u3), len(u4), len(u1))
				}
			})
		}
	}
}
