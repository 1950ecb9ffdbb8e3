package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/symbol"
)

// requireRoot fails under CI=true (CI runs as root on a machine that allows
// perf events) and skips elsewhere when sonde cannot sample.
func requirePerf(t *testing.T) {
	t.Helper()
	data, err := os.ReadFile("/proc/sys/kernel/perf_event_paranoid")
	if err == nil && os.Geteuid() != 0 {
		if lvl, _ := strconv.Atoi(strings.TrimSpace(string(data))); lvl > 1 {
			msg := "perf_event_paranoid " + strings.TrimSpace(string(data)) + " and not root: cannot sample"
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// examplePath returns the path of a bundled example source.
func examplePath(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "examples", "src", name)
}

// record runs "sonde record ARGS" in-process and returns its exit status
// and stderr.
func record(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(append([]string{"record"}, args...), strings.NewReader(""), &stdout, &stderr)
	return code, stderr.String()
}

func readProfile(t *testing.T, path string) *profile.Profile {
	t.Helper()
	p, warns, err := datafile.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range warns {
		t.Logf("warning: %s", w)
	}
	return p
}

// hierShares returns the --hier view of the data file as path -> percent.
func hierShares(t *testing.T, p *profile.Profile) (map[string]float64, string) {
	t.Helper()
	cache := symbol.NewCache(nil)
	defer cache.Close()
	var b bytes.Buffer
	if err := report.Write(&b, p, report.NewSymbolizer(cache, &b), &report.Options{View: report.ViewHier}); err != nil {
		t.Fatal(err)
	}
	shares := make(map[string]float64)
	re := regexp.MustCompile(`^\s*([0-9.]+)% ±[0-9.]+\s+(.*)$`)
	for _, line := range strings.Split(b.String(), "\n") {
		if m := re.FindStringSubmatch(line); m != nil {
			v, _ := strconv.ParseFloat(m[1], 64)
			shares[m[2]] += v
		}
	}
	return shares, b.String()
}

// TestRecordHier is PCT's hier-test (section 3): worker() loops n times
// called from dispatch_1 and 2n times from dispatch_2, so the known truth
// is 1/3 : 2/3 of the time; the paper measured 32.4% / 67.6%.
func TestRecordHier(t *testing.T) {
	requirePerf(t)
	tests := []struct {
		name      string
		flags     []string
		callGraph string
	}{
		{name: "O0 frame pointers", flags: []string{"-O0", "-g", "-fno-omit-frame-pointer"}, callGraph: "fp"},
		// -fno-optimize-sibling-calls: at -O2 dispatch_N tail-calls worker
		// and vanishes from every stack, whatever the unwinder.
		{name: "O2 frame pointers", flags: []string{"-O2", "-g", "-fno-omit-frame-pointer", "-fno-optimize-sibling-calls"}, callGraph: "fp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: tt.flags})
			out := filepath.Join(t.TempDir(), "hier.data")
			code, stderr := record(t, "--call-graph", tt.callGraph, "-o", out, "--", bin, "400000000")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			p := readProfile(t, out)
			shares, text := hierShares(t, p)
			t.Logf("%d samples\n%s", len(p.Samples), text)
			if len(p.Samples) < 300 {
				t.Fatalf("only %d samples", len(p.Samples))
			}
			d1 := shares["worker <- dispatch_1 <- main"]
			d2 := shares["worker <- dispatch_2 <- main"]
			if d1 < 100.0/3-5 || d1 > 100.0/3+5 || d2 < 200.0/3-5 || d2 > 200.0/3+5 {
				t.Errorf("dispatch_1 %.1f%%, dispatch_2 %.1f%%; want 33.3 and 66.7 ± 5", d1, d2)
			}
		})
	}
}

// TestRecordProcessTree runs a shell script that starts three CPU-burning
// children from two binaries; the known work split (iterations 1:2:3) is
// the oracle for the shares per process and per binary.
func TestRecordProcessTree(t *testing.T) {
	requirePerf(t)
	sh := testprog.Require(t, "sh")
	a := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O1", "-g", "-DWHO=a"}, Name: "burn_a"})
	b := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O1", "-g", "-DWHO=b"}, Name: "burn_b"})
	const n = 400000000
	script := a + " " + strconv.Itoa(n) + " & " + b + " " + strconv.Itoa(2*n) + " & " + b + " " + strconv.Itoa(3*n) + " 7; s=$?; wait; exit $s"
	out := filepath.Join(t.TempDir(), "tree.data")
	code, stderr := record(t, "-o", out, "--", sh, "-c", script)
	if code != 7 {
		t.Fatalf("exit %d, want the script's 7: %s", code, stderr)
	}
	p := readProfile(t, out)
	// Samples per process, and the executable of each.
	exe := make(map[int32]string)
	for _, pr := range p.Processes {
		exe[pr.PID] = pr.Exe
	}
	perPID := make(map[int32]int)
	for _, s := range p.Samples {
		perPID[s.PID]++
	}
	type child struct {
		pid   int32
		count int
	}
	var as, bs []child
	total := 0
	for pid, c := range perPID {
		switch exe[pid] {
		case a:
			as = append(as, child{pid, c})
		case b:
			bs = append(bs, child{pid, c})
		default:
			continue
		}
		total += c
	}
	t.Logf("processes %+v, samples per pid %v", p.Processes, perPID)
	if len(as) != 1 || len(bs) != 2 {
		t.Fatalf("want 1 process of burn_a and 2 of burn_b, got %v and %v", as, bs)
	}
	if bs[0].count > bs[1].count {
		bs[0], bs[1] = bs[1], bs[0]
	}
	got := []float64{100 * float64(as[0].count) / float64(total), 100 * float64(bs[0].count) / float64(total), 100 * float64(bs[1].count) / float64(total)}
	want := []float64{100.0 / 6, 200.0 / 6, 300.0 / 6}
	for i := range got {
		if got[i] < want[i]-5 || got[i] > want[i]+5 {
			t.Errorf("child %d: %.1f%% of the children's samples, want %.1f ± 5 (shares %v)", i, got[i], want[i], got)
		}
	}
	// Every child's samples are in its own binary, in its own function.
	for _, s := range p.Samples {
		e := exe[s.PID]
		if e != a && e != b || len(s.Stack) == 0 {
			continue
		}
		loc := s.Stack[0]
		if loc.Mapping == profile.NoMapping {
			continue
		}
		if m := p.Mappings[loc.Mapping]; m.Path != e && !strings.Contains(m.Path, "/ld-linux") && !strings.Contains(m.Path, "libc.so") {
			t.Errorf("pid %d (%s) sampled in %s", s.PID, e, m.Path)
			break
		}
	}
}
