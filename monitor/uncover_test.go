package monitor

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/monitor/plancache"
	"sonde/profile"
)

// removedRE reads the number of jumps removed from the trampolines note.
var removedRE = regexp.MustCompile(`; (\d+) jumps removed once their windows ran again`)

// jumpsRemoved returns how many jumps the coverage run removed, -1 when
// its trampolines note does not say.
func jumpsRemoved(res *Result) int {
	m := removedRE.FindStringSubmatch(trampNote(res))
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestUncover runs hot loops in coverage mode (lines, trampolines): the
// tracer harvests the counter pages while they run and removes the jumps
// of windows that ran again (the note says how many: more than none), the
// program's output and exit status are those of a native run, every count
// is 0 or 1, and a unit ran exactly when valgrind saw its address execute
// (oracle: valgrind --tool=callgrind --dump-instr=yes of the same binary).
//
// The oracle runs a shorter loop than the counted run (valgrind is 40-50
// times slower). The set of lines that run does not depend on the length
// past the oracle's: the longer run executes the same code before and
// after its loop, and inside the loop only instructions the oracle's run
// already executed, since the test first checks that every unit of the
// loop's functions ran in the oracle's run (threads.c: run and counted,
// whose only branch is the loop test, both ways from 2 iterations on;
// hot.c: main and mix, both arms of the if).
func TestUncover(t *testing.T) {
	testprog.Require(t, "valgrind")
	tests := []struct {
		src        string
		flags      []string
		arg, small string   // the counted run's argument, the oracle's
		loopFuncs  []string // their units all run at the oracle's length
	}{
		// Four threads: the jumps are removed with the other threads
		// stopped.
		{"count/threads.c", oracleFlags("-O2", "-pthread"), "20000000", "1000", []string{"run", "counted"}},
		{"count/hot.c", oracleFlags("-O2"), "60000000", "1000", []string{"main", "mix"}},
	}
	for _, tc := range tests {
		t.Run(strings.TrimSuffix(filepath.Base(tc.src), ".c"), func(t *testing.T) {
			bin := testprog.Build(t, tc.src, testprog.Opts{Flags: tc.flags})
			want := callgrind(t, bin, tc.small)
			native, err := exec.Command(bin, tc.arg).Output()
			if err != nil {
				t.Fatal(err)
			}
			res, out := run(t, Options{Units: profile.UnitLine, Coverage: true}, bin, tc.arg)
			if out != string(native) || res.ExitCode() != 0 {
				t.Fatalf("output %q (native %q), target %s", out, native, res.Ended)
			}
			if n := jumpsRemoved(res); n <= 0 {
				t.Errorf("jumps removed: %d, want > 0; notes %q", n, res.Notes)
			}
			units, counts := unitsOf(t, res, bin)
			loop := map[string]bool{}
			for _, f := range tc.loopFuncs {
				loop[f] = true
			}
			ran, inLoop := 0, 0
			for i, u := range units {
				if u.Func == "_init" || u.Func == "_fini" {
					continue // valgrind does not see them run (see TestCountsMatchValgrind)
				}
				w := want[uint64(u.Loc.Addr)]
				if loop[u.Func] {
					inLoop++
					if w == 0 {
						t.Errorf("%s:%d (%s) at %#x did not run at %s iterations: the oracle's length is too short", filepath.Base(u.File), u.Line, u.Func, u.Loc.Addr, tc.small)
					}
				}
				if counts[i] > 1 {
					t.Errorf("%#x counted %d times in a coverage run", u.Loc.Addr, counts[i])
				}
				if (counts[i] > 0) != (w > 0) {
					t.Errorf("%#x (%s %s:%d): ran %v, valgrind count %d", u.Loc.Addr, u.Func, filepath.Base(u.File), u.Line, counts[i] > 0, w)
				}
				if counts[i] > 0 {
					ran++
				}
			}
			if inLoop == 0 {
				t.Errorf("no units in %v", tc.loopFuncs)
			}
			t.Logf("%d of %d units ran (%d in the loop's functions); %s", ran, len(units), inLoop, trampNote(res))
		})
	}
}

// TestUncoverForkExec runs forkexec.c in coverage mode (lines, the
// executable named by obj:; then only counted()): one-shot jumps and a
// forked child, a vforked child that execs the program, a child that
// execs /bin/true. It exits 0 with its output, no process dies of
// SIGTRAP, and counted() ran (the parent calls it
// 10 times: forkexec.c). obj: keeps /bin/true out of the count: the
// ptrace engine counting lines fails on an exec'd file without a line
// table ("read line table of .../usr/bin/true", units.go), in counts and
// coverage mode alike.
func TestUncoverForkExec(t *testing.T) {
	bin := testprog.Build(t, "count/forkexec.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	obj := "obj:" + filepath.Base(bin)
	// No --only: the executable, and /usr/bin/true that the vforked child
	// execs (no DWARF: skipped with a note, the rest still counted).
	for _, only := range [][]string{nil, {obj}, {obj, "func:^counted$"}} {
		t.Run("only="+strings.Join(only, ","), func(t *testing.T) {
			opts := Options{Units: profile.UnitLine, Coverage: true}
			for _, s := range only {
				opts.Only = append(opts.Only, mustSpec(t, s))
			}
			res, out := run(t, opts, bin)
			if out != "forkexec ok\n" || res.ExitCode() != 0 {
				t.Fatalf("output %q, target %s", out, res.Ended)
			}
			for _, p := range res.Processes {
				if strings.Contains(p.Ended, "SIGTRAP") {
					t.Errorf("process %d (%s) %s", p.PID, p.Comm, p.Ended)
				}
			}
			if len(res.Processes) < 4 {
				t.Errorf("%d processes, want the parent and its 3 children", len(res.Processes))
			}
			units, counts := unitsOf(t, res, bin)
			// A coverage count is 1 when the unit ran in any process:
			// counted() runs in the parent, its forked child and the
			// exec'd child (forkexec.c).
			counted := 0
			for i, u := range units {
				if counts[i] > 1 {
					t.Errorf("%#x counted %d in a coverage run", u.Loc.Addr, counts[i])
				}
				if u.Func == "counted" {
					counted++
					if counts[i] != 1 {
						t.Errorf("counted() line %d at %#x: %d, want 1", u.Line, u.Loc.Addr, counts[i])
					}
				}
			}
			if counted == 0 {
				t.Error("no units in counted()")
			}
			t.Logf("%d units, %d processes; %s", len(units), len(res.Processes), fmt.Sprint(trampNote(res)))
		})
	}
}

// backWindow is a window that starts before its site.
type backWindow struct {
	addr    uint64
	size    int
	counted []int // the sites counted in it
}

// backWindows returns the sites of o whose window starts before them.
func backWindows(o *plancache.Object) map[int]backWindow {
	pl := o.Trampolines()
	m := map[int]backWindow{}
	for si, s := range o.Sites {
		if a, size, counted, ok := pl.Window(si); ok && a < uint64(s.Addr) {
			m[si] = backWindow{a, size, counted}
		}
	}
	return m
}

// TestBackWindows finds the sites whose window starts before them (back
// windows: their own window failed) in -O2 builds of work.c and shell.c,
// and counts them through trampolines (counts mode, ptrace): each unit at
// a back-window site, and every other unit, equals valgrind's count of
// its address (oracle: valgrind --tool=callgrind --dump-instr=yes of the
// same binary). Found here: work.c gcc 1 (lines, blocks), clang 1 (lines,
// blocks); shell.c gcc 1 (blocks), clang 3 (blocks); tramp.c none.
func TestBackWindows(t *testing.T) {
	testprog.Require(t, "valgrind")
	tests := []struct {
		src, compiler string
		kind          profile.UnitKind
		min           int // back windows at least (from the plan of this build)
	}{
		{"count/work.c", "gcc", profile.UnitLine, 1},
		{"count/work.c", "gcc", profile.UnitBlock, 1},
		{"count/work.c", "clang", profile.UnitLine, 0}, // its one short site now covers the padding after a ret instead
		{"count/work.c", "clang", profile.UnitBlock, 1},
		{"count/shell.c", "gcc", profile.UnitBlock, 1},
		{"count/shell.c", "clang", profile.UnitBlock, 1},
		{"count/tramp.c", "gcc", profile.UnitLine, 0},
	}
	for _, tc := range tests {
		name := fmt.Sprintf("%s/%s/%v", strings.TrimSuffix(filepath.Base(tc.src), ".c"), tc.compiler, tc.kind)
		t.Run(name, func(t *testing.T) {
			bin := testprog.Build(t, tc.src, testprog.Opts{Compiler: tc.compiler, Flags: oracleFlags("-O2")})
			o, err := loadObject(bin, tc.kind, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			back := backWindows(o)
			if len(back) < tc.min {
				t.Fatalf("%d back windows, want at least %d", len(back), tc.min)
			}
			// Addresses of the units counted in back windows: the site's
			// own and the others the window displaces.
			inBack := map[profile.Addr]bool{}
			for si, w := range back {
				for _, c := range w.counted {
					inBack[o.Sites[c].Addr] = true
				}
				if !inBack[o.Sites[si].Addr] {
					t.Errorf("site %d at %#x: not counted in its window at %#x", si, o.Sites[si].Addr, w.addr)
				}
				t.Logf("back window at %#x (%d bytes) for site %d at %#x", w.addr, w.size, si, o.Sites[si].Addr)
			}
			want := callgrind(t, bin)
			res, _ := run(t, Options{Units: tc.kind, Engine: EnginePtrace}, bin)
			if res.ExitCode() != 0 {
				t.Fatalf("target %s", res.Ended)
			}
			if !strings.Contains(trampNote(res), "sites jump to trampolines") {
				t.Errorf("no trampoline note: %q", res.Notes)
			}
			units, counts := unitsOf(t, res, bin)
			checked := 0
			for i, u := range units {
				if u.Func == "_init" || u.Func == "_fini" {
					continue // valgrind does not see them run (see TestCountsMatchValgrind)
				}
				w := want[uint64(u.Loc.Addr)]
				if counts[i] != w {
					t.Errorf("%v %#x (%s %s:%d, back window %v): count %d, valgrind %d", tc.kind, u.Loc.Addr, u.Func, filepath.Base(u.File), u.Line, inBack[u.Loc.Addr], counts[i], w)
				}
				if inBack[u.Loc.Addr] {
					checked++
					t.Logf("%#x (%s:%d) in a back window: count %d, valgrind %d", u.Loc.Addr, filepath.Base(u.File), u.Line, counts[i], w)
				}
			}
			if len(back) > 0 && checked == 0 {
				t.Error("no unit at a back-window site")
			}
		})
	}
}
