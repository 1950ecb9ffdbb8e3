package agent

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"sonde/internal/otelcol"
	"sonde/internal/testprog"
	"sonde/profile/datafile"
	"sonde/sample"
)

// generations keeps every spool a rotation replaced (the agent keeps it as
// SPOOL.1 and says "rotated" before it can rotate again), so that the
// tests can check what was sent against what was spooled.
type generations struct {
	mu    sync.Mutex
	spool string
	gens  [][]byte
	sizes []int64 // the spool's size at every event
	t     *testing.T
}

func (g *generations) add(ev Event) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if ev.Op == "rotated" {
		data, err := os.ReadFile(g.spool + ".1")
		if err != nil {
			g.t.Errorf("rotated, but %v", err)
		}
		g.gens = append(g.gens, data)
	}
	if fi, err := os.Stat(g.spool); err == nil {
		g.sizes = append(g.sizes, fi.Size())
	}
}

// sentIntervals returns the CPU time the spool held for each interval
// marked sent, over the rotated spools and the last one: an interval's
// samples are whole in the first spool that marks it sent (a rotation
// keeps the samples of every interval not yet sent).
func (g *generations) sentIntervals(t *testing.T) map[[2]uint64]int64 {
	t.Helper()
	last, err := os.ReadFile(g.spool)
	if err != nil {
		t.Fatal(err)
	}
	sent := make(map[[2]uint64]int64)
	for i, data := range append(g.gens, last) {
		name := fmt.Sprintf("generation %d", i)
		marks, _, err := datafile.AgentMarks(name, data)
		if err != nil {
			t.Fatal(err)
		}
		p, warns, err := datafile.Decode(name, data)
		if err != nil || len(warns) > 0 {
			t.Fatalf("%s: %v %v", name, warns, err)
		}
		for _, m := range marks {
			k := [2]uint64{uint64(m.From), uint64(m.To - m.From)}
			if _, seen := sent[k]; m.Op != datafile.AgentSent || seen {
				continue
			}
			sent[k] = 0
			for _, s := range p.Samples {
				if s.Time >= m.From && s.Time < m.To {
					sent[k] += s.Values[1]
				}
			}
		}
	}
	return sent
}

// compareSink checks that every non-empty interval of want arrived at the
// sink once with the same CPU time and that nothing else arrived, waiting
// (guard: 1 minute) for the collector to forward the last ones.
func compareSink(t *testing.T, sk *sink, want map[[2]uint64]int64) {
	t.Helper()
	compareSinkUnsent(t, sk, want, nil)
}

// compareSinkUnsent is compareSink where the intervals of unsent (the CPU
// time a spool holds for each) may also arrive, once, with that time;
// they are left out of the wait for want.
func compareSinkUnsent(t *testing.T, sk *sink, want, unsent map[[2]uint64]int64) {
	t.Helper()
	var got map[[2]uint64]int64
	sent := func() map[[2]uint64]int64 { // got without the unsent ones
		out := make(map[[2]uint64]int64)
		for k, v := range got {
			if _, ok := unsent[k]; !ok {
				out[k] = v
			}
		}
		return out
	}
	deadline := time.Now().Add(time.Minute)
	for {
		got = sinkIntervals(rows(t, sk.profiles()))
		if fmt.Sprint(sent()) == fmt.Sprint(nonEmpty(want)) || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	for k, v := range nonEmpty(want) {
		if got[k] != v {
			t.Errorf("interval %d+%dns: %d ns of CPU time arrived, the spool held %d", k[0], k[1], got[k], v)
		}
	}
	for k, v := range got {
		if _, ok := want[k]; ok {
			continue
		}
		if u, ok := unsent[k]; ok {
			t.Logf("interval %d+%dns, left unsent by the last try, arrived", k[0], k[1])
			if v != u {
				t.Errorf("interval %d+%dns, left unsent, arrived with %d ns; the spool held %d", k[0], k[1], v, u)
			}
			continue
		}
		t.Errorf("interval %d+%dns arrived (%d ns) but no spool marked it sent", k[0], k[1], v)
	}
}

// spoolUnsent is unsentCPU of the spool file now, whose bytes it also
// returns.
func spoolUnsent(t *testing.T, spool string, strict bool) ([]byte, []datafile.AgentMark, map[[2]uint64]int64) {
	t.Helper()
	data, err := os.ReadFile(spool)
	if err != nil {
		t.Fatal(err)
	}
	marks, left := unsentCPU(t, spool, data, strict)
	return data, marks, left
}

// unsentCPU decodes a spool's bytes (name: what errors call it) and
// returns its marks and the CPU time (Values[1]) it holds for each
// interval the marks leave unsent, by [From, To-From]; an interval
// without samples is still there, with 0. Where strict, a decoding
// warning fails the test.
func unsentCPU(t *testing.T, name string, data []byte, strict bool) ([]datafile.AgentMark, map[[2]uint64]int64) {
	t.Helper()
	marks, _, err := datafile.AgentMarks(name, data)
	if err != nil {
		t.Fatal(err)
	}
	p, warns, err := datafile.Decode(name, data)
	if err != nil || strict && len(warns) > 0 {
		t.Fatalf("%s: %v %v", name, warns, err)
	}
	left := make(map[[2]uint64]int64)
	for _, m := range Pending(marks) {
		k := [2]uint64{uint64(m.From), uint64(m.To - m.From)}
		left[k] += 0
		for _, s := range p.Samples {
			if s.Time >= m.From && s.Time < m.To {
				left[k] += s.Values[1]
			}
		}
	}
	return marks, left
}

// busyShell starts a shell that spins without starting processes: the
// spool's run then has a fixed set of processes and mappings, which a
// rotation carries over (README, "Not yet").
func busyShell(t *testing.T) (pid int, stop func()) {
	t.Helper()
	sh := testprog.Require(t, "sh")
	cmd := exec.Command(sh, "-c", "while :; do :; done")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop = func() { once.Do(func() { cmd.Process.Kill(); cmd.Wait() }) }
	t.Cleanup(stop)
	return cmd.Process.Pid, stop
}

// TestAgentSpoolRotation: with the collector up, the spool is rotated
// whenever it passes SpoolSize and stays bounded over many intervals, while
// every interval arrives once with the CPU time the spool held for it; and
// the agent read back each byte of its spool about once (its read cost per
// interval is what the interval appended, not the spool's size).
func TestAgentSpoolRotation(t *testing.T) {
	requirePerf(t)
	sk := newSink(t)
	port := otelcol.FreePort(t)
	col := otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)
	pid, stopLoop := busyShell(t)
	spool := filepath.Join(t.TempDir(), "agent.data")
	const size = 24 << 10
	g := &generations{spool: spool, t: t}
	ev := &events{}
	stopAgent := startAgent(t, col.Endpoint(), spool, sample.Target{PIDs: []int{pid}}, 199, 250*time.Millisecond, ev, func(c *Config) {
		c.SpoolSize, c.KeepRotated = size, true
		c.Events = func(e Event) { ev.add(e); g.add(e) }
	})
	waitUntil(t, "5 rotations and 20 intervals sent", 3*time.Minute, func() bool {
		return ev.count("rotated") >= 5 && ev.count("sent") >= 20
	})
	stopLoop()
	st, err := stopAgent()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("agent: sent %d, rotations %d, read %d bytes in %d frames", st.Sent, st.Rotations, st.BytesRead, st.FramesRead)
	if len(sk.bad) > 0 {
		t.Fatalf("the sink refused requests: %v", sk.bad)
	}
	// Bounded: a rotation is due past size (or twice what the last one
	// kept), and an interval appends a few KiB.
	var maxSize, written int64
	for _, s := range g.sizes {
		maxSize = max(maxSize, s)
	}
	for _, gen := range g.gens {
		written += int64(len(gen))
	}
	t.Logf("the spool's largest size %d bytes (rotated at %d); %d bytes in %d rotated spools", maxSize, size, written, len(g.gens))
	if maxSize > 3*size {
		t.Errorf("the spool reached %d bytes; rotated at %d", maxSize, size)
	}
	if written < 5*size {
		t.Errorf("the rotated spools held only %d bytes in all", written)
	}
	// Each byte read about once: a reread of the whole spool at every
	// interval would read (intervals/2) times what was written.
	last, _ := os.ReadFile(spool)
	if total := written + int64(len(last)); st.BytesRead > total+total/10 {
		t.Errorf("read %d bytes back; the spools held %d in all", st.BytesRead, total)
	}
	compareSink(t, sk, g.sentIntervals(t))
}

// TestAgentReadCost: without rotation, over 30 intervals, the agent reads
// back each frame of its spool once: the frames it decoded are the spool's
// frames, not intervals times them.
func TestAgentReadCost(t *testing.T) {
	requirePerf(t)
	sk := newSink(t)
	port := otelcol.FreePort(t)
	col := otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)
	pid, stopLoop := hierProcessLoop(t, "hiercost")
	spool := filepath.Join(t.TempDir(), "agent.data")
	ev := &events{}
	stopAgent := startAgent(t, col.Endpoint(), spool, sample.Target{PIDs: []int{pid}}, 199, 200*time.Millisecond, ev, func(c *Config) { c.SpoolSize = -1 })
	waitUntil(t, "30 intervals sent", 3*time.Minute, func() bool { return ev.count("sent") >= 30 })
	stopLoop()
	st, err := stopAgent()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(spool)
	if err != nil {
		t.Fatal(err)
	}
	frames := 0
	tl := datafile.NewTail(spool)
	if _, err := tl.Next(); err != nil {
		t.Fatal(err)
	}
	frames = tl.Frames
	t.Logf("%d intervals closed; read %d bytes, %d frames of a %d-byte spool of %d frames", st.IntervalsClosed, st.BytesRead, st.FramesRead, len(data), frames)
	if st.IntervalsClosed < 30 {
		t.Errorf("%d intervals closed", st.IntervalsClosed)
	}
	if st.FramesRead > frames || st.FramesRead < frames*9/10 {
		t.Errorf("decoded %d frames of a spool of %d", st.FramesRead, frames)
	}
	if st.BytesRead > int64(len(data))+int64(len(data))/10 {
		t.Errorf("read %d bytes of a %d-byte spool", st.BytesRead, len(data))
	}
	checkExactlyOnce(t, sk, spool)
}

// TestAgentRestartRotated: an agent whose collector is down rotates its
// spool with the unsent intervals in it (dropping beyond SpoolMax); the
// next agent on the rotated spool sends exactly the intervals it still
// holds unsent, each with the CPU time spooled, and never a dropped one.
func TestAgentRestartRotated(t *testing.T) {
	requirePerf(t)
	sk := newSink(t)
	port, endpoint, spool := downCollector(t)
	pid, stopLoop := hierProcessLoop(t, "hierrerot")
	const size = 8 << 10

	ev1 := &events{}
	stop1 := startAgent(t, endpoint, spool, sample.Target{PIDs: []int{pid}}, 199, 250*time.Millisecond, ev1, func(c *Config) {
		c.SpoolMax, c.SpoolSize = 4, size
	})
	waitUntil(t, "two rotations and two drops", 3*time.Minute, func() bool {
		return ev1.count("rotated") >= 2 && ev1.count("dropped") >= 2
	})
	st1, err := stop1()
	if err != nil {
		t.Fatal(err)
	}
	// What the rotated spool holds unsent, and the CPU time of each.
	_, _, left := spoolUnsent(t, spool, true)
	if st1.SamplesSent != 0 || st1.Rotations < 2 || len(left) != st1.BacklogRemaining || len(left) < 1 || len(left) > 5 {
		t.Errorf("first agent: %+v; %d unsent in the spool; want no sample sent (empty intervals are marked sent), 2 rotations, 1 to 5 left", st1, len(left))
	}

	otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)
	g := &generations{spool: spool, t: t}
	ev2 := &events{}
	start2 := time.Now().UnixNano()
	stop2 := startAgent(t, endpoint, spool, sample.Target{PIDs: []int{pid}}, 199, 250*time.Millisecond, ev2, func(c *Config) {
		c.SpoolSize, c.KeepRotated = size, true
		c.Events = func(e Event) { ev2.add(e); g.add(e) }
	})
	waitUntil(t, "the first agent's backlog sent and a rotation", 3*time.Minute, func() bool {
		return ev2.count("sent") >= len(left)+2 && ev2.count("rotated") >= 1
	})
	stopLoop()
	st2, err := stop2()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first agent %+v\nsecond agent %+v; %d intervals left by the first", st1, st2, len(left))
	if len(sk.bad) > 0 {
		t.Fatalf("the sink refused requests: %v", sk.bad)
	}
	want := g.sentIntervals(t)
	checkLeftSent(t, want, left, start2, "the first agent")
	compareSink(t, sk, want)
}

// checkLeftSent checks that of the intervals sent (want) those before
// before are exactly the ones an earlier agent (who) left unsent, with the
// CPU time it left, and that every one it left was sent.
func checkLeftSent(t *testing.T, want, left map[[2]uint64]int64, before int64, who string) {
	t.Helper()
	for k, v := range want {
		if int64(k[0]) < before && left[k] != v {
			t.Errorf("interval %d+%dns of %s sent with %d ns, but it left %d unsent", k[0], k[1], who, v, left[k])
		}
	}
	for k := range left {
		if _, ok := want[k]; !ok {
			t.Errorf("interval %d+%dns left by %s was not sent", k[0], k[1], who)
		}
	}
}
