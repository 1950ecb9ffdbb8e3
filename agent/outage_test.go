package agent

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/otelcol"
	"sonde/internal/testprog"
	"sonde/profile/datafile"
	"sonde/sample"
)

// spoolIntervals returns the CPU time (ns) of the samples of each interval
// the spool marks sent, by [from, to), and the intervals still pending.
func spoolIntervals(t *testing.T, spool string) (sent map[[2]uint64]int64, pending int) {
	t.Helper()
	data, err := os.ReadFile(spool)
	if err != nil {
		t.Fatal(err)
	}
	marks, _, err := datafile.AgentMarks(spool, data)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := datafile.ReadFile(spool)
	if err != nil {
		t.Fatal(err)
	}
	sent = make(map[[2]uint64]int64)
	for _, m := range marks {
		if m.Op != datafile.AgentSent {
			continue
		}
		k := [2]uint64{uint64(m.From), uint64(m.To - m.From)}
		sent[k] += 0
		for _, s := range p.Samples {
			if s.Time >= m.From && s.Time < m.To {
				sent[k] += s.Values[1]
			}
		}
	}
	return sent, len(Pending(marks))
}

// sinkIntervals returns the CPU time that arrived for each interval (the
// profiles' time and duration).
func sinkIntervals(rs []sampleRow) map[[2]uint64]int64 {
	got := make(map[[2]uint64]int64)
	for _, r := range rs {
		got[r.profileKey] += r.value
	}
	return got
}

// pendingNow is the number of closed intervals not yet sent.
func pendingNow(t *testing.T, spool string) int {
	data, err := os.ReadFile(spool)
	if err != nil {
		return 0
	}
	marks, _, _ := datafile.AgentMarks(spool, data)
	return len(Pending(marks))
}

// hierProcessLoop starts the loop of hier-test runs and returns its pid,
// for an agent attached to it (-p): its children are followed.
func hierProcessLoop(t *testing.T, name string) (pid int, stop func()) {
	t.Helper()
	bin := testprog.Build(t, hierPath(), testprog.Opts{Name: name, Flags: []string{"-O2", "-g", "-fomit-frame-pointer", "-fno-optimize-sibling-calls"}})
	flag := filepath.Join(t.TempDir(), "stop")
	return shellLoop(t, flag, `while :; do "$1" 100000000 >/dev/null || exit; [ -e "$2" ] && exit 0; done`, bin, flag)
}

// downCollector is the start of a test whose agent begins with its
// collector down: a free port that nothing listens on yet, the OTLP
// endpoint there, and a spool in a directory of its own.
func downCollector(t *testing.T) (port int, endpoint, spool string) {
	t.Helper()
	port = otelcol.FreePort(t)
	return port, fmt.Sprintf("http://127.0.0.1:%d", port), filepath.Join(t.TempDir(), "agent.data")
}

// shellLoop starts sh -c script with the arguments args in a process
// group of its own, and returns its pid and a stop (also run at the
// test's end) that creates the file flag, the loop's way out, and kills
// the group.
func shellLoop(t *testing.T, flag, script string, args ...string) (pid int, stop func()) {
	t.Helper()
	sh := testprog.Require(t, "sh")
	cmd := exec.Command(sh, append([]string{"-c", script, "sh"}, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := false
	stop = func() {
		if !done {
			done = true
			os.WriteFile(flag, nil, 0o644)
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			cmd.Wait()
		}
	}
	t.Cleanup(stop)
	return cmd.Process.Pid, stop
}

// checkExactlyOnce compares, interval by interval, the CPU time the spool
// holds for every interval it marks sent with what arrived at the sink:
// each interval arrived, and none twice. It waits (guard: 1 minute) for
// the collectors to forward the last ones.
func checkExactlyOnce(t *testing.T, sk *sink, spool string) map[[2]uint64]int64 {
	t.Helper()
	want, pending := spoolIntervals(t, spool)
	if pending != 0 {
		t.Errorf("%d intervals left unsent in the spool", pending)
	}
	compareSink(t, sk, want)
	return want
}

// nonEmpty drops intervals without samples (sent as nothing).
func nonEmpty(m map[[2]uint64]int64) map[[2]uint64]int64 {
	out := make(map[[2]uint64]int64)
	for k, v := range m {
		if v != 0 {
			out[k] = v
		}
	}
	return out
}

// TestAgentOutage stops the collector for at least two intervals while the
// agent samples hier-test, then starts it again: the intervals of the
// outage stay in the spool, are retried, and arrive once the collector is
// back; every interval's CPU time at the sink equals the spool's, so none
// was lost or counted twice.
func TestAgentOutage(t *testing.T) {
	requirePerf(t)
	sk := newSink(t)
	port := otelcol.FreePort(t)
	col := otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)
	pid, stopLoop := hierProcessLoop(t, "hieroutage")
	spool := filepath.Join(t.TempDir(), "agent.data")
	ev := &events{}
	stopAgent := startAgent(t, col.Endpoint(), spool, sample.Target{PIDs: []int{pid}}, 199, time.Second, ev)

	waitUntil(t, "two intervals sent", 2*time.Minute, func() bool { return ev.count("sent") >= 2 })
	col.Stop()
	waitUntil(t, "two intervals closed during the outage", 2*time.Minute, func() bool {
		return pendingNow(t, spool) >= 2 && ev.count("retry") >= 2
	})
	outage := pendingNow(t, spool)
	sentBefore := ev.count("sent")
	col.Restart(t)
	waitUntil(t, "the backlog sent", 2*time.Minute, func() bool {
		return pendingNow(t, spool) == 0 && ev.count("sent") >= sentBefore+outage
	})
	stopLoop()
	st, err := stopAgent()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("agent: %+v; %d intervals waited during the outage", st, outage)
	if len(sk.bad) > 0 {
		t.Fatalf("the sink refused requests: %v", sk.bad)
	}
	want := checkExactlyOnce(t, sk, spool)
	if len(want) < 2+outage {
		t.Errorf("only %d intervals sent", len(want))
	}
}

// TestAgentGateway sends through two collectors: the first forwards with
// its otlp_http exporter to the second (a gateway), which forwards to the
// sink. Every interval arrives once, whole.
func TestAgentGateway(t *testing.T) {
	requirePerf(t)
	sk := newSink(t)
	gwPort := otelcol.FreePort(t)
	gw := otelcol.Start(t, collectorConfig(gwPort, sk.srv.URL), gwPort)
	port := otelcol.FreePort(t)
	col := otelcol.Start(t, collectorConfig(port, gw.Endpoint()), port)
	pid, stopLoop := hierProcessLoop(t, "hiergateway")
	spool := filepath.Join(t.TempDir(), "agent.data")
	ev := &events{}
	stopAgent := startAgent(t, col.Endpoint(), spool, sample.Target{PIDs: []int{pid}}, 199, time.Second, ev)
	waitUntil(t, "200 samples of hiergateway at the sink", 2*time.Minute, func() bool {
		return commSamples(rows(t, sk.profiles()), "hiergateway") >= 200
	})
	stopLoop()
	if _, err := stopAgent(); err != nil {
		t.Fatal(err)
	}
	checkExactlyOnce(t, sk, spool)
	found := false
	for _, r := range rows(t, sk.profiles()) {
		if funcPath(r) == "worker <- dispatch_2 <- main" {
			found = true
			break
		}
	}
	if !found {
		t.Error("no worker <- dispatch_2 <- main stack crossed the two collectors")
	}
}

// TestAgentRestart: an agent whose collector never answers keeps at most
// --spool-max intervals (the older ones are dropped, marked and said) and
// stops with them unsent; the next agent started on the same spool sends
// them, with its own, once a collector is there. Dropped intervals never
// arrive; the others arrive once.
func TestAgentRestart(t *testing.T) {
	requirePerf(t)
	sk := newSink(t)
	port, endpoint, spool := downCollector(t)
	pid, stopLoop := hierProcessLoop(t, "hierrestart")

	ev1 := &events{}
	stop1 := startAgent(t, endpoint, spool, sample.Target{PIDs: []int{pid}}, 199, 500*time.Millisecond, ev1, func(c *Config) { c.SpoolMax = 2 })
	waitUntil(t, "two intervals dropped", 2*time.Minute, func() bool { return ev1.count("dropped") >= 2 })
	st1, err := stop1()
	if err != nil {
		t.Fatal(err)
	}
	if st1.Sent != 0 || st1.Dropped < 2 || st1.BacklogRemaining < 1 || st1.BacklogRemaining > 3 {
		t.Errorf("first agent: %+v; want nothing sent, 2 or more dropped, 1 to 3 left", st1)
	}
	left := pendingNow(t, spool)

	otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)
	ev2 := &events{}
	stop2 := startAgent(t, endpoint, spool, sample.Target{PIDs: []int{pid}}, 199, 500*time.Millisecond, ev2)
	waitUntil(t, "the first agent's backlog sent", 2*time.Minute, func() bool { return ev2.count("sent") >= left+1 })
	stopLoop()
	st2, err := stop2()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first agent %+v\nsecond agent %+v; %d intervals left by the first", st1, st2, left)
	if st2.Sent < left+1 {
		t.Errorf("second agent sent %d intervals; the first left %d", st2.Sent, left)
	}
	checkExactlyOnce(t, sk, spool)
}

// TestAgentGRPC sends over OTLP/gRPC to the collector's grpc receiver
// (which forwards over OTLP/HTTP to the sink): every interval arrives once.
func TestAgentGRPC(t *testing.T) {
	requirePerf(t)
	sk := newSink(t)
	httpPort, grpcPort := otelcol.FreePort(t), otelcol.FreePort(t)
	cfg := strings.Replace(collectorConfig(httpPort, sk.srv.URL), "    protocols:\n", fmt.Sprintf("    protocols:\n      grpc:\n        endpoint: 127.0.0.1:%d\n", grpcPort), 1)
	otelcol.Start(t, cfg, httpPort)
	pid, stopLoop := hierProcessLoop(t, "hiergrpc")
	spool := filepath.Join(t.TempDir(), "agent.data")
	ev := &events{}
	stopAgent := startAgent(t, fmt.Sprintf("grpc://127.0.0.1:%d", grpcPort), spool, sample.Target{PIDs: []int{pid}}, 199, time.Second, ev)
	waitUntil(t, "200 samples of hiergrpc at the sink", 2*time.Minute, func() bool {
		return commSamples(rows(t, sk.profiles()), "hiergrpc") >= 200
	})
	stopLoop()
	if _, err := stopAgent(); err != nil {
		t.Fatal(err)
	}
	checkExactlyOnce(t, sk, spool)
}
