package cli

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

func countRun(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(append([]string{"count"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestCountVerb runs sonde count end to end on Bishop's shell sort and reads
// the data file back through sonde report: the target's output and status
// pass through, and the listing shows the swap lines with one count (the
// number of swaps; the exact values are checked against valgrind in
// monitor's tests).
func TestCountVerb(t *testing.T) {
	bin := testprog.Build(t, "count/shell.c", testprog.Opts{Flags: []string{"-g", "-O0"}})
	for _, engine := range []string{"uprobe", "ptrace"} {
		t.Run(engine, func(t *testing.T) {
			data := filepath.Join(t.TempDir(), "c.data")
			_, errOut, code := countRun(t, "--engine", engine, "-o", data, "--", bin)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if !strings.Contains(errOut, engine+" engine") || !strings.Contains(errOut, "target exit 0") {
				t.Errorf("summary %q", errOut)
			}
			out, errOut, code := repRun(t, "--lines", data)
			if code != 0 {
				t.Fatalf("report exit %d: %s", code, errOut)
			}
			var swaps []string
			for _, l := range strings.Split(out, "\n") {
				for _, s := range []string{"temp = v[j];", "v[j] = v[j + gap];", "v[j + gap] = temp;"} {
					if strings.HasSuffix(l, s) {
						swaps = append(swaps, strings.Fields(l)[2])
					}
				}
			}
			if len(swaps) != 3 || swaps[0] != swaps[1] || swaps[1] != swaps[2] || swaps[0] == "0:" {
				t.Errorf("swap line counts %v, want three equal non-zero counts in\n%s", swaps, out)
			}
			if !strings.Contains(out, "\nFILE      LINE      COUNT\n") {
				t.Errorf("listing does not start with Bishop's header:\n%s", out)
			}
		})
	}
}

// TestCountCrash: the target's status is sonde's (128+SIGSEGV as a shell
// says it), the cause is said, and the counts are written.
func TestCountCrash(t *testing.T) {
	bin := testprog.Build(t, "count/segv.c", testprog.Opts{Flags: []string{"-g", "-O0"}})
	data := filepath.Join(t.TempDir(), "c.data")
	_, errOut, code := countRun(t, "--units", "functions", "--only", "func:^counted$", "--engine", "ptrace", "-o", data, "--", bin)
	if code != 139 {
		t.Errorf("exit %d, want 139 (128+SIGSEGV)", code)
	}
	if !strings.Contains(errOut, "killed by SIGSEGV") {
		t.Errorf("stderr %q does not say how the target ended", errOut)
	}
	out, _, _ := repRun(t, "--functions", data)
	if !strings.Contains(out, "50") || !strings.Contains(out, "counted") {
		t.Errorf("report lacks counted's 50 calls:\n%s", out)
	}
}

func TestCountUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"nothing", nil, "give either -p PID or -- CMD"},
		{"both", []string{"-p", "1", "--", "true"}, "give either -p PID or -- CMD"},
		{"bad units", []string{"--units", "words", "--", "true"}, `--units "words"`},
		{"bad engine", []string{"--engine", "dtrace", "--", "true"}, `unknown engine "dtrace"`},
		{"bad only", []string{"--only", "x.c:9-3", "--", "true"}, "ends before it starts"},
		{"bad regexp", []string{"--only", "func:(", "--", "true"}, "func:("},
		{"duration without -p", []string{"--duration", "1s", "--", "true"}, "--duration applies to -p"},
		{"bad pid", []string{"-p", "x"}, `-p "x"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := countRun(t, tt.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n"); len(lines) != 1 || !strings.Contains(errOut, tt.want) {
				t.Errorf("stderr %q, want one line holding %q", errOut, tt.want)
			}
		})
	}
}

// TestCountExitStatus: a command's own exit status is sonde's.
func TestCountExitStatus(t *testing.T) {
	testprog.SkipShort(t, "traces sh with ptrace")
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	data := filepath.Join(t.TempDir(), "c.data")
	_, errOut, code := countRun(t, "--units", "functions", "--engine", "ptrace", "-o", data, "--", sh, "-c", "exit 7")
	if code != 7 {
		t.Errorf("exit %d, want 7: %s", code, errOut)
	}
}
