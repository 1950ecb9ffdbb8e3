package agent

import (
	"testing"
	"time"

	"sonde/internal/otelcol"
	"sonde/profile/datafile"
	"sonde/sample"
)

// TestAgentRestartSkips: an agent whose collector is down drops all but
// its last two unsent intervals over many; the next agent on the spool
// decodes none of the samples before where the unsent ones may start
// (each Samples frame before SamplesFrom of the oldest unsent interval is
// skipped, counted) and still sends exactly the intervals left, each with
// the CPU time the spool held for it, and none of the dropped ones.
func TestAgentRestartSkips(t *testing.T) {
	requirePerf(t)
	sk := newSink(t)
	port, endpoint, spool := downCollector(t)
	pid, stopLoop := hierProcessLoop(t, "hierskip")

	ev1 := &events{}
	stop1 := startAgent(t, endpoint, spool, sample.Target{PIDs: []int{pid}}, 199, 200*time.Millisecond, ev1, func(c *Config) {
		c.SpoolMax, c.SpoolSize = 2, -1
	})
	waitUntil(t, "15 intervals dropped", 3*time.Minute, func() bool { return ev1.count("dropped") >= 15 })
	st1, err := stop1()
	if err != nil {
		t.Fatal(err)
	}
	data, marks, left := spoolUnsent(t, spool, true)
	pending := Pending(marks)
	if len(pending) == 0 {
		t.Fatalf("the first agent left nothing unsent: %+v", st1)
	}
	cut := SamplesFrom(marks, pending[0])
	skip, all := 0, 0
	for _, f := range datafile.Frames(data) {
		if f.Kind == datafile.KindSamples {
			all++
			if f.Off < cut {
				skip++
			}
		}
	}

	otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)
	ev2 := &events{}
	start2 := time.Now().UnixNano()
	stop2 := startAgent(t, endpoint, spool, sample.Target{PIDs: []int{pid}}, 199, 200*time.Millisecond, ev2, func(c *Config) { c.SpoolSize = -1 })
	waitUntil(t, "the first agent's backlog sent", 3*time.Minute, func() bool { return ev2.count("sent") >= len(left)+2 })
	stopLoop()
	st2, err := stop2()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first agent: %d dropped, %d left; %d of its %d Samples frames before the oldest unsent interval's; second agent skipped %d frames, decoded %d", st1.Dropped, len(left), skip, all, st2.FramesSkipped, st2.FramesRead)
	if len(sk.bad) > 0 {
		t.Fatalf("the sink refused requests: %v", sk.bad)
	}
	if st2.FramesSkipped != skip || skip < all/2 {
		t.Errorf("the second agent skipped %d frames; %d of the %d Samples frames were before the unsent intervals' samples", st2.FramesSkipped, skip, all)
	}
	want, pend := spoolIntervals(t, spool)
	if pend != 0 {
		t.Errorf("%d intervals left unsent", pend)
	}
	checkLeftSent(t, want, left, start2, "the first agent")
	compareSink(t, sk, want)
}
