package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"sonde/examples"
	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// TestDemo runs "sonde demo" on the bundled examples and checks what it
// printed against independent tools run on the binaries it built: the entry
// address of each hot function against nm, its file:line against
// llvm-symbolizer (LLVM 14).
func TestDemo(t *testing.T) {
	testprog.Require(t, "gcc")
	testprog.Require(t, "llvm-symbolizer")
	dir := t.TempDir()
	out, stderr, code := run("demo", "--dir", dir, "--cc", "gcc")
	if code != 0 {
		t.Fatalf("sonde demo: exit %d\n%s\n%s", code, stderr, out)
	}
	t.Logf("llvm-symbolizer: %s", oracle.Version("llvm-symbolizer"))
	if os.Geteuid() == 0 {
		_, noClang := exec.LookPath("clang")
		checkNoDegradation(t, out+stderr, noClang != nil)
	}
	line := regexp.MustCompile(`^  (0x[0-9a-f]+) (\S+) at (\S+):(\d+)$`)
	for _, ex := range examples.All {
		t.Run(ex.File, func(t *testing.T) {
			bin := filepath.Join(dir, strings.TrimSuffix(ex.File, ".c"))
			if !strings.Contains(out, "ran:   "+filepath.Base(bin)+" (exit 0)") {
				t.Errorf("demo did not run %s successfully:\n%s", bin, out)
			}
			syms, err := oracle.Nm(t, bin, false)
			if err != nil {
				t.Fatal(err)
			}
			entry := map[string]uint64{}
			for _, s := range syms {
				if s.IsFunc() {
					entry[s.Name] = s.Addr
				}
			}
			section := out[strings.Index(out, "=== "+ex.File):]
			if i := strings.Index(section[1:], "\n=== "); i >= 0 {
				section = section[:i+1]
			}
			seen := 0
			for _, l := range strings.Split(section, "\n") {
				m := line.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				seen++
				addr, _ := strconv.ParseUint(m[1], 0, 64)
				if entry[m[2]] != addr {
					t.Errorf("demo says %s is at %#x; nm says %#x", m[2], addr, entry[m[2]])
				}
				ans, err := oracle.LLVMSymbolizer(t, bin, []uint64{addr}, oracle.LLVMOptions{Inlining: true})
				if err != nil {
					t.Fatal(err)
				}
				if len(ans) != 1 || len(ans[0].Frames) == 0 {
					t.Fatalf("llvm-symbolizer knows nothing of %#x", addr)
				}
				fr := ans[0].Frames[0]
				want := fmt.Sprintf("%s at %s:%d", fr.Func, filepath.Base(fr.File), fr.Line)
				if got := fmt.Sprintf("%s at %s:%s", m[2], m[3], m[4]); got != want {
					t.Errorf("demo: %s; llvm-symbolizer: %s", got, want)
				}
			}
			if ex.File == "hier-test.c" {
				checkDemoHier(t, section)
			}
			if seen != len(ex.Hot) {
				t.Errorf("demo showed %d of the %d hot functions of %s:\n%s", seen, len(ex.Hot), ex.File, section)
			}
		})
	}
}

// checkDemoHier checks the demo's sampled call paths of hier-test against
// the program's known truth (PCT section 3): worker loops n times under
// dispatch_1 and 2n times under dispatch_2, so 1/3 and 2/3 of the time.
// The tolerance is twice the ± the report prints (its binomial 95% interval,
// about two standard deviations): a few hundred samples give ±5 points, and
// a fixed ±5 would fail one run in ten by chance.
func checkDemoHier(t *testing.T, section string) {
	t.Helper()
	path := regexp.MustCompile(`(?m)^\s*([0-9.]+)% ±([0-9.]+)\s+worker <- (dispatch_[12]) <- main$`)
	want := map[string]float64{"dispatch_1": 100.0 / 3, "dispatch_2": 200.0 / 3}
	got, pm := map[string]float64{}, map[string]float64{}
	for _, m := range path.FindAllStringSubmatch(section, -1) {
		got[m[3]], _ = strconv.ParseFloat(m[1], 64)
		pm[m[3]], _ = strconv.ParseFloat(m[2], 64)
	}
	for d, w := range want {
		g, ok := got[d]
		if !ok {
			t.Errorf("demo shows no path worker <- %s <- main:\n%s", d, section)
			continue
		}
		if tol := 2 * pm[d]; g < w-tol || g > w+tol {
			t.Errorf("worker <- %s: %.1f%% ±%.1f, want %.1f%% within twice that", d, g, pm[d], w)
		}
	}
}

// demoDegradations are what sonde prints when a technique runs with a
// lesser mechanism, or not at all, for a reason root can remove: tracefs
// not mounted, BPF or perf events refused, a tool not installed.
var demoDegradations = []string{
	"BPF refused", "BPF not supported", "not mounted", "only the threads present at the start",
	"uprobes failed", "counting with ptrace breakpoints instead", "using the ptrace sampler",
	"(skipped:", "(not root:",
}

// checkNoDegradation fails when the demo's output, run as root, says a
// technique ran degraded or was skipped. allowNoClang lets the attrib
// step's skip line through (clang is not installed; the demo installs
// nothing).
func checkNoDegradation(t *testing.T, out string, allowNoClang bool) {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if allowNoClang && strings.Contains(l, "(skipped: clang not found") {
			continue
		}
		if strings.HasPrefix(l, "changed  ") {
			continue // a change sonde doctor --fix made: "tracefs: not mounted -> ..."
		}
		for _, bad := range demoDegradations {
			if strings.Contains(l, bad) {
				t.Errorf("degradation where root could fix it (%q): %s", bad, l)
			}
		}
	}
}

// TestDemoNoClang runs sonde demo with a PATH that has gcc and its
// assembler and linker but no clang (clang stays installed: other users
// of the machine need it): the attrib step prints one line with the
// remedy, the other techniques run, and the demo exits 0. sonde demo never
// installs anything (./demo.sh and sonde doctor --fix do).
func TestDemoNoClang(t *testing.T) {
	bin := t.TempDir()
	for _, tool := range []string{"gcc", "as", "ld"} {
		p := testprog.Require(t, tool)
		if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin)
	t.Setenv("CC", "")
	t.Setenv("SONDE_CC", "")
	out, stderr, code := run("demo", "--dir", t.TempDir(), "--cc", "gcc")
	t.Logf("%s\n%s", out, stderr)
	if code != 0 {
		t.Fatalf("sonde demo without clang: exit %d", code)
	}
	skips := regexp.MustCompile(`(?m)^  \(skipped: clang not found .*; remedy: sudo apt-get install clang\b.*\)$`).FindAllString(out, -1)
	if len(skips) != 1 {
		t.Errorf("want one skip line with the remedy for the attrib step, got %d", len(skips))
	}
	if strings.Contains(out, "%time") {
		t.Errorf("the attrib table is there without clang")
	}
	for _, want := range []string{"$ sonde record", "$ sonde count", "$ sonde cc -O"} {
		if n := strings.Count(out, want); n == 0 {
			t.Errorf("no %q: the other techniques must run without clang", want)
		}
	}
	if os.Geteuid() == 0 {
		checkNoDegradation(t, out+stderr, true)
	}
}

// TestDemoScript runs ./demo.sh, the README's first command, as root in a
// private mount namespace where tracefs is not mounted (a fresh machine of
// this kind; the machine's own mount is untouched): it must set up what
// the techniques need (it says it mounted tracefs), run every technique
// with its best mechanism (no degradation note, no skip line) and exit 0.
// Its sonde doctor --fix may also install gcc or clang and lower the
// sysctls where they are missing, as it would for a user.
func TestDemoScript(t *testing.T) {
	requireRoot(t)
	testprog.Require(t, "go")
	_, file, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(file), "..", "..", "demo.sh")
	out, err := inPrivateMounts(t, unmountScript+`"$DEMO" --dir "$DIR" 2>&1; echo "=== exit $?"`,
		"DEMO="+script, "DIR="+t.TempDir())
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("private-namespace run: %v", err)
	}
	if !strings.Contains(out, "\n=== exit 0\n") {
		t.Fatalf("./demo.sh did not exit 0")
	}
	if !strings.Contains(out, "changed  tracefs: not mounted -> mounted at /sys/kernel/tracing") {
		t.Errorf("./demo.sh did not mount tracefs")
	}
	checkNoDegradation(t, out, false)
	want := []string{"$ sonde record", "$ sonde count", "$ sonde cc -O", "%time"}
	// sonde count's best engine for a command it starts: trampolines
	want = append(want, "(ptrace engine,")
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("./demo.sh output lacks %q", w)
		}
	}
}
