package sample

import (
	"slices"
	"testing"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/unix"
	"sonde/profile"
)

// TestOffCPUHeldSurvive: the off-CPU records a drain holds for the next
// (newer than its start) alias a ring until the drain releases it, so the
// drain copies them; the copies must survive the kernel's writing over
// the ring and the next drains' copies (each drain copies into the arena
// the drain before last used, while the last drain's copies are still
// held). A record that sorts before an older held one (held first in the
// next drain) is what would overwrite a copy still to be read. The
// episodes then end in the profile with their stacks and times.
func TestOffCPUHeldSurvive(t *testing.T) {
	s, decode := offCPUReplaySampler(t)
	defer s.Close()
	for _, pid := range []int32{100, 101} {
		s.procs[pid] = &process{pid: pid, ppid: 1, comm: "t"}
	}
	const ms = uint64(time.Millisecond)
	// Newer than any drain of this test: held to the end.
	future := uint64(unix.MonotonicNow()) + uint64(time.Hour)
	sample := func(pid uint32, at uint64, chain []uint64) item {
		return item{off: true, rec: perfevent.Record{Type: perfevent.RecordSample, PID: pid, TID: pid, Time: at, Callchain: chain}}
	}
	out := func(pid uint32, at uint64) item {
		return item{off: true, rec: perfevent.Record{Type: perfevent.RecordSwitch, Misc: perfevent.MiscSwitchOut, PID: pid, TID: pid, Time: at}}
	}
	in := func(pid uint32, at uint64) item {
		return item{off: true, rec: perfevent.Record{Type: perfevent.RecordSwitch, PID: pid, TID: pid, Time: at}}
	}
	// The "rings": the records' call chains alias them, as Peek's do.
	ring1 := slices.Clone(offCPUSleepChain)
	ring2 := []uint64{perfevent.ContextUser, 0x2000, 0x2100, 0x2200}
	scribble := func(ring []uint64) {
		for i := range ring {
			ring[i] = 0xdead
		}
	}
	drain := func() {
		t.Helper()
		if err := s.drain(); err != nil {
			t.Fatal(err)
		}
	}
	s.held = append(s.held, sample(100, future+10, ring1), out(100, future+11), in(100, future+11+10*ms))
	drain()
	scribble(ring1)
	s.held = append(s.held, sample(101, future+5, ring2), out(101, future+6), in(101, future+6+3*ms))
	drain()
	scribble(ring2)
	drain()
	drain()
	if len(s.held) != 6 {
		t.Fatalf("%d records held, want 6", len(s.held))
	}
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	p := decode()
	type got struct {
		tid   int32
		wait  string
		stack []profile.Addr
		off   int64
	}
	want := []got{
		{101, "off-cpu:blocked", []profile.Addr{0x2000, 0x2100, 0x2200}, int64(3 * ms)},
		{100, "off-cpu:clock_nanosleep", []profile.Addr{0x1000, 0x1100}, int64(10 * ms)},
	}
	var samples []got
	for _, x := range p.Samples {
		g := got{tid: x.TID, wait: profile.WaitName(x.Stack[0].Addr), off: x.Values[2]}
		for _, l := range x.Stack[1:] {
			g.stack = append(g.stack, l.Addr)
		}
		samples = append(samples, g)
	}
	if len(samples) != len(want) {
		t.Fatalf("samples %+v, want %+v", samples, want)
	}
	for i := range want {
		if g := samples[i]; g.tid != want[i].tid || g.wait != want[i].wait || !slices.Equal(g.stack, want[i].stack) || g.off != want[i].off {
			t.Errorf("sample %d: %+v, want %+v", i, g, want[i])
		}
	}
}
