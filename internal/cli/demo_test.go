package cli

import (
	"fmt"
	"path/filepath"
	"regexp"
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
