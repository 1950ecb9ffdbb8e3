package sample

import (
	"testing"

	"sonde/internal/linux/perfevent"
	"sonde/profile"
	"sonde/unwind"
)

// TestHandleSampleAllocs: a sample of the dwarf call graph, from its
// record to the data file's batch, allocates nothing once the Sampler's
// buffers have grown (the unwinder's walk, its ObjectAt, the locations,
// the values and the writer's encoding reuse theirs): whole-machine
// sampling at 999 Hz handles thousands a second, and garbage is CPU.
func TestHandleSampleAllocs(t *testing.T) {
	d := unwind.NewDWARF()
	s, _ := replaySampler(t, SampleTypes, Options{Freq: 1000, CallGraph: CallGraphDWARF, Unwinder: d})
	defer s.Close()
	const sp = 0x7ffc0000
	s.procs[100] = &process{pid: 100, ppid: 1, comm: "t", maps: []placement{{start: 0x400000, limit: 0x500000, index: 0, path: "/t"}}}
	// A frame-pointer chain (no object has CFI here): 0x401000, called
	// from 0x401100, called from 0x401200, whose caller's frame pointer
	// is 0 (the end).
	stack := make([]byte, 16<<10)
	put := func(off int, v uint64) {
		for i := range 8 {
			stack[off+i] = byte(v >> (8 * i))
		}
	}
	put(0x10, sp+0x40)
	put(0x18, 0x401100)
	put(0x40, 0)
	put(0x48, 0x401200)
	regs := make([]uint64, 17)
	regs[6], regs[7], regs[8] = sp+0x10, sp, 0x401000 // bp, sp, ip
	r := perfevent.Record{Type: perfevent.RecordSample, PID: 100, TID: 100, IP: 0x401000, Period: 1000000, Time: 1, Regs: regs, Stack: stack}
	if err := s.handleSample(&r); err != nil {
		t.Fatal(err)
	}
	want := []profile.Location{{Addr: 0x401000}, {Addr: 0x401100}, {Addr: 0x401200}}
	if len(s.sample.Stack) != len(want) {
		t.Fatalf("stack %+v, want %+v", s.sample.Stack, want)
	}
	for i := range want {
		if s.sample.Stack[i] != want[i] {
			t.Fatalf("stack %+v, want %+v", s.sample.Stack, want)
		}
	}
	n := testing.AllocsPerRun(1000, func() {
		if err := s.handleSample(&r); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Errorf("%v allocations a sample, want 0", n)
	}
}
