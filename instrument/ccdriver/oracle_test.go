package ccdriver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"sonde/instrument/asm"
	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/profile/datafile"
)

// fixture is one program of internal/testprog/testdata/cc (or examples/src).
type fixture struct {
	src  string
	args []string
}

func fixtureSrc(name string) string {
	switch name {
	case "max.c":
		return filepath.Join(testprog.Dir(), "..", "..", "..", "examples", "src", "max.c")
	case "work.c":
		// The benchmark's program: tight one-block loops in a function whose
		// caller (main, where everything else is inlined) uses every
		// register, including call-clobbered ones that gcc's -fipa-ra keeps
		// live across calls to functions that do not touch them.
		return filepath.Join(testprog.Dir(), "..", "..", "..", "bench", "cc", "testdata", "work.c")
	}
	return testprog.Path(filepath.Join("cc", name))
}

// builds holds the two binaries made from one assembly file: plain has a
// local symbol sonde.b.N at the start of every block N and no other change;
// inst is what sonde cc makes of the same assembly.
type builds struct {
	dir, asmFile, plain, inst string
	blocks                    []asm.Block
}

// compilerFor returns the compiler for src: the C++ one for .cc files.
func compilerFor(cc, src string) string {
	if strings.HasSuffix(src, ".cc") {
		if cc == "gcc" {
			return "g++"
		}
		return "clang++"
	}
	return cc
}

func buildBoth(t *testing.T, cc, src string, flags []string) *builds {
	t.Helper()
	testprog.Require(t, cc)
	dir := t.TempDir()
	b := &builds{dir: dir, asmFile: filepath.Join(dir, "prog.s")}
	// -fno-plt here and a static link below: callgrind charges PLT stubs
	// and lazy binding to the calling instruction (see DESIGN.md), and
	// clang 14 keeps @PLT calls to the C++ runtime even with -fno-plt.
	args := append(append([]string{}, flags...), "-g", "-fno-plt", "-S", "-o", b.asmFile, fixtureSrc(src))
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", cc, args, err, out)
	}
	text, err := os.ReadFile(b.asmFile)
	if err != nil {
		t.Fatal(err)
	}
	marked, err := asm.Instrument(text, &asm.Options{MarkOnly: true})
	if err != nil {
		t.Fatalf("instrument %s: %v", src, err)
	}
	b.blocks = marked.Blocks
	markFile := filepath.Join(dir, "marked.s")
	if err := os.WriteFile(markFile, marked.Asm, 0o644); err != nil {
		t.Fatal(err)
	}
	b.plain = filepath.Join(dir, "plain")
	if out, err := exec.Command(cc, "-static", "-o", b.plain, markFile).CombinedOutput(); err != nil {
		t.Fatalf("link marked: %v\n%s", err, out)
	}
	b.inst = filepath.Join(dir, "inst")
	var stderr bytes.Buffer
	d := &Driver{Compiler: cc, Mode: &BlocksMode{}, Stdout: &stderr, Stderr: &stderr, CacheDir: filepath.Join(dir, "cache")}
	if err := d.Run([]string{"-Wl,-z,now", "-o", b.inst, b.asmFile}); err != nil {
		t.Fatalf("sonde cc: %v\n%s", err, stderr.String())
	}
	return b
}

// runProg runs prog and returns its standard output and exit status.
func runProg(t *testing.T, prog string, args []string, env ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(prog, args...)
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), ee.ExitCode()
	}
	if err != nil {
		t.Fatalf("run %s: %v", prog, err)
	}
	return out.String(), 0
}

// blockCounts reads a data file and returns each block's count, checking
// that every unit of a block carries the same count.
func blockCounts(t *testing.T, file string) map[int]uint64 {
	t.Helper()
	p, ws, err := datafile.ReadFile(file)
	if err != nil {
		t.Fatalf("read %s: %v", file, err)
	}
	for _, w := range ws {
		t.Errorf("read %s: warning %s", file, w)
	}
	counts := map[int]uint64{}
	for _, u := range p.Units {
		if u.Kind != profile.UnitBlock || len(u.Counts) != 1 {
			t.Fatalf("unexpected unit %+v", u)
		}
		if c, ok := counts[u.Index]; ok && c != u.Counts[0] {
			t.Errorf("block %d: units disagree: %d and %d", u.Index, c, u.Counts[0])
		}
		counts[u.Index] = u.Counts[0]
	}
	return counts
}

var oracleFixtures = []fixture{
	{src: "max.c"},
	{src: "switch.c"},
	{src: "jmp.c"},
	{src: "flags.c"},
	{src: "throw.cc"},
	{src: "work.c", args: []string{"1"}},
	// Derivation of counts (Knuth and Stevenson): nested loops, a
	// diamond, jump table, computed goto, exit() halfway through a loop;
	// longjmp out of a loop; an exception thrown through a loop.
	{src: "derive.c"},
	{src: "derivejmp.c"},
	{src: "derive.cc"},
}

// TestAgainstCallgrind checks, for every fixture, compiler and optimization
// level, that the instrumented program prints the same output and exits
// with the same status as the uninstrumented one, and that every block's
// count equals valgrind's execution count of every instruction of that
// block in the uninstrumented program built from the same assembly.
// Oracle: valgrind --tool=callgrind --dump-instr=yes (Ir per instruction),
// nm for the block symbols.
func TestAgainstCallgrind(t *testing.T) {
	testprog.Require(t, "valgrind")
	for _, cc := range []string{"gcc", "clang"} {
		for _, opt := range []string{"-O0", "-O2", "-O3"} {
			for _, fx := range oracleFixtures {
				t.Run(fmt.Sprintf("%s/%s/%s", cc, opt, fx.src), func(t *testing.T) {
					compiler := compilerFor(cc, fx.src)
					b := buildBoth(t, compiler, fx.src, []string{opt})
					wantOut, wantCode := runProg(t, b.plain, fx.args)
					data := filepath.Join(b.dir, "sonde.data")
					gotOut, gotCode := runProg(t, b.inst, fx.args, "SONDE_OUT="+data)
					if gotOut != wantOut || gotCode != wantCode {
						t.Fatalf("instrumented program: output %q status %d, want %q status %d", gotOut, gotCode, wantOut, wantCode)
					}
					got := blockCounts(t, data)
					if len(got) != len(b.blocks) {
						t.Fatalf("data file has %d blocks, instrumenter found %d", len(got), len(b.blocks))
					}
					checkCallgrind(t, b, fx.args, got)
					if fx.src == "flags.c" && cc == "gcc" && opt != "-O0" {
						// gcc's "cmp; je; jg" (see flags.c): the test
						// must cover a counter that keeps live flags.
						live := 0
						for _, bl := range b.blocks {
							if bl.FlagsLive {
								live++
							}
						}
						if live == 0 {
							t.Errorf("no block starts with live flags; flags.c no longer tests flag preservation")
						}
					}
				})
			}
		}
	}
}

func checkCallgrind(t *testing.T, b *builds, args []string, got map[int]uint64) {
	t.Helper()
	vg, err := oracle.Callgrind(t, b.plain, args)
	if err != nil {
		t.Fatal(err)
	}
	ir := vg[b.plain]
	if ir == nil {
		t.Fatalf("callgrind has no counts for %s (objects: %v)", b.plain, keys(vg))
	}
	syms, err := oracle.Nm(t, b.plain, false)
	if err != nil {
		t.Fatal(err)
	}
	type mark struct {
		addr  uint64
		block int
	}
	var marks []mark
	var funcs []oracle.Symbol
	for _, s := range syms {
		var n int
		if _, err := fmt.Sscanf(s.Name, "sonde.b.%d", &n); err == nil && strings.HasPrefix(s.Name, "sonde.b.") {
			marks = append(marks, mark{s.Addr, n})
		} else if s.IsFunc() {
			funcs = append(funcs, s)
		}
	}
	if len(marks) != len(b.blocks) {
		t.Fatalf("nm shows %d block symbols, want %d", len(marks), len(b.blocks))
	}
	sort.Slice(marks, func(i, j int) bool { return marks[i].addr < marks[j].addr })
	// Every block: the count of its first instruction.
	var executed, total int
	padding := nops(t, b.plain)
	for _, m := range marks {
		if padding[m.addr] {
			continue // a block that starts with a PLT call: see nops
		}
		if want := ir[m.addr]; got[m.block] != want {
			t.Errorf("block %d (%s, %v) at %#x: sonde counted %d, callgrind %d", m.block, b.blocks[m.block].Func, b.blocks[m.block].Lines, m.addr, got[m.block], want)
		}
		if got[m.block] > 0 {
			executed++
		}
		total++
	}
	// Every instruction callgrind saw in a function that holds blocks ran
	// as often as the block it is in: the block structure is right.
	// Alignment padding (.p2align's nops, objdump says which) belongs to no
	// block: it runs only when the block before it falls through.
	for addr, n := range ir {
		if padding[addr] {
			continue
		}
		var fn *oracle.Symbol
		for i := range funcs {
			if addr >= funcs[i].Addr && addr < funcs[i].Addr+funcs[i].Size {
				fn = &funcs[i]
			}
		}
		i := sort.Search(len(marks), func(i int) bool { return marks[i].addr > addr }) - 1
		if fn == nil || i < 0 || marks[i].addr < fn.Addr {
			continue // not code of ours (crt, runtime) or before the first block
		}
		if got[marks[i].block] != n {
			t.Errorf("instruction %#x in %s, block %d: callgrind ran it %d times, block counted %d", addr, fn.Name, marks[i].block, n, got[marks[i].block])
		}
	}
	t.Logf("%d blocks, %d executed, all equal to callgrind", total, executed)
}

// nops returns the addresses of the no-op instructions of prog, which the
// assembler emits as alignment padding, and of its calls through a PLT,
// whose callgrind counts are not execution counts. Oracle: objdump -d.
func nops(t *testing.T, prog string) map[uint64]bool {
	t.Helper()
	testprog.Require(t, "objdump")
	out, err := exec.Command("objdump", "-d", "--no-show-raw-insn", prog).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	m := map[uint64]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		a, rest, ok := strings.Cut(l, ":\t")
		if !ok {
			continue
		}
		addr, err := strconv.ParseUint(strings.TrimSpace(a), 16, 64)
		if err != nil {
			continue
		}
		rest = strings.TrimSpace(rest)
		switch {
		case strings.Contains(rest, "nop") || strings.HasPrefix(rest, "xchg   %ax,%ax"):
			m[addr] = true
		case strings.HasPrefix(rest, "call") && (strings.Contains(rest, "@plt") || strings.Contains(rest, "<_init+") || strings.Contains(rest, "*ABS*")):
			// A call through the (I)PLT, which a static glibc keeps for
			// its IFUNCs (memset): callgrind charges the stub's
			// instruction to the call (DESIGN.md).
			m[addr] = true
		}
	}
	return m
}

func keys(m oracle.InstrCounts) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
