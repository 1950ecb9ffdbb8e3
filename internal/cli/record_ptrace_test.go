package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/proc"
	"sonde/profile"
)

// TestRecordPtrace runs the acceptance tests of the ptrace sampler, forced
// with --sampler ptrace: PCT's hier-test split (known truth 1/3 : 2/3),
// a shell script's children followed across fork and exec with the exit
// status passed through, signals handed back to the target unchanged, and
// attach and detach leaving the target to finish normally.
func TestRecordPtrace(t *testing.T) {
	t.Run("hier-test", func(t *testing.T) {
		bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
		// Run again and again until 2500 samples are taken (±5 points
		// is 5.3 binomial standard errors of a 1/3 share).
		out := filepath.Join(t.TempDir(), "hier.data")
		stop, done := stopWhen(t, out, atLeastSamples(2500))
		code, stderr := record(t, append([]string{"--sampler", "ptrace", "-g", "-o", out, "--"}, loopUntil(t, stop, bin, "300000000")...)...)
		done()
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		p := readProfile(t, out)
		shares, text := hierShares(t, p)
		t.Logf("%s", text)
		// The split of worker's time: the shell that runs hier-test again
		// and again is sampled too (each sample weighs the little CPU
		// time it ran, but the report counts samples).
		d1, d2 := shares["worker <- dispatch_1 <- main"], shares["worker <- dispatch_2 <- main"]
		d1, d2 = 100*d1/(d1+d2), 100*d2/(d1+d2)
		if len(p.Samples) < 2500 || d1 < 100.0/3-5 || d1 > 100.0/3+5 || d2 < 200.0/3-5 || d2 > 200.0/3+5 {
			t.Errorf("%d samples, dispatch_1 %.1f%%, dispatch_2 %.1f%%; want 33.3 and 66.7 ± 5", len(p.Samples), d1, d2)
		}
		// The shell sleeps in wait4 nearly all the time: a sampler that
		// stopped every thread that ran at all since its last look
		// sampled it each period, since the stop itself makes it run.
		exe := make(map[int32]string)
		for _, pr := range p.Processes {
			exe[pr.PID] = pr.Exe
		}
		other := 0
		for _, s := range p.Samples {
			if exe[s.PID] != bin {
				other++
			}
		}
		if 100*other > 2*len(p.Samples) {
			t.Errorf("%d of %d samples are not hier-test's (the shell's), want under 2%%", other, len(p.Samples))
		}
		// Under ptrace there are no mapping records: libc, mapped by the
		// loader after exec, must still be found for the return
		// addresses above main (the sampled pc is in hier-test itself).
		unmapped := 0
		for _, s := range p.Samples {
			for _, loc := range s.Stack {
				if loc.Mapping == profile.NoMapping {
					unmapped++
					break
				}
			}
		}
		if 100*unmapped > len(p.Samples) {
			t.Errorf("%d of %d stacks hold an unmapped address, want under 1%%", unmapped, len(p.Samples))
		}
	})
	t.Run("process tree", func(t *testing.T) {
		sh := testprog.Require(t, "sh")
		a := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O1", "-g", "-DWHO=a"}, Name: "burn_a"})
		b := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O1", "-g", "-DWHO=b"}, Name: "burn_b"})
		out := filepath.Join(t.TempDir(), "tree.data")
		cpuLog := filepath.Join(t.TempDir(), "cpu.log")
		t.Setenv("BURN_CPU_LOG", cpuLog)
		// 0.6 and 1.2 s of CPU time, whatever the machine's speed.
		script := a + " 600ms & " + b + " 1200ms 7; s=$?; wait; exit $s"
		code, stderr := record(t, "--sampler", "ptrace", "-o", out, "--", sh, "-c", script)
		if code != 7 {
			t.Fatalf("exit %d, want 7: %s", code, stderr)
		}
		p := readProfile(t, out)
		exe := make(map[int32]string)
		for _, pr := range p.Processes {
			exe[pr.PID] = pr.Exe
		}
		n := map[string]int64{}
		for _, s := range p.Samples {
			n[exe[s.PID]] += s.Values[1] // CPU time
		}
		share := 100 * float64(n[a]) / float64(n[a]+n[b])
		t.Logf("CPU ns by executable %v", n)
		// The truth is the children's own CPU time (burn.c logs it at
		// exit; see TestRecordProcessTree).
		cpu := burnCPU(t, cpuLog)
		var ca, cb float64
		for _, pr := range p.Processes {
			switch pr.Exe {
			case a:
				ca += cpu[pr.PID]
			case b:
				cb += cpu[pr.PID]
			}
		}
		if ca == 0 || cb == 0 {
			t.Fatalf("children's CPU times not logged: %v", cpu)
		}
		want := 100 * ca / (ca + cb)
		if share < want-7 || share > want+7 {
			t.Errorf("burn_a has %.1f%% of the children's sampled CPU time, want its own CPU-time share %.1f ± 7", share, want)
		}
	})
	t.Run("background child left running", func(t *testing.T) {
		// The command exits before its background child: sonde must
		// detach from the child, which then finishes on its own.
		sh := testprog.Require(t, "sh")
		mark := filepath.Join(t.TempDir(), "done")
		out := filepath.Join(t.TempDir(), "bg.data")
		code, stderr := record(t, "--sampler", "ptrace", "-o", out, "--", sh, "-c", "(sleep 0.3; echo ok > "+mark+") & exit 0")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		for deadline := time.Now().Add(stopCap); time.Now().Before(deadline); {
			if b, err := os.ReadFile(mark); err == nil && string(b) == "ok\n" {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Error("the background child never finished: left stopped by sonde?")
	})
	t.Run("signals", func(t *testing.T) {
		bin := testprog.Build(t, "record/signals.c", testprog.Opts{Flags: []string{"-O1", "-g"}})
		var stdout, stderr bytes.Buffer
		out := filepath.Join(t.TempDir(), "sig.data")
		code := Main([]string{"record", "--sampler", "ptrace", "-o", out, "--", bin, "300"}, strings.NewReader(""), &stdout, &stderr)
		t.Logf("%s", stdout.String())
		m := regexp.MustCompile(`^usr1 (\d+) raised (\d+) alrm [1-9]`).FindStringSubmatch(stdout.String())
		if code != 0 || m == nil || m[1] != m[2] {
			t.Errorf("exit %d, printed %q: signals lost or changed under the ptrace sampler\n%s", code, stdout.String(), stderr.String())
		}
	})
	t.Run("attach", func(t *testing.T) {
		bin := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O1", "-g"}, Name: "burn_a"})
		var tout bytes.Buffer
		// It burns until the file stop exists, created after the
		// recording: a traced child that exits is reaped by its tracer,
		// and the test (its parent) would lose its status.
		stop := filepath.Join(t.TempDir(), "stop")
		target := exec.Command(bin, "0", "5")
		target.Env = append(os.Environ(), "BURN_UNTIL="+stop)
		target.Stdout = &tout
		if err := target.Start(); err != nil {
			t.Fatal(err)
		}
		defer target.Process.Kill()
		out := filepath.Join(t.TempDir(), "attach.data")
		wait := recordAttached(t, target.Process.Pid, out, "--sampler", "ptrace", "--duration", "1500ms")
		cpuBefore, err := proc.RunTime(target.Process.Pid)
		if err != nil {
			t.Fatal(err)
		}
		code, stderr := wait()
		cpuAfter, cpuErr := proc.RunTime(target.Process.Pid)
		os.WriteFile(stop, nil, 0o644)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if cpuErr != nil {
			t.Fatal(cpuErr)
		}
		err = target.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 5 || !regexp.MustCompile(`^burn done [1-9]\d*000000\n$`).MatchString(tout.String()) {
			t.Errorf("target ended with %v and printed %q; want exit 5 and its count", err, tout.String())
		}
		if target.ProcessState == nil {
			t.Fatal("no wait status for the target")
		}
		if ws, ok := target.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			t.Errorf("target killed by %v", ws.Signal())
		}
		p := readProfile(t, out)
		// The CPU time the samples stand for is the target's while
		// attached (schedstat, read once sonde had attached), less what
		// ran before sonde's first look at the thread and during the
		// detach: at most all of it, at least half.
		var sampled int64
		for _, s := range p.Samples {
			sampled += s.Values[1]
		}
		cpu := time.Duration(cpuAfter - cpuBefore)
		t.Logf("%d samples standing for %v; the target ran %v while attached", len(p.Samples), time.Duration(sampled), cpu)
		if len(p.Samples) == 0 || float64(sampled) < 0.5*float64(cpu) || float64(sampled) > 1.05*float64(cpu)+10e6 {
			t.Errorf("%d samples standing for %v of CPU time; the target ran %v while attached", len(p.Samples), time.Duration(sampled), cpu)
		}
	})
}
