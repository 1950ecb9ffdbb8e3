package sample

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"sonde/internal/linux/bpf"
	"sonde/internal/linux/perfevent"
)

// TestCaptureTake matches samples to records as the drain does: same
// thread, same ip, the nearest time within captureWindow; the thread's
// older records go (their samples are past), its newer ones stay.
func TestCaptureTake(t *testing.T) {
	const us = 1000
	recs := []capRecord{
		{time: 1000 * us, ip: 0x10},
		{time: 2000 * us, ip: 0x20},
		{time: 2000*us + 5*us, ip: 0x20}, // a second record of the same ip, nearer
		{time: 3000 * us, ip: 0x30},
	}
	tests := []struct {
		name     string
		tid      uint32
		time, ip uint64
		want     int // index in recs, -1 for none
		left     int // the thread's records left after
	}{
		{"other thread", 8, 2000*us + 4*us, 0x20, -1, 4},
		{"ip differs", 7, 2000*us + 4*us, 0x21, -1, 4},
		{"too far", 7, 2000*us + 2*captureWindow, 0x20, -1, 4},
		{"nearest of two", 7, 2000*us + 4*us, 0x20, 2, 1},
		{"record a little before", 7, 3000*us + 2*us, 0x30, 3, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &pyCapture{byTID: map[int32][]capRecord{7: append([]capRecord(nil), recs...)}}
			got := c.take(&perfevent.Record{TID: tt.tid, Time: tt.time, IP: tt.ip})
			switch {
			case tt.want < 0 && got != nil:
				t.Fatalf("took %+v, want none", *got)
			case tt.want >= 0 && (got == nil || got.time != recs[tt.want].time || got.ip != recs[tt.want].ip):
				t.Fatalf("took %v, want %+v", got, recs[tt.want])
			}
			if n := len(c.byTID[7]); n != tt.left {
				t.Errorf("%d records left, want %d", n, tt.left)
			}
		})
	}
}

// TestCaptureIdle checks that the capture's goroutine reads the ring
// only while a process has a walk: without one it starts no ticker and
// reads nothing (an idle agent would wake up 500 times a second); given
// one, it reads at each tick; once the walks are gone it stops its ticker.
func TestCaptureIdle(t *testing.T) {
	var reads atomic.Int64
	c := newPyCapture(func(func(*bpf.FrameRecord)) int { reads.Add(1); return 0 })
	tick := make(chan time.Time)
	var started, stopped atomic.Int64
	c.newTicker = func(d time.Duration) (<-chan time.Time, func()) {
		if d != captureInterval {
			t.Errorf("ticker of %v, want captureInterval", d)
		}
		started.Add(1)
		return tick, func() { stopped.Add(1) }
	}
	go c.run()
	defer func() { close(c.stop); <-c.done }()
	// Until the goroutine reaches cond (no time bound but the test's).
	eventually := func(what string, cond func() bool) {
		for !cond() {
			runtime.Gosched()
			time.Sleep(100 * time.Microsecond)
		}
	}
	// No walk: walks changing back and forth before the goroutine looks
	// start nothing either.
	c.setWalking()
	c.set[1] = 1
	delete(c.set, 1)
	c.setWalking()
	select {
	case tick <- time.Time{}:
		t.Fatal("the goroutine took a tick with no walk")
	default:
	}
	if n := started.Load(); n != 0 {
		t.Fatalf("%d tickers started with no walk", n)
	}
	if n := c.polls.Load(); n != 0 {
		t.Fatalf("%d polls with no walk", n)
	}

	c.set[42] = 0x1000
	c.setWalking()
	eventually("ticker started", func() bool { return started.Load() == 1 })
	for range 3 {
		tick <- time.Time{}
	}
	// The third tick is taken once the second poll is done.
	if n := c.polls.Load(); n < 2 {
		t.Fatalf("%d polls after 3 ticks, want at least 2", n)
	}

	delete(c.set, 42)
	c.setWalking()
	eventually("ticker stopped", func() bool { return stopped.Load() == 1 })
	n := c.polls.Load()
	select {
	case tick <- time.Time{}:
		t.Fatal("the goroutine took a tick after the last walk was gone")
	default:
	}
	if started.Load() != 1 || c.polls.Load() != n || reads.Load() != n {
		t.Fatalf("after the walks: %d tickers, %d polls (%d before), %d reads", started.Load(), c.polls.Load(), n, reads.Load())
	}
}
