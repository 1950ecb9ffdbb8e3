package monitor

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/monitor/plancache"
	"sonde/monitor/units"
	"sonde/profile"
)

// engines is every engine: the same suite runs against each (delve's
// -backend).
var engines = []EngineKind{EngineUprobe, EnginePtrace}

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

// loadObject is units.LoadUnits, as an Object of the monitor's.
func loadObject(path string, kind profile.UnitKind, sel *units.Selector, emulable bool) (*plancache.Object, error) {
	u, err := units.LoadUnits(path, kind, sel, emulable)
	if err != nil {
		return nil, err
	}
	return plancache.NewObject(u), nil
}

// oracleFlags build fixtures the way valgrind's counts are clean:
// -fno-plt -Wl,-z,now (DESIGN.md, "How we know it is right").
func oracleFlags(opt string, extra ...string) []string {
	return append([]string{"-g", opt, "-fno-plt", "-Wl,-z,now"}, extra...)
}

// run counts bin with opts and returns the result and the program's
// standard output.
func run(t *testing.T, opts Options, bin string, args ...string) (*Result, string) {
	t.Helper()
	// A pipe of our own, read to its end: nobody calls cmd.Wait (the
	// monitor reaps the command), so exec's copying goroutine could
	// still be behind when Count returns.
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	copied := make(chan struct{})
	go func() { out.ReadFrom(pr); close(copied) }()
	cmd := exec.Command(bin, args...)
	cmd.Stdout = pw
	cmd.Stderr = os.Stderr
	opts.Cmd = cmd
	var notice bytes.Buffer
	opts.Notice = &notice
	res, err := Count(context.Background(), &opts)
	pw.Close()
	<-copied
	pr.Close()
	if err != nil {
		t.Fatalf("count %s (%v engine): %v", bin, opts.Engine, err)
	}
	if notice.Len() > 0 {
		t.Fatalf("unexpected notice: %s", notice.String())
	}
	return res, out.String()
}

// unitsOf returns the units and counts of the object at path.
func unitsOf(t *testing.T, res *Result, path string) ([]profile.Unit, []uint64) {
	t.Helper()
	for i, o := range res.Objects {
		if o.Path == path {
			return o.Units(), res.Counts[i]
		}
	}
	t.Fatalf("no object %s among %d", path, len(res.Objects))
	return nil, nil
}

// funcCount returns the count of function unit name in the object at path.
func funcCount(t *testing.T, res *Result, path, name string) uint64 {
	t.Helper()
	units, counts := unitsOf(t, res, path)
	for i, u := range units {
		if u.Func == name && u.Kind == profile.UnitFunction {
			return counts[i]
		}
	}
	t.Fatalf("no function unit %s in %s", name, path)
	return 0
}

var (
	cgMu    sync.Mutex
	cgCache = map[string]map[uint64]uint64{}
)

// callgrind returns valgrind's per-instruction execution counts of the main
// executable bin, by link-time address (oracle: valgrind --tool=callgrind
// --dump-instr=yes, Ir per instruction).
func callgrind(t *testing.T, bin string, args ...string) map[uint64]uint64 {
	t.Helper()
	key := bin + "\x00" + strings.Join(args, "\x00")
	cgMu.Lock()
	defer cgMu.Unlock()
	if c, ok := cgCache[key]; ok {
		return c
	}
	all, err := oracle.Callgrind(t, bin, args)
	if err != nil {
		t.Fatal(err)
	}
	for obj, m := range all {
		if filepath.Base(obj) == filepath.Base(bin) {
			cgCache[key] = m
			return m
		}
	}
	t.Fatalf("callgrind output has no object %s", bin)
	return nil
}

// TestCountsMatchValgrind checks every unit's count, zero counts included,
// against valgrind's execution count of the same address of the same
// binary, for lines, functions and blocks, at -O0 and -O2, with gcc and
// clang, with both engines.
func TestCountsMatchValgrind(t *testing.T) {
	testprog.Require(t, "valgrind")
	type fixture struct {
		src      string
		compiler string
		opt      string
	}
	var fixtures []fixture
	for _, src := range []string{"count/work.c", "count/shell.c"} {
		for _, cc := range []string{"gcc", "clang"} {
			for _, opt := range []string{"-O0", "-O2"} {
				fixtures = append(fixtures, fixture{src, cc, opt})
			}
		}
	}
	kinds := []profile.UnitKind{profile.UnitLine, profile.UnitFunction, profile.UnitBlock}
	for _, fx := range fixtures {
		name := fmt.Sprintf("%s/%s%s", strings.TrimSuffix(filepath.Base(fx.src), ".c"), fx.compiler, fx.opt)
		t.Run(name, func(t *testing.T) {
			bin := testprog.Build(t, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: oracleFlags(fx.opt)})
			want := callgrind(t, bin)
			// valgrind 3.19 does not see the main executable's _init
			// and _fini run (0 counts); gdb's breakpoints do: the
			// expected count of their entries comes from gdb.
			initFini := gdbHits(t, bin, "_init", "_fini")
			for _, kind := range kinds {
				for _, eng := range engines {
					t.Run(kind.String()+"/"+eng.String(), func(t *testing.T) {
						res, _ := run(t, Options{Units: kind, Engine: eng}, bin)
						if !res.Status.Exited() || res.Status.ExitStatus() != 0 {
							t.Fatalf("target ended %s", res.Ended)
						}
						units, counts := unitsOf(t, res, bin)
						if len(units) == 0 {
							t.Fatal("no units")
						}
						bad, ran := 0, 0
						for i, u := range units {
							if counts[i] > 0 {
								ran++
							}
							w := want[uint64(u.Loc.Addr)]
							if n, ok := initFini[u.Func]; ok {
								if kind != profile.UnitFunction && !(kind == profile.UnitBlock && u.Loc.Addr == initFini.addr(t, bin, u.Func)) {
									continue // inside _init/_fini: no oracle
								}
								w = n
							}
							if counts[i] != w {
								bad++
								if bad <= 10 {
									t.Errorf("%v %#x (%s %s:%d): count %d, valgrind %d", kind, u.Loc.Addr, u.Func, filepath.Base(u.File), u.Line, counts[i], w)
								}
							}
						}
						if bad > 0 {
							t.Errorf("%d of %d units differ from valgrind", bad, len(units))
						}
						if ran < 3 {
							t.Errorf("only %d of %d units ran", ran, len(units))
						}
						t.Logf("%d units, %d ran, all equal to valgrind's counts", len(units), ran)
					})
				}
			}
		})
	}
}

// TestShellListing runs Bishop's shell sort (his 100 numbers) and checks
// his listing's pattern: the three swap lines have one count, the number of
// swaps, which equals valgrind's count of their first address; the inner
// loop header runs more often than the swaps.
func TestShellListing(t *testing.T) {
	testprog.Require(t, "valgrind")
	for _, opt := range []string{"-O0", "-O2"} {
		bin := testprog.Build(t, "count/shell.c", testprog.Opts{Flags: oracleFlags(opt)})
		want := callgrind(t, bin)
		for _, eng := range engines {
			t.Run(opt+"/"+eng.String(), func(t *testing.T) {
				res, _ := run(t, Options{Engine: eng, Only: []units.Spec{mustSpec(t, "func:^shell$")}}, bin)
				units, counts := unitsOf(t, res, bin)
				first := map[int]uint64{} // line -> count of its first unit in address order
				for i, u := range units {
					if _, ok := first[u.Line]; !ok {
						first[u.Line] = counts[i]
						if w := want[uint64(u.Loc.Addr)]; w != counts[i] {
							t.Errorf("line %d at %#x: count %d, valgrind %d", u.Line, u.Loc.Addr, counts[i], w)
						}
					}
				}
				header := first[lineOf(t, "count/shell.c", "for (j = i - gap")]
				swaps := first[lineOf(t, "count/shell.c", "temp = v[j];")]
				for _, text := range []string{"v[j] = v[j + gap];", "v[j + gap] = temp;"} {
					l := lineOf(t, "count/shell.c", text)
					if c, ok := first[l]; ok && c != swaps {
						t.Errorf("line %d (%s) count %d, temp = v[j] %d: the swap lines differ", l, text, c, swaps)
					}
				}
				if swaps == 0 || header <= swaps {
					t.Errorf("swaps %d, inner loop header %d: want 0 < swaps < header", swaps, header)
				}
				t.Logf("line counts of shell(): %v", first)
			})
		}
	}
}

// lineOf returns the number of the line of fixture src holding text.
func lineOf(t *testing.T, src, text string) int {
	t.Helper()
	data, err := os.ReadFile(testprog.Path(src))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, text) {
			return i + 1
		}
	}
	t.Fatalf("no line %q in %s", text, src)
	return 0
}

// hits holds how often gdb stopped at each function's breakpoint.
type hits map[string]uint64

// addr returns the address of function name in bin (oracle: nm).
func (hits) addr(t *testing.T, bin, name string) profile.Addr {
	t.Helper()
	out, err := exec.Command(testprog.Require(t, "nm"), bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) == 3 && f[2] == name {
			var a uint64
			fmt.Sscanf(f[0], "%x", &a)
			return profile.Addr(a)
		}
	}
	t.Fatalf("nm: no %s in %s", name, bin)
	return 0
}

// gdbHits runs bin under gdb with a breakpoint on each function and counts
// the stops (oracle: gdb -batch, "Breakpoint N, ... in NAME ()").
func gdbHits(t *testing.T, bin string, funcs ...string) hits {
	t.Helper()
	args := []string{"-batch", "-nx"}
	for _, f := range funcs {
		args = append(args, "-ex", "break "+f)
	}
	args = append(args, "-ex", "run")
	for range 10 {
		args = append(args, "-ex", "continue")
	}
	args = append(args, bin)
	out, _ := exec.Command(testprog.Require(t, "gdb"), args...).CombinedOutput()
	h := hits{}
	for _, f := range funcs {
		h[f] = uint64(strings.Count(string(out), " in "+f+" ()"))
	}
	t.Logf("oracle: gdb %s: %v", strings.Join(args, " "), h)
	return h
}

func mustSpec(t *testing.T, s string) units.Spec {
	t.Helper()
	sp, err := units.ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// TestThreads: four threads call counted() 20000 times each: exactly 80000
// (threads.c's THREADS * PER_THREAD).
func TestThreads(t *testing.T) {
	bin := testprog.Build(t, "count/threads.c", testprog.Opts{Flags: []string{"-g", "-O2", "-pthread"}})
	for _, eng := range engines {
		t.Run(eng.String(), func(t *testing.T) {
			res, out := run(t, Options{Units: profile.UnitFunction, Engine: eng, Only: []units.Spec{mustSpec(t, "func:^counted$")}}, bin)
			if got := funcCount(t, res, bin, "counted"); got != 80000 {
				t.Errorf("counted: %d, want 80000", got)
			}
			if out != "done\n" || res.ExitCode() != 0 {
				t.Errorf("output %q, %s", out, res.Ended)
			}
		})
	}
}

// TestLinesThreads counts every line of run() and counted() in four
// threads (1000 calls each): each count equals valgrind's count of its
// address, which does not depend on the schedule.
func TestLinesThreads(t *testing.T) {
	testprog.Require(t, "valgrind")
	bin := testprog.Build(t, "count/threads.c", testprog.Opts{Flags: oracleFlags("-O0", "-pthread")})
	want := callgrind(t, bin, "1000")
	for _, eng := range engines {
		t.Run(eng.String(), func(t *testing.T) {
			res, _ := run(t, Options{Engine: eng, Only: []units.Spec{mustSpec(t, "func:^(run|counted)$")}}, bin, "1000")
			units, counts := unitsOf(t, res, bin)
			for i, u := range units {
				if w := want[uint64(u.Loc.Addr)]; counts[i] != w {
					t.Errorf("line %d at %#x: count %d, valgrind %d", u.Line, u.Loc.Addr, counts[i], w)
				}
			}
		})
	}
}

// TestForkExec: the parent calls counted() 10 times, a forked child 100, a
// vforked child that execs the program 1000: 1110 in all, and every
// process exits 0 (none dies of SIGTRAP).
func TestForkExec(t *testing.T) {
	bin := testprog.Build(t, "count/forkexec.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	for _, eng := range engines {
		t.Run(eng.String(), func(t *testing.T) {
			res, out := run(t, Options{Units: profile.UnitFunction, Engine: eng, Only: []units.Spec{mustSpec(t, "func:^counted$")}}, bin)
			if out != "forkexec ok\n" || res.ExitCode() != 0 {
				t.Fatalf("output %q, target %s", out, res.Ended)
			}
			if got := funcCount(t, res, bin, "counted"); got != 1110 {
				t.Errorf("counted: %d, want 10+100+1000", got)
			}
			for _, p := range res.Processes {
				if strings.Contains(p.Ended, "SIGTRAP") {
					t.Errorf("process %d (%s) %s", p.PID, p.Comm, p.Ended)
				}
			}
		})
	}
}

// TestSegfault: counts up to the crash are kept, the cause is said, and
// the status is the target's.
func TestSegfault(t *testing.T) {
	bin := testprog.Build(t, "count/segv.c", testprog.Opts{Flags: []string{"-g", "-O0"}})
	for _, eng := range engines {
		t.Run(eng.String(), func(t *testing.T) {
			res, _ := run(t, Options{Units: profile.UnitFunction, Engine: eng, Only: []units.Spec{mustSpec(t, "func:^(counted|main)$")}}, bin)
			if !res.Status.Signaled() || res.Status.Signal() != syscall.SIGSEGV {
				t.Fatalf("status %v (%s), want killed by SIGSEGV", res.Status, res.Ended)
			}
			if !strings.HasPrefix(res.Ended, "killed by SIGSEGV") || res.ExitCode() != 128+int(syscall.SIGSEGV) {
				t.Errorf("ended %q, exit code %d", res.Ended, res.ExitCode())
			}
			if got := funcCount(t, res, bin, "counted"); got != 50 {
				t.Errorf("counted: %d, want 50 (the calls before the crash)", got)
			}
		})
	}
}

// TestSignals: the program's own signals reach it unchanged (its handler
// runs 25 times and it exits 0) and the handler is counted 25 times.
func TestSignals(t *testing.T) {
	bin := testprog.Build(t, "count/signals.c", testprog.Opts{Flags: []string{"-g", "-O0"}})
	for _, eng := range engines {
		for _, kind := range []profile.UnitKind{profile.UnitFunction, profile.UnitLine} {
			t.Run(eng.String()+"/"+kind.String(), func(t *testing.T) {
				res, out := run(t, Options{Units: kind, Engine: eng}, bin)
				if out != "got 25\n" || res.ExitCode() != 0 {
					t.Fatalf("output %q, %s", out, res.Ended)
				}
				if kind == profile.UnitFunction {
					if got := funcCount(t, res, bin, "handler"); got != 25 {
						t.Errorf("handler: %d, want 25", got)
					}
				}
			})
		}
	}
}

// TestAttach attaches to a running program, counts, detaches; the program
// finishes with its normal output and its text is byte-identical to before
// (read through /proc/PID/mem).
func TestAttach(t *testing.T) {
	bin := testprog.Build(t, "count/attach.c", testprog.Opts{Flags: []string{"-g", "-O0"}})
	type variant struct {
		name string
		opts Options
	}
	var variants []variant
	for _, eng := range engines {
		for _, kind := range []profile.UnitKind{profile.UnitLine, profile.UnitFunction} {
			// Few units: each uprobe takes about 85 ms to remove.
			variants = append(variants, variant{eng.String() + "/" + kind.String(),
				Options{Units: kind, Engine: eng, Only: []units.Spec{mustSpec(t, "func:^counted$")}}})
		}
	}
	// Coverage of every line: the jumps of windows that run again are
	// removed while attached (polled), the others at the detach.
	variants = append(variants, variant{"ptrace/coverage", Options{Engine: EnginePtrace, Coverage: true}})
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			cmd := exec.Command(bin, "3")
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			rd := bufio.NewReader(stdout)
			if l, err := rd.ReadString('\n'); err != nil || l != "ready\n" {
				t.Fatalf("first line %q, %v", l, err)
			}
			before := readText(t, cmd.Process.Pid, bin)
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			opts := v.opts
			opts.PID = cmd.Process.Pid
			res, err := Count(ctx, &opts)
			if err != nil {
				t.Fatal(err)
			}
			after := readText(t, cmd.Process.Pid, bin)
			if !bytes.Equal(before, after) {
				t.Errorf("text differs after detach (%d bytes)", len(before))
			}
			rest, _ := bufio.NewReader(rd).ReadString('\n')
			if err := cmd.Wait(); err != nil || rest != "finished ok\n" {
				t.Errorf("after detach: %q, %v", rest, err)
			}
			if res.Ended != "detached" {
				t.Errorf("ended %q, want detached", res.Ended)
			}
			var total uint64
			for _, c := range res.Counts {
				for _, v := range c {
					total += v
				}
			}
			if total == 0 {
				t.Error("nothing counted while attached")
			}
		})
	}
}

// readText returns the executable mappings of bin in process pid, read
// through /proc/PID/mem.
func readText(t *testing.T, pid int, bin string) []byte {
	t.Helper()
	maps, err := os.ReadFile(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		t.Fatal(err)
	}
	mem, err := os.Open(fmt.Sprintf("/proc/%d/mem", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	var text []byte
	for _, line := range strings.Split(string(maps), "\n") {
		f := strings.Fields(line)
		if len(f) < 6 || f[1][2] != 'x' || f[5] != bin {
			continue
		}
		var start, end uint64
		fmt.Sscanf(f[0], "%x-%x", &start, &end)
		b := make([]byte, end-start)
		if _, err := mem.ReadAt(b, int64(start)); err != nil {
			t.Fatal(err)
		}
		text = append(text, b...)
	}
	if len(text) == 0 {
		t.Fatal("no text mapping found")
	}
	return text
}

// TestCoverage: one-shot breakpoints count each unit once at most, and a
// unit ran exactly when valgrind saw its address execute.
func TestCoverage(t *testing.T) {
	testprog.Require(t, "valgrind")
	bin := testprog.Build(t, "count/work.c", testprog.Opts{Flags: oracleFlags("-O2")})
	want := callgrind(t, bin)
	for _, kind := range []profile.UnitKind{profile.UnitLine, profile.UnitBlock} {
		t.Run(kind.String(), func(t *testing.T) {
			res, _ := run(t, Options{Units: kind, Coverage: true}, bin)
			if res.Engine != EnginePtrace {
				t.Errorf("coverage counted with %v, want one-shot ptrace breakpoints", res.Engine)
			}
			units, counts := unitsOf(t, res, bin)
			ran := 0
			for i, u := range units {
				if u.Func == "_init" || u.Func == "_fini" {
					continue // valgrind does not see them run (see TestCountsMatchValgrind)
				}
				if counts[i] > 1 {
					t.Errorf("%#x counted %d times with one-shot breakpoints", u.Loc.Addr, counts[i])
				}
				if (counts[i] > 0) != (want[uint64(u.Loc.Addr)] > 0) {
					t.Errorf("%#x (%s:%d): ran %v, valgrind count %d", u.Loc.Addr, filepath.Base(u.File), u.Line, counts[i] > 0, want[uint64(u.Loc.Addr)])
				}
				if counts[i] > 0 {
					ran++
				}
			}
			t.Logf("%d of %d units ran", ran, len(units))
		})
	}
}

// TestDlopen: a library loaded by dlopen after the start is counted when
// obj: names it (ptrace: planned again at the loader's _dl_debug_state):
// lib_counted() runs 77 times (dlopen.c).
func TestDlopen(t *testing.T) {
	lib := testprog.Build(t, "count/libcounted.c", testprog.Opts{Flags: []string{"-g", "-O2", "-shared", "-fPIC"}, Name: "libcounted.so"})
	bin := testprog.Build(t, "count/dlopen.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	res, _ := run(t, Options{Units: profile.UnitFunction, Engine: EnginePtrace,
		Only: []units.Spec{mustSpec(t, "obj:libcounted.so"), mustSpec(t, "func:^lib_counted$")}}, bin, lib)
	if res.ExitCode() != 0 {
		t.Fatalf("target %s", res.Ended)
	}
	if got := funcCount(t, res, lib, "lib_counted"); got != 77 {
		t.Errorf("lib_counted: %d, want 77", got)
	}
}

// TestLibraryConstructors: a library linked into the program has its
// constructor run by the dynamic loader before the program's entry point
// (libctor.c, ctormain.c). sonde plants its units at the loader's
// _dl_debug_state once the library list is consistent, before the
// initializers run, so every unit of the library, the constructor's
// included, equals valgrind's count, with both engines.
func TestLibraryConstructors(t *testing.T) {
	testprog.Require(t, "valgrind")
	lib := testprog.Build(t, "count/libctor.c", testprog.Opts{Flags: oracleFlags("-O2", "-shared", "-fPIC"), Name: "libctor.so"})
	bin := testprog.Build(t, "count/ctormain.c", testprog.Opts{Flags: oracleFlags("-O2", "-Wl,--no-as-needed", lib, "-Wl,-rpath,"+filepath.Dir(lib))})
	want := callgrindObject(t, "libctor.so", bin)
	for _, eng := range engines {
		for _, kind := range []profile.UnitKind{profile.UnitFunction, profile.UnitLine, profile.UnitBlock} {
			t.Run(eng.String()+"/"+kind.String(), func(t *testing.T) {
				res, _ := run(t, Options{Units: kind, Engine: eng, Only: []units.Spec{mustSpec(t, "obj:libctor.so")}}, bin)
				if res.ExitCode() != 0 {
					t.Fatalf("target %s (exit 1: the constructor did not run first)", res.Ended)
				}
				units, counts := unitsOf(t, res, lib)
				ctor := false
				for i, u := range units {
					if u.Func == "_init" || u.Func == "_fini" {
						continue // valgrind does not see them run (see TestCountsMatchValgrind)
					}
					w := want[uint64(u.Loc.Addr)]
					if counts[i] != w {
						t.Errorf("%v %#x (%s:%d %s): count %d, valgrind %d", kind, u.Loc.Addr, filepath.Base(u.File), u.Line, u.Func, counts[i], w)
					}
					ctor = ctor || u.Func == "lib_init" && w == 1
				}
				if !ctor {
					t.Error("no unit of the constructor lib_init that valgrind saw run once")
				}
			})
		}
	}
}

// callgrindObject returns valgrind's per-instruction counts of the object
// named name (a library: by address relative to its load base, its
// link-time addresses when it is linked at 0) in a run of bin with args.
func callgrindObject(t *testing.T, name, bin string, args ...string) map[uint64]uint64 {
	t.Helper()
	all, err := oracle.Callgrind(t, bin, args)
	if err != nil {
		t.Fatal(err)
	}
	for obj, m := range all {
		if filepath.Base(obj) == name {
			return m
		}
	}
	t.Fatalf("callgrind output has no %s", name)
	return nil
}
