package agent

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"sonde/internal/oracle"
	"sonde/internal/otelcol"
	"sonde/internal/testprog"
	"sonde/sample"
	"sonde/unwind"
)

func TestMain(m *testing.M) {
	if spool := os.Getenv("SONDE_TEST_AGENT_SPOOL"); spool != "" {
		os.Exit(killedAgent(spool)) // TestAgentKilled's child
	}
	code := m.Run()
	removeWorkSpool()
	testprog.Cleanup()
	os.Exit(code)
}

// hierPath is PCT's hier-test, the fixture with a known split.
func hierPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "examples", "src", "hier-test.c")
}

// requirePerf skips (fails under CI=true) where perf events are refused.
func requirePerf(t *testing.T) {
	t.Helper()
	testprog.SkipShort(t, "samples with perf events")
	if os.Geteuid() != 0 {
		data, _ := os.ReadFile("/proc/sys/kernel/perf_event_paranoid")
		if strings.TrimSpace(string(data)) != "-1" {
			msg := "the agent samples every CPU: needs root or perf_event_paranoid -1"
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// hierLoop runs hier-test (bin) again and again until stop is closed.
func hierLoop(t *testing.T, bin string) (stop func()) {
	t.Helper()
	sh := testprog.Require(t, "sh")
	flag := filepath.Join(t.TempDir(), "stop")
	cmd := exec.Command(sh, "-c", `while :; do "$1" 300000000 >/dev/null || exit; [ -e "$2" ] && exit 0; done`, "sh", bin, flag)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			// The loop and the run under way, whatever state the test is
			// in: a loop left behind would be sampled by the next test.
			os.WriteFile(flag, nil, 0o644)
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			cmd.Wait()
		})
	}
	t.Cleanup(stop)
	return stop
}

// events collects the agent's events for a test.
type events struct {
	mu  sync.Mutex
	all []Event
}

func (e *events) add(ev Event) {
	e.mu.Lock()
	e.all = append(e.all, ev)
	e.mu.Unlock()
}

func (e *events) count(op string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, ev := range e.all {
		if ev.Op == op {
			n++
		}
	}
	return n
}

// waitUntil polls cond every 100 ms; after guard it fails the test (a
// guard against hanging, not a timing the test asserts).
func waitUntil(t *testing.T, what string, guard time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(guard)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %v", what, guard)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// startAgent runs the agent on spool with cfg's target until the returned
// stop is called, which returns Run's result.
func startAgent(t *testing.T, endpoint, spool string, target sample.Target, freq int, interval time.Duration, ev *events, more ...func(*Config)) (stop func() (Stats, error)) {
	t.Helper()
	sender, err := NewSender(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := sender.(interface{ Close() error }); ok {
		t.Cleanup(func() { c.Close() })
	}
	host, _ := os.Hostname()
	cfg := Config{
		Spool: spool, Sender: sender, Interval: interval, Host: host, Version: "test",
		Target:     target,
		Sampler:    sample.Options{Freq: freq, CallGraph: sample.CallGraphDWARF, Unwinder: unwind.NewDWARF(), StackSize: 16384},
		Events:     ev.add,
		MaxBackoff: interval,
	}
	for _, f := range more {
		f(&cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	type result struct {
		st  Stats
		err error
	}
	done := make(chan result, 1)
	go func() {
		st, err := Run(ctx, cfg)
		done <- result{st, err}
	}()
	var once sync.Once
	var r result
	stop = func() (Stats, error) {
		once.Do(func() {
			cancel()
			r = <-done
		})
		return r.st, r.err
	}
	t.Cleanup(func() { stop() })
	return stop
}

// commSamples counts the samples (value / period) of the processes whose
// process.executable.name is comm.
func commSamples(rs []sampleRow, comm string) float64 {
	var n float64
	for i := range rs {
		if rs[i].attr("process.executable.name") == comm && rs[i].period > 0 {
			n += float64(rs[i].value) / float64(rs[i].period)
		}
	}
	return n
}

// exeSamples counts the samples (value / period) of the processes whose
// process.executable.path is exe.
func exeSamples(rs []sampleRow, exe string) float64 {
	var n float64
	for i := range rs {
		if rs[i].attr("process.executable.path") == exe && rs[i].period > 0 {
			n += float64(rs[i].value) / float64(rs[i].period)
		}
	}
	return n
}

// TestAgentCollector is the end-to-end test of the issue: PCT's hier-test
// profiled by sonde agent on the whole machine arrives, through a real
// OpenTelemetry Collector (otlpreceiver, forwarding with otlphttp to this
// test's OTLP endpoint), with its functions, file:line and inline frames
// as binutils addr2line gives them for the same addresses of the same
// binary, its resource attributes (host name, pid, executable, build ID
// as readelf reports it), and worker's 1/3 : 2/3 split between
// dispatch_1 and dispatch_2 (±5 points at 2500 samples: 5.3 binomial
// standard errors; the 2σ of PCT's ± column is logged).
func TestAgentCollector(t *testing.T) {
	requirePerf(t)
	readelf := testprog.Require(t, "readelf")
	testprog.Require(t, "addr2line")
	bin := testprog.Build(t, hierPath(), testprog.Opts{Name: "hieragent", Flags: []string{"-O2", "-g", "-fomit-frame-pointer", "-fno-optimize-sibling-calls"}})
	sk := newSink(t)
	port := otelcol.FreePort(t)
	col := otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)

	stopLoop := hierLoop(t, bin)
	ev := &events{}
	stopAgent := startAgent(t, col.Endpoint(), filepath.Join(t.TempDir(), "agent.data"), sample.Target{All: true}, 499, 2*time.Second, ev)
	waitUntil(t, "2500 samples of hieragent at the sink", 5*time.Minute, func() bool {
		return exeSamples(rows(t, sk.profiles()), bin) >= 2500
	})
	stopLoop()
	st, err := stopAgent()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("agent: %+v", st)
	if len(sk.bad) > 0 {
		t.Fatalf("the sink refused requests: %v", sk.bad)
	}
	rs := rows(t, sk.profiles())

	// The split, from the stacks that arrived.
	var d1, d2, total float64
	var hier []sampleRow
	for _, r := range rs {
		if r.attr("process.executable.path") != bin {
			continue // another hieragent (a concurrent run) is not this test's
		}
		hier = append(hier, r)
		n := float64(r.value) / float64(r.period)
		total += n
		switch funcPath(r) {
		case "worker <- dispatch_1 <- main":
			d1 += n
		case "worker <- dispatch_2 <- main":
			d2 += n
		}
	}
	p1, p2 := 100*d1/total, 100*d2/total
	se := 100 * math.Sqrt((1.0/3)*(2.0/3)/total)
	t.Logf("%.0f samples of hieragent among %d rows: dispatch_1 %.1f%% (%.1f SE from 1/3; 2σ = ±%.1f), dispatch_2 %.1f%%", total, len(rs), p1, (p1-100.0/3)/se, 2*se, p2)
	if p1 < 100.0/3-5 || p1 > 100.0/3+5 || p2 < 200.0/3-5 || p2 > 200.0/3+5 {
		t.Errorf("dispatch_1 %.1f%%, dispatch_2 %.1f%%; want 33.3 and 66.7 ± 5", p1, p2)
	}

	// Resource attributes.
	out, err := exec.Command(readelf, "-n", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`Build ID: ([0-9a-f]+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("readelf -n %s: no build ID", bin)
	}
	host, _ := os.Hostname()
	for _, r := range hier[:1] {
		want := map[string]string{"host.name": host, "process.executable.path": bin, "process.executable.build_id.gnu": string(m[1])}
		for k, v := range want {
			if got := r.attr(k); got != v {
				t.Errorf("resource attribute %s = %q, want %q", k, got, v)
			}
		}
		if r.attr("process.pid") == "" || r.attr("process.linux.cgroup") == "" {
			t.Errorf("resource attributes %v: no process.pid or process.linux.cgroup", r.attrs)
		}
	}

	// Every frame of the fixture's own locations against addr2line -f -i
	// on the same address of the same binary.
	seen := make(map[uint64][]lineRow)
	for _, r := range hier {
		for _, l := range r.locations {
			if l.mapping == bin {
				seen[l.addr] = l.lines
			}
		}
	}
	n := checkAddr2line(t, bin, seen)
	t.Logf("%d addresses of %s checked against addr2line", n, filepath.Base(bin))
	if n < 3 {
		t.Errorf("only %d addresses of the fixture arrived", n)
	}
}

// checkAddr2line compares the frames (function, file base name, line)
// that arrived for each address of bin in seen with addr2line -f -i's on
// the same address of the same binary, and returns how many addresses it
// checked.
func checkAddr2line(t *testing.T, bin string, seen map[uint64][]lineRow) int {
	t.Helper()
	var addrs []uint64
	for a := range seen {
		addrs = append(addrs, a)
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i] < addrs[j] })
	ans, err := oracle.Addr2line(t, bin, addrs, oracle.Addr2lineOptions{Inlines: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range addrs {
		got, want := seen[a], ans[i].Frames
		if len(got) != len(want) {
			t.Errorf("%#x: %d frames %v, addr2line %d %v", a, len(got), got, len(want), want)
			continue
		}
		for j := range want {
			if got[j].fn != want[j].Func || filepath.Base(got[j].file) != filepath.Base(want[j].File) || got[j].line != int64(want[j].Line) {
				t.Errorf("%#x frame %d: %s %s:%d, addr2line %s %s:%d", a, j, got[j].fn, got[j].file, got[j].line, want[j].Func, want[j].File, want[j].Line)
			}
		}
	}
	return len(addrs)
}

// funcPath is a sample's call path of the fixture's functions, innermost
// first ("worker <- dispatch_1 <- main"): the outer frames of libc are
// left out, as in report --hier.
func funcPath(r sampleRow) string {
	var names []string
	for _, l := range r.locations {
		for _, ln := range l.lines {
			switch ln.fn {
			case "worker", "dispatch_1", "dispatch_2", "main":
				names = append(names, ln.fn)
			}
		}
	}
	return strings.Join(names, " <- ")
}
