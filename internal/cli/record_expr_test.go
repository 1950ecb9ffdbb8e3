package cli

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
)

// weighed is a value read at a sample and the CPU time the sample stands
// for (its last value): perf samples all weigh one period; the ptrace and
// gdb samplers weigh each with the CPU time its thread ran since the
// previous one.
type weighed struct{ x, w float64 }

// exprValues returns the values of expression spec in p: the numbers read,
// and how many samples carry it but could not be read.
func exprValues(t *testing.T, p *profile.Profile, spec string) (nums []weighed, notRead int) {
	t.Helper()
	idx := -1
	for i, e := range p.Exprs {
		if e.Spec == spec {
			idx = i
		}
	}
	if idx < 0 {
		t.Fatalf("profile has no expression %q (it has %+v)", spec, p.Exprs)
	}
	for _, s := range p.Samples {
		for _, v := range s.Exprs {
			if int(v.Expr) != idx {
				continue
			}
			if v.Status == profile.ExprOK && v.HasNum {
				nums = append(nums, weighed{v.Num, float64(s.Values[len(s.Values)-1])})
			} else {
				notRead++
			}
		}
	}
	return nums, notRead
}

// meanSE is the weighted mean and its standard error, computed here
// rather than by the report package: the weighted standard deviation over
// the square root of Kish's effective number of samples (Σw)²/Σw², which
// for equal weights is the sample standard deviation over sqrt(n).
func meanSE(xs []weighed) (mean, se float64) {
	var sw, sw2 float64
	for _, v := range xs {
		mean += v.w * v.x
		sw += v.w
		sw2 += v.w * v.w
	}
	mean /= sw
	neff := sw * sw / sw2
	var ss float64
	for _, v := range xs {
		ss += v.w * (v.x - mean) * (v.x - mean)
	}
	return mean, math.Sqrt(ss/sw*neff/(neff-1)) / math.Sqrt(neff)
}

// hierTruth is the time-weighted mean of worker's n in hier-test run with
// argument q, derived from the source (examples/src/hier-test.c): main
// calls worker(q) then worker(2q), and worker's loop `while (n--) k++;`
// runs n times, each turn the same work, with n counting down by one per
// turn. A sample taken at a uniformly random moment of worker(N) sees n
// uniform on [0, N), mean N/2; worker(2q) lasts twice as long as
// worker(q), so the mean over all samples is (q·q/2 + 2q·2q/2)/(3q) =
// 5q/6. The tests run it again and again with the same q (loopUntil).
func hierTruth(q float64) float64 { return 5 * q / 6 }

// zBound is the number of standard errors a statistical check allows: a
// two-sided normal tail of 1e-6, so that a correct sonde fails a check
// once in a million runs, not once in a few hundred as at 3.
const zBound = 4.89

// TestRecordExprHierTest is PCT's example (section 3): `-expr
// 'hier-test@worker@n' 'int-avg'` on hier-test built as the demo builds it.
// The mean of n over the samples must equal hierTruth within zBound
// standard errors; both the values in the data file and report --expr
// int-avg's line are checked. hier-test runs until 600 values are read.
func TestRecordExprHierTest(t *testing.T) {
	requirePerf(t)
	for _, tt := range []struct {
		name  string
		flags []string
		extra []string
	}{
		// n lives in rdx at -O2 (a location list: rdi at entry, rdx in
		// the loop, rdx+1 at its last instruction; readelf
		// --debug-dump=loc).
		{name: "O2 perf", flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}},
		// At -O0, n is on the stack (DW_OP_fbreg), in the red zone below
		// the stack pointer of the leaf worker: outside perf's stack
		// copy, so read live some ms late in perf mode (and n counts
		// down meanwhile); stopped, it is exact.
		{name: "O0 exact", flags: []string{"-O0", "-g"}, extra: []string{"--expr-exact"}},
		{name: "O2 exact", flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}, extra: []string{"--expr-exact"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			const q = 300000000
			bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: tt.flags})
			out := filepath.Join(t.TempDir(), "expr.data")
			stop, done := stopWhen(t, out, exprsRead("hier-test@worker@n", 600))
			args := append([]string{"--expr", "hier-test@worker@n", "-o", out}, tt.extra...)
			code, stderr := record(t, append(append(args, "--"), loopUntil(t, stop, bin, strconv.Itoa(q))...)...)
			done()
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			p := readProfile(t, out)
			nums, notRead := exprValues(t, p, "hier-test@worker@n")
			for _, r := range p.Runs {
				t.Logf("notes: %q", r.Notes)
			}
			if len(nums) < 600 {
				t.Fatalf("%d values read (%d not read) of %d samples", len(nums), notRead, len(p.Samples))
			}
			if notRead > len(nums)/20 {
				t.Errorf("%d values not read, %d read: more than 5%% lost", notRead, len(nums))
			}
			truth := hierTruth(q)
			mean, se := meanSE(nums)
			t.Logf("mean of n %.4g ± %.2g (SE), truth %.4g, %d values", mean, se, truth, len(nums))
			if math.Abs(mean-truth) > zBound*se {
				t.Errorf("mean of n %.4g, truth %.4g: off by %.1f standard errors", mean, truth, math.Abs(mean-truth)/se)
			}
			for _, v := range nums {
				if v.x < 0 || v.x > 2*q || v.x != math.Trunc(v.x) {
					t.Errorf("value %v is not one n takes (integers in [0, %v])", v.x, 2*q)
					break
				}
			}
			// report --expr int-avg prints the same mean, %.3g.
			var stdout, errb bytes.Buffer
			if code := Main([]string{"report", "--expr", "int-avg", out}, strings.NewReader(""), &stdout, &errb); code != 0 {
				t.Fatalf("report exit %d: %s", code, errb.String())
			}
			lines := strings.Split(stdout.String(), "\n")
			if len(lines) < 2 || !strings.HasPrefix(lines[1], strconv.FormatFloat(mean, 'g', 3, 64)+" ±") {
				t.Errorf("report --expr int-avg:\n%s\nwant the mean %.3g", stdout.String(), mean)
			}
		})
	}
}

// TestRecordExprReqHist: req.c's handle(struct req *req) works in
// proportion to req->size, sizes drawn from {16, 32, 64, 128}; the program
// writes the counts it drew. The share of samples of each size must match
// count·size / sum(count·size): the time-weighted shares, chi-square over
// the effective number of samples (3 degrees of freedom, below 30.66, the
// 1e-6 critical value). req runs 2000 requests at a time, again and again
// until 600 values are read; it appends its counts, which are summed.
func TestRecordExprReqHist(t *testing.T) {
	requirePerf(t)
	for _, tt := range []struct {
		name  string
		extra []string
	}{
		{name: "perf"},
		{name: "exact", extra: []string{"--expr-exact"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bin := testprog.Build(t, "expr/req.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
			dir := t.TempDir()
			out, counts := filepath.Join(dir, "req.data"), filepath.Join(dir, "counts")
			stop, done := stopWhen(t, out, exprsRead("req@handle@req->size", 600))
			args := append([]string{"--expr", "req@handle@req->size", "-o", out}, tt.extra...)
			code, stderr := record(t, append(append(args, "--"), loopUntil(t, stop, bin, "2000", counts)...)...)
			done()
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			weight := map[float64]float64{}
			var total float64
			data, err := os.ReadFile(counts)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				f := strings.Fields(line)
				size, _ := strconv.ParseFloat(f[0], 64)
				c, _ := strconv.ParseFloat(f[1], 64)
				weight[size] += c * size
				total += c * size
			}
			p := readProfile(t, out)
			nums, notRead := exprValues(t, p, "req@handle@req->size")
			if len(nums) < 600 || notRead > len(nums)/20 {
				t.Fatalf("%d values read, %d not read", len(nums), notRead)
			}
			seen := map[float64]float64{}
			var sw, sw2 float64
			for _, v := range nums {
				if _, ok := weight[v.x]; !ok {
					t.Fatalf("value %v is not a size the program drew (%v)", v.x, weight)
				}
				seen[v.x] += v.w
				sw += v.w
				sw2 += v.w * v.w
			}
			var chi2 float64
			neff := sw * sw / sw2
			for size, w := range weight {
				exp := w / total
				got := seen[size] / sw
				chi2 += neff * (got - exp) * (got - exp) / exp
				t.Logf("size %v: %.1f%% of the time, expected %.1f%% (%.0f effective samples)", size, 100*got, 100*exp, neff)
			}
			if chi2 > 30.66 {
				t.Errorf("chi-square %.1f > 30.66 (3 dof, p = 1e-6)", chi2)
			}
			// report --expr hist lists each size once.
			var stdout, errb bytes.Buffer
			if code := Main([]string{"report", "--expr", "hist", out}, strings.NewReader(""), &stdout, &errb); code != 0 {
				t.Fatalf("report exit %d: %s", code, errb.String())
			}
			for size := range weight {
				if !regexp.MustCompile(`(?m)^\s*` + strconv.FormatFloat(size, 'f', -1, 64) + `\s+\d+\s+\d+\.\d%`).MatchString(stdout.String()) {
					t.Errorf("hist has no row for size %v:\n%s", size, stdout.String())
				}
			}
		})
	}
}

// TestRecordExprLocationList: loclist.c's work(long n) at -O2 has a
// location list for n (readelf --debug-dump=loc). With -fno-ipa-ra: rdi at
// entry, rbp across the call to mix (callee-saved: when the sample is in
// mix, recovered by unwinding mix's frame), rcx-300000 after it. With
// plain -O2, gcc knows mix leaves r8 alone and keeps n in r8 across the
// call: a caller-saved register, which the CFI does not restore, so in
// mix's samples n is unavailable, and must be counted so. n only takes
// the values 3, 5, 7, 11, 13: every value read must be one of them.
func TestRecordExprLocationList(t *testing.T) {
	requirePerf(t)
	readelf := testprog.Require(t, "readelf")
	nm := testprog.Require(t, "nm")
	for _, tt := range []struct {
		name  string
		flags []string
		outer bool // values are read in mix's samples too
	}{
		{"callee-saved across the call", []string{"-O2", "-g", "-fno-ipa-ra"}, true},
		{"caller-saved across the call", []string{"-O2", "-g"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bin := testprog.Build(t, "expr/loclist.c", testprog.Opts{Flags: tt.flags})
			// The fixture tests what it claims: n's location is a location list.
			info, err := exec.Command(readelf, "--debug-dump=info", bin).Output()
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(`DW_AT_name\s*: (?:\(indirect string, offset: 0x[0-9a-f]+\): )?work\n(?s:.*?)DW_AT_name\s*: n\n(?s:.*?)DW_AT_location\s*: 0x[0-9a-f]+ \(location list\)`).Match(info) {
				t.Fatalf("readelf shows no location list for work's n")
			}
			// mix's address range, from nm -S (a fixed offset in a PIE:
			// the profile's addresses are link-time addresses too).
			syms, err := exec.Command(nm, "-S", bin).Output()
			if err != nil {
				t.Fatal(err)
			}
			m := regexp.MustCompile(`(?m)^([0-9a-f]+) ([0-9a-f]+) T mix$`).FindSubmatch(syms)
			if m == nil {
				t.Fatalf("nm -S shows no mix:\n%s", syms)
			}
			lo, _ := strconv.ParseUint(string(m[1]), 16, 64)
			size, _ := strconv.ParseUint(string(m[2]), 16, 64)

			// loclist runs 100 rounds at a time until 400 values are
			// read and 100 samples fall in mix with work on the stack.
			out := filepath.Join(t.TempDir(), "loclist.data")
			inMixOf := func(s profile.Sample) bool {
				return len(s.Exprs) > 0 && len(s.Stack) > 0 && uint64(s.Stack[0].Addr) >= lo && uint64(s.Stack[0].Addr) < lo+size
			}
			stop, done := stopWhen(t, out, func(p *profile.Profile) bool {
				mix := 0
				for _, s := range p.Samples {
					if inMixOf(s) {
						mix++
					}
				}
				return mix >= 100 && exprsRead("loclist@work@n", 400)(p)
			})
			code, stderr := record(t, append([]string{"--expr", "loclist@work@n", "-o", out, "--"}, loopUntil(t, stop, bin, "100")...)...)
			done()
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			p := readProfile(t, out)
			valid := map[float64]int{3: 0, 5: 0, 7: 0, 11: 0, 13: 0}
			var inMix, inMixRead, read, notRead int
			for _, s := range p.Samples {
				for _, v := range s.Exprs {
					mix := inMixOf(s)
					if mix {
						inMix++
					}
					if v.Status != profile.ExprOK {
						notRead++
						continue
					}
					read++
					if mix {
						inMixRead++
					}
					if _, ok := valid[v.Num]; !ok || !v.HasNum {
						t.Fatalf("value %q: n never takes it (3, 5, 7, 11, 13)", v.Text)
					}
					valid[v.Num]++
				}
			}
			t.Logf("%d values read, %d not read, %d samples with work on the stack in mix (%d read)", read, notRead, inMix, inMixRead)
			if read < 400 || inMix < 100 {
				t.Fatalf("only %d values read, %d samples in mix", read, inMix)
			}
			// Each value is work's argument one call in five: all appear.
			for v, c := range valid {
				if c == 0 {
					t.Errorf("value %v never read: %v", v, valid)
				}
			}
			if tt.outer && inMixRead < inMix*9/10 {
				t.Errorf("n in rbp: read in %d of %d samples in mix, want nearly all", inMixRead, inMix)
			}
			if !tt.outer && inMixRead > 0 {
				t.Errorf("n in r8 (caller-saved) read in %d samples in mix: the unwinder cannot know it", inMixRead)
			}
		})
	}
}

// TestRecordExprErrors: what cannot be evaluated is a one-line error
// before the run, naming the expression.
func TestRecordExprErrors(t *testing.T) {
	bin := testprog.Build(t, "expr/req.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"bad spec", []string{"--expr", "req@handle"}, `want PROG@FUNC@EXPR`},
		{"no such function", []string{"--expr", "req@nosuch@x"}, `expression "req@nosuch@x": function nosuch not found`},
		{"unknown name", []string{"--expr", "req@handle@nosuch"}, `expression "req@handle@nosuch"`},
		{"unsupported syntax", []string{"--expr", "req@handle@(long)req"}, `--gdb`},
		{"with histogram", []string{"--expr", "req@handle@req->size", "--histogram"}, `not with --histogram`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "x.data")
			code, stderr := record(t, append(append(tt.args, "-o", out, "--"), bin, "1")...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("exit %d, stderr %q; want exit %d and one line with %q", code, stderr, exitUsage, tt.want)
			}
		})
	}
}

// TestRecordExprGDB: --gdb gives the same answer as the native evaluator
// on PCT's example: both means within zBound standard errors of the truth
// and of each other. --gdb samples one process, not its children, so
// hier-test is recorded again and again (each run its own data file)
// until 200 values are read in each mode.
func TestRecordExprGDB(t *testing.T) {
	requirePerf(t)
	testprog.Require(t, "gdb")
	bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
	const q = 300000000.0
	dir := t.TempDir()
	means := map[string][2]float64{}
	for _, mode := range []string{"native", "gdb"} {
		var nums []weighed
		notRead := 0
		for run := 0; len(nums) < 200; run++ {
			if run == 100 {
				t.Fatalf("%s: %d values read in %d runs", mode, len(nums), run)
			}
			out := filepath.Join(dir, fmt.Sprintf("%s%d.data", mode, run))
			args := []string{"--expr", "hier-test@worker@n", "-o", out}
			if mode == "gdb" {
				args = append(args, "--gdb", "-F", "200")
			}
			code, stderr := record(t, append(args, "--", bin, strconv.Itoa(int(q)))...)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", mode, code, stderr)
			}
			p := readProfile(t, out)
			n, nr := exprValues(t, p, "hier-test@worker@n")
			nums, notRead = append(nums, n...), notRead+nr
			if run == 0 {
				for _, r := range p.Runs {
					t.Logf("%s notes: %q", mode, r.Notes)
				}
			}
		}
		if notRead > len(nums)/20 {
			t.Fatalf("%s: %d values read, %d not read", mode, len(nums), notRead)
		}
		m, se := meanSE(nums)
		means[mode] = [2]float64{m, se}
		t.Logf("%s: mean %.4g ± %.2g, %d values, truth %.4g", mode, m, se, len(nums), hierTruth(q))
		if math.Abs(m-hierTruth(q)) > zBound*se {
			t.Errorf("%s: mean %.4g, truth %.4g: off by %.1f standard errors", mode, m, hierTruth(q), math.Abs(m-hierTruth(q))/se)
		}
	}
	a, b := means["native"], means["gdb"]
	if d, e := math.Abs(a[0]-b[0]), math.Hypot(a[1], b[1]); d > zBound*e {
		t.Errorf("native mean %.4g and gdb mean %.4g differ by %.1f combined standard errors", a[0], b[0], d/e)
	}
}

// TestRecordExprMissedSaid: an expression whose program runs only under a
// script (so nothing is compiled before the run) and has no debug
// information gives no value, and record says why on stderr and in the
// data file's notes instead of recording silent zeros. A second expression
// names a program that never runs.
func TestRecordExprMissedSaid(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, "expr/keyed.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	strip := testprog.Require(t, "strip")
	exe := filepath.Join(t.TempDir(), "keyedstripped")
	if out, err := exec.Command(strip, "-o", exe, bin).CombinedOutput(); err != nil {
		t.Fatalf("strip: %v: %s", err, out)
	}
	out := filepath.Join(t.TempDir(), "x.data")
	stop, done := stopWhen(t, out, atLeastSamples(200))
	code, stderr := record(t, append([]string{"-o", out, "--expr", "keyedstripped@spin@key", "--expr", "nosuchprogram@spin@key", "--"},
		loopUntil(t, stop, exe, "48", "1234567")...)...)
	done()
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		`expression "keyedstripped@spin@key": no value: read DWARF of ` + exe,
		`expression "nosuchprogram@spin@key": no value: no sampled process ran a program matching "nosuchprogram"`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
		found := false
		for _, r := range readProfile(t, out).Runs {
			for _, n := range r.Notes {
				found = found || strings.Contains(n, want)
			}
		}
		if !found {
			t.Errorf("the data file's notes lack %q", want)
		}
	}
}
