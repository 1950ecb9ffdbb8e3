package monitor

import (
	"bytes"
	"log"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/monitor/units"
	"sonde/profile"
)

// mechanisms are the uprobe engine's two ways of counting; the main
// suite runs the engine with UprobesAuto (BPF here).
var mechanisms = []UprobeMechanism{UprobesBPF, UprobesPerf}

// TestUprobeMechanisms forces each mechanism on the fixtures whose truth
// is their own arithmetic: four threads calling counted() 20000 times
// (80000, threads.c), and a parent calling it 10 times, a forked child
// 100 and a vforked child that execs the program 1000 (1110,
// forkexec.c). The result says which mechanism counted.
func TestUprobeMechanisms(t *testing.T) {
	threads := testprog.Build(t, "count/threads.c", testprog.Opts{Flags: []string{"-g", "-O2", "-pthread"}})
	forkexec := testprog.Build(t, "count/forkexec.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	for _, m := range mechanisms {
		for _, tc := range []struct {
			name string
			bin  string
			out  string
			want uint64
		}{
			{"threads", threads, "done\n", 80000},
			{"forkexec", forkexec, "forkexec ok\n", 1110},
		} {
			t.Run(m.String()+"/"+tc.name, func(t *testing.T) {
				var debug bytes.Buffer
				res, out := run(t, Options{Units: profile.UnitFunction, Engine: EngineUprobe, Uprobes: m, Only: []units.Spec{mustSpec(t, "func:^counted$")},
					Debug: log.New(&debug, "", 0)}, tc.bin)
				if out != tc.out || res.ExitCode() != 0 {
					t.Fatalf("output %q, target %s", out, res.Ended)
				}
				// SONDE_DEBUG's timings go to the logger the caller gave.
				if d := debug.String(); !strings.Contains(d, "uprobe open: ") || !strings.Contains(d, "uprobe close: ") {
					t.Errorf("debug logger got %q, want the open and close timings", d)
				}
				if res.Engine != EngineUprobe || res.Uprobes != m {
					t.Errorf("counted by %v/%v, want uprobe/%v", res.Engine, res.Uprobes, m)
				}
				if got := funcCount(t, res, tc.bin, "counted"); got != tc.want {
					t.Errorf("counted: %d, want %d", got, tc.want)
				}
				said := false
				for _, n := range res.Notes {
					said = said || strings.Contains(n, map[UprobeMechanism]string{UprobesBPF: "BPF program", UprobesPerf: "perf counter"}[m])
				}
				if !said {
					t.Errorf("no note says which mechanism counted: %q", res.Notes)
				}
			})
		}
	}
}

// TestUprobeDlopen: a library the program loads with dlopen after it
// started (dlopen.c loads argv[1] and calls lib_counted() 77 times) is
// counted by the uprobe engine from its first call, when obj: names it
// and sonde finds its file: by an absolute path in the spec, by a path on
// the command line, or on LD_LIBRARY_PATH. Every unit of the library
// (functions, lines) equals valgrind's count of its address in the same
// run. The last row runs a shell that forks twice and execs the dlopen
// program in each child: the shell never maps the library, its children
// do after their exec, and they are counted (2 x valgrind's).
func TestUprobeDlopen(t *testing.T) {
	testprog.Require(t, "valgrind")
	lib := testprog.Build(t, "count/libcounted.c", testprog.Opts{Flags: oracleFlags("-O2", "-shared", "-fPIC"), Name: "libcounted.so"})
	bin := testprog.Build(t, "count/dlopen.c", testprog.Opts{Flags: oracleFlags("-O2")})
	libDir := filepath.Dir(lib)
	// oracle: valgrind --tool=callgrind --dump-instr=yes, the library's
	// instructions by address relative to its load base (its link-time
	// addresses: it is linked at 0).
	want := callgrindObject(t, "libcounted.so", bin, lib)
	type row struct {
		name string
		spec string
		cmd  func() *exec.Cmd
		runs uint64
	}
	rows := []row{
		{"absolute-spec", "obj:" + lib, func() *exec.Cmd { return exec.Command(bin, lib) }, 1},
		{"command-line", "obj:libcounted.so", func() *exec.Cmd { return exec.Command(bin, lib) }, 1},
		{"ld-library-path", "obj:libcounted", func() *exec.Cmd {
			c := exec.Command(bin, "libcounted.so")
			c.Env = append(c.Environ(), "LD_LIBRARY_PATH=/nonexistent:"+libDir)
			return c
		}, 1},
		{"exec-other-program", "obj:" + lib, func() *exec.Cmd {
			return exec.Command("/bin/sh", "-c", `"$0" "$1" && "$0" "$1"`, bin, lib)
		}, 2},
	}
	for _, m := range mechanisms {
		for _, r := range rows {
			for _, kind := range []profile.UnitKind{profile.UnitFunction, profile.UnitLine} {
				t.Run(m.String()+"/"+r.name+"/"+kind.String(), func(t *testing.T) {
					res := runCmd(t, Options{Units: kind, Engine: EngineUprobe, Uprobes: m, Only: []units.Spec{mustSpec(t, r.spec)}}, r.cmd())
					if res.ExitCode() != 0 {
						t.Fatalf("target %s", res.Ended)
					}
					units, counts := unitsOf(t, res, lib)
					ran := 0
					for i, u := range units {
						w := r.runs * want[uint64(u.Loc.Addr)]
						if u.Func == "_init" || u.Func == "_fini" {
							continue // valgrind does not see them run (see TestCountsMatchValgrind)
						}
						if counts[i] != w {
							t.Errorf("%v %#x (%s:%d %s): count %d, valgrind %d", kind, u.Loc.Addr, filepath.Base(u.File), u.Line, u.Func, counts[i], w)
						}
						if counts[i] > 0 {
							ran++
						}
					}
					if kind == profile.UnitFunction {
						if got := funcCount(t, res, lib, "lib_counted"); got != 77*r.runs {
							t.Errorf("lib_counted: %d, want %d (dlopen.c)", got, 77*r.runs)
						}
					}
					if ran == 0 {
						t.Error("no unit of the library ran")
					}
				})
			}
		}
	}
}

// runCmd counts cmd (its output discarded) and fails on any notice.
func runCmd(t *testing.T, opts Options, cmd *exec.Cmd) *Result {
	t.Helper()
	opts.Cmd = cmd
	var notice strings.Builder
	opts.Notice = &notice
	res, err := Count(t.Context(), &opts)
	if err != nil {
		t.Fatalf("count %s: %v", cmd.Path, err)
	}
	if notice.Len() > 0 {
		t.Fatalf("unexpected notice: %s", notice.String())
	}
	return res
}
