package monitor

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/linux/bpf"
	"sonde/internal/testprog"
	"sonde/monitor/plancache"
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

// TestRefusedPrefix: the instructions the kernel's uprobes refuse for
// their prefix (arch/x86/kernel/uprobes.c, is_prefix_bad), with bytes and
// mnemonics as objdump -d prints them for gcc 12 output.
func TestRefusedPrefix(t *testing.T) {
	tests := []struct {
		name string
		code []byte
		want bool
	}{
		{"cs nopw 0x0(%rax,%rax,1)", []byte{0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00}, true},
		{"notrack jmp *%rax", []byte{0x3e, 0xff, 0xe0}, true},
		{"lock cmpxchg %rdx,(%rcx)", []byte{0xf0, 0x48, 0x0f, 0xb1, 0x11}, true},
		{"push %rbp", []byte{0x55}, false},
		{"endbr64", []byte{0xf3, 0x0f, 0x1e, 0xfa}, false},
		{"mov %fs:0x28,%rax", []byte{0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0x00, 0x00, 0x00}, false},
		{"nopw 0x0(%rax,%rax,1)", []byte{0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00}, false},
		{"rep stos %rax,%es:(%rdi)", []byte{0xf3, 0x48, 0xab}, false},
		{"empty", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := refusedPrefix(tc.code); got != tc.want {
				t.Errorf("refusedPrefix(% x) = %v, want %v", tc.code, got, tc.want)
			}
		})
	}
}

// TestBPFRefusedSite: a uprobe_multi link fails as a whole (ENOTSUPP)
// when one instruction cannot be probed in a process that maps the
// object; attachBPF then halves the offsets until it has the refused one
// alone. attach.c runs while the probes are attached to its counted()
// and main() entries and to the first "cs nopw" padding of its text
// (address from objdump -d, the oracle).
func TestBPFRefusedSite(t *testing.T) {
	bin := testprog.Build(t, "count/attach.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	cmd := exec.Command(bin, "2")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	line := make([]byte, 6)
	if _, err := io.ReadFull(out, line); err != nil || string(line) != "ready\n" {
		t.Fatalf("fixture: %q, %v", line, err)
	}
	o, err := loadObject(bin, profile.UnitFunction, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	dump, err := exec.Command(testprog.Require(t, "objdump"), "-d", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	var pad uint64
	for _, l := range strings.Split(string(dump), "\n") {
		if strings.Contains(l, "cs nopw") {
			fmt.Sscanf(strings.TrimSpace(l), "%x:", &pad)
			break
		}
	}
	if pad == 0 {
		t.Fatal("objdump shows no cs nopw padding")
	}
	// Sites: counted, the padding, main (a fake Object keeps the test
	// apart from the unit planner).
	fake := plancache.NewObject(&units.Object{Path: bin, Segments: o.Segments})
	var offsets []uint64
	for _, a := range []profile.Addr{o.Sites[siteOf(t, o, "counted")].Addr, profile.Addr(pad), o.Sites[siteOf(t, o, "main")].Addr} {
		fake.Sites = append(fake.Sites, units.Site{Addr: a})
		off, ok := o.FileOffset(a)
		if !ok {
			t.Fatalf("no file offset for %#x", a)
		}
		offsets = append(offsets, off)
	}
	c, err := bpf.NewUprobeCounters(3)
	if errors.Is(err, bpf.ErrNotSupported) && os.Getenv("CI") != "true" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	s := &uprobeSet{bpf: c, bpfSites: []bpfSite{{0, 0}, {0, 1}, {0, 2}}}
	defer s.close()
	if err := s.attachBPF(fake, offsets, []uint64{0, 1, 2}); err != nil {
		t.Fatal(err)
	}
	if got := s.refused[fake]; len(got) != 1 || !got[1] {
		t.Errorf("refused sites %v, want only site 1 (the padding at %#x)", got, pad)
	}
	if c.Probes() != 2 {
		t.Errorf("%d probes attached, want 2", c.Probes())
	}
}

// siteOf returns the index of the site of function unit name.
func siteOf(t *testing.T, o *plancache.Object, name string) int {
	t.Helper()
	for si, s := range o.Sites {
		for _, u := range s.Units {
			if o.Units()[u].Func == name {
				return si
			}
		}
	}
	t.Fatalf("no site of %s", name)
	return 0
}
