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
	"time"

	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/sample"
	"sonde/unwind"
)

// TestRecordSystemOffCPU is record -a --off-cpu (and -a --cgroup with
// the fixtures in a cgroup of their own) among the machine's other
// processes, against the off-CPU fixtures' own clocks, as the per-thread
// tests judge them: each fixture's process is picked out of the whole
// machine's by its pid.
//   - spin/rest (twice, 1 s and 2 s): spin's and rest's shares of the
//     thread's wall time within 5 points of CLOCK_MONOTONIC's, and the
//     thread's wall time within 5% of the loop's;
//   - the pipe reader's off-CPU time in read: its wall - CPU time
//     (CLOCK_THREAD_CPUTIME_ID) within 5%;
//   - the mutex waiter's off-CPU time in futex under pthread_mutex_lock:
//     the lock calls' wall - CPU time within 5%;
//   - report --flat --by process of the two spin/rest processes: each
//     one's share of their wall time is its loop's share (5 points), so
//     the per-CPU events split the time by process.
//
// With --cgroup, a sleeper outside the cgroup must not be there. A
// recording whose rings overflowed (the machine loaded by others: the
// switch records are in the rings of the CPU samples) may have lost
// episodes: it is done again, at most three times, before its errors
// count.
func TestRecordSystemOffCPU(t *testing.T) {
	requireOffCPU(t)
	sh := testprog.Require(t, "sh")
	opts := testprog.Opts{Flags: []string{"-O2", "-g", "-pthread"}}
	spinrest := testprog.Build(t, "record/offcpu_spinrest.c", opts)
	pipe := testprog.Build(t, "record/offcpu_pipe.c", opts)
	mutex := testprog.Build(t, "record/offcpu_mutex.c", opts)
	root, err := sample.CgroupDir("/")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		cgroup bool
	}{{"all", false}, {"cgroup", true}} {
		t.Run(tt.name, func(t *testing.T) {
			for try := 1; ; try++ {
				errs, lost := systemOffCPU(t, tt.cgroup, root, sh, spinrest, pipe, mutex)
				if len(errs) == 0 {
					return
				}
				if lost == 0 || try == 3 {
					for _, e := range errs {
						t.Error(e)
					}
					return
				}
				t.Logf("try %d lost %d records: again (%s)", try, lost, strings.Join(errs, "; "))
			}
		})
	}
}

// systemOffCPU is one try of TestRecordSystemOffCPU: its errors, and how
// many records the recording lost.
func systemOffCPU(t *testing.T, cgroup bool, root, sh, spinrest, pipe, mutex string) (errs []string, lost uint64) {
	errorf := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	tt := struct{ cgroup bool }{cgroup}
	{
		{
			dir := t.TempDir()
			var cgroups []string
			wrap := func(argv ...string) *exec.Cmd { return exec.Command(argv[0], argv[1:]...) }
			if tt.cgroup {
				cg := filepath.Join(root, fmt.Sprintf("sonde-offcpu-test-%d", os.Getpid()))
				if err := os.Mkdir(cg, 0o755); err != nil {
					t.Fatalf("make a cgroup: %v", err)
				}
				defer os.Remove(cg)
				cgroups = []string{cg}
				// The shell moves itself into the cgroup, then waits
				// there (leaves the CPU and comes back) before it runs
				// the fixture (its child): the cgroup's events follow a
				// task that moved in only once it is switched in there.
				wrap = func(argv ...string) *exec.Cmd {
					return exec.Command(sh, append([]string{"-c", `echo $$ > "$0/cgroup.procs" && sleep 0.1 && "$@"`, cg}, argv...)...)
				}
			}
			// Outside the cgroup: must not be in a --cgroup recording.
			sleeper := exec.Command(sh, "-c", "while :; do sleep 0.01; done")
			if err := sleeper.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() { sleeper.Process.Kill(); sleeper.Wait() }()

			out := filepath.Join(dir, "off.data")
			stop, stderr := startSystemRecording(t, out, sample.Options{Freq: 999, CallGraph: sample.CallGraphDWARF, Unwinder: unwind.NewDWARF(), StackSize: 16384, OffCPU: true}, cgroups)
			defer stop() // before the next try's recording

			run := func(bin, truth, secs string) int32 {
				t.Helper()
				cmd := wrap(bin, truth, secs)
				if msg, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%s: %v\n%s", bin, err, msg)
				}
				return int32(cmd.Process.Pid)
			}
			truths := map[string]string{}
			pids := map[string]int32{}
			for _, f := range []struct{ name, bin, secs string }{
				{"spinrest1", spinrest, "1"}, {"spinrest2", spinrest, "2"}, {"pipe", pipe, "2"}, {"mutex", mutex, "2"},
			} {
				truths[f.name] = filepath.Join(dir, f.name+".truth")
				pids[f.name] = run(f.bin, truths[f.name], f.secs)
			}
			if c := stop(); c != 0 {
				t.Fatalf("record -a --off-cpu: exit %d: %s", c, stderr.String())
			}
			p := readProfile(t, out)
			for _, r := range p.Runs {
				lost += r.Lost
			}
			if tt.cgroup {
				// The fixtures are the shells' children.
				for name, pid := range pids {
					for _, pr := range p.Processes {
						if pr.PPID == pid {
							pids[name] = pr.PID
						}
					}
				}
			}
			col := p.OffCPUColumn()
			if col < 0 {
				t.Fatalf("no off-cpu column in %v", p.SampleTypes)
			}
			procs := map[int32]bool{}
			for _, s := range p.Samples {
				procs[s.PID] = true
			}
			t.Logf("%d samples of %d processes, %d records lost", len(p.Samples), len(procs), lost)
			if tt.cgroup && procs[int32(sleeper.Process.Pid)] {
				errorf("the sleeper outside the cgroup has samples")
			}
			if !tt.cgroup && !procs[int32(sleeper.Process.Pid)] {
				errorf("the sleeper has no samples")
			}
			self := int32(os.Getpid())
			for _, s := range p.Samples {
				if s.PID == self && profile.IsOffCPU(&s, col) {
					errorf("an off-CPU sample of sonde's own process")
					break
				}
			}

			loops := map[string]float64{}
			for _, name := range []string{"spinrest1", "spinrest2"} {
				q := selectPIDs(p, map[int32]bool{pids[name]: true})
				truth := testprog.ReadTruth(t, truths[name])
				paths, total, text := threadPaths(t, q, 0)
				loops[name] = float64(truth["loop"])
				summary, errs := judgeSpinRest(paths, total, truth)
				t.Logf("%s: %s\n%s", name, summary, text)
				for _, e := range errs {
					errorf("%s: %s", name, e)
				}
			}

			inCall := func(name, syscall, under string) (float64, map[string]int64) {
				truth := testprog.ReadTruth(t, truths[name])
				paths, _, text := threadPaths(t, selectPIDs(p, map[int32]bool{pids[name]: true}), int32(truth["tid"]))
				t.Logf("%s: truth %v\n%s", name, truth, text)
				return sumPaths(paths, func(k string) bool {
					return strings.HasPrefix(k, "off-cpu:"+syscall+" ") && strings.Contains(k, under)
				}), truth
			}
			got, truth := inCall("pipe", "read", "reader")
			want := float64(truth["wall"] - truth["cpu"])
			t.Logf("pipe reader off the CPU in read %.4fs, fixture %.4fs", got/1e9, want/1e9)
			if truth["reads"] < 20 || math.Abs(got-want) > 0.05*want {
				errorf("pipe reader off the CPU in read %.3fs, its wall - CPU %.3fs (%d reads): want within 5%%", got/1e9, want/1e9, truth["reads"])
			}
			got, truth = inCall("mutex", "futex", "pthread_mutex_lock")
			want = float64(truth["wait"] - truth["waitcpu"])
			t.Logf("mutex waiter off the CPU in futex under pthread_mutex_lock %.4fs, fixture %.4fs", got/1e9, want/1e9)
			if truth["calls"] < 100 || math.Abs(got-want) > 0.05*want {
				errorf("mutex waiter off the CPU in futex under pthread_mutex_lock %.3fs, the fixture's lock wait %.3fs (%d calls): want within 5%%", got/1e9, want/1e9, truth["calls"])
			}

			// --by process: the two spin/rest processes' shares of their
			// wall time.
			var so, se bytes.Buffer
			pidList := fmt.Sprintf("%d,%d", pids["spinrest1"], pids["spinrest2"])
			if c := Main([]string{"report", "--flat", "--by", "process", "--pid", pidList, out}, strings.NewReader(""), &so, &se); c != 0 {
				t.Fatalf("report --by process: exit %d: %s", c, se.String())
			}
			shares := map[int32]float64{}
			for _, m := range regexp.MustCompile(`(?m)^\s*([0-9.]+)%.*\bpid (\d+) `).FindAllStringSubmatch(so.String(), -1) {
				v, _ := strconv.ParseFloat(m[1], 64)
				pid, _ := strconv.Atoi(m[2])
				shares[int32(pid)] = v
			}
			t.Logf("report --flat --by process --pid %s:\n%s", pidList, so.String())
			for _, name := range []string{"spinrest1", "spinrest2"} {
				want := 100 * loops[name] / (loops["spinrest1"] + loops["spinrest2"])
				if got := shares[pids[name]]; math.Abs(got-want) > 5 {
					errorf("--by process: %s (pid %d) %.1f%% of the wall time, its loop's share %.1f%%: want within 5 points", name, pids[name], got, want)
				}
			}
		}
	}
	return errs, lost
}

// TestRecordSystemOffCPUAttach is TestRecordOffCPUAttach with -a: the
// pipe fixture's main thread waits in pthread_join from before record -a
// --off-cpu --duration 1500ms starts to after it ends, and never wakes
// meanwhile; its off-CPU time in futex under pthread_join must lie
// between the time the test's clock saw the recording take and that less
// twice what the recording took beyond its duration. Without the state of
// the machine's threads at the start it would show nothing.
func TestRecordSystemOffCPUAttach(t *testing.T) {
	requireOffCPU(t)
	target, dir := startPipeFixture(t)
	// Until the main thread waits in pthread_join.
	for i := 0; ; i++ {
		st, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/syscall", target.Process.Pid, target.Process.Pid))
		if strings.HasPrefix(string(st), "202 ") { // futex
			break
		}
		if i == 100 {
			t.Fatalf("the fixture's main thread is not in futex: %q", st)
		}
		time.Sleep(50 * time.Millisecond)
	}
	out := filepath.Join(dir, "attach.data")
	start := time.Now()
	code, stderr := record(t, "-q", "-a", "--off-cpu", "--duration", "1500ms", "-o", out)
	took := time.Since(start)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	p := selectPIDs(readProfile(t, out), map[int32]bool{int32(target.Process.Pid): true})
	checkPipeJoin(t, p, target.Process.Pid, took)
}
