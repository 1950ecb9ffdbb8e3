package sample

import (
	"strings"
	"testing"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/profile"
)

// offCPUReplaySampler is replaySampler (FP call graphs at 1000 Hz) with
// off-CPU on, its state made, and a kernel whose do_nanosleep,
// __x64_sys_clock_nanosleep and do_syscall_64 stand where
// offCPUSleepChain's kernel frames are.
func offCPUReplaySampler(t *testing.T) (*Sampler, func() *profile.Profile) {
	t.Helper()
	s, decode := replaySampler(t, profile.OffCPUSampleTypes, Options{Freq: 1000, CallGraph: CallGraphFP})
	s.opts.OffCPU = true
	s.blocked, s.exited = make(map[int32]*offThread), make(map[int32]bool)
	s.syscalls = parseKernelSyscalls(strings.NewReader("ffffffff81400000 T do_nanosleep\nffffffff81400400 T __x64_sys_clock_nanosleep\nffffffff81600000 T do_syscall_64\n"))
	s.clockOffset = 0
	return s, decode
}

// offCPUSleepChain is the call chain of a sched_switch sample in
// nanosleep (offCPUReplaySampler's kernel) called from user code.
var offCPUSleepChain = []uint64{perfevent.ContextKernel, 0xffffffff81400010, 0xffffffff81400410, 0xffffffff81600010, perfevent.ContextUser, 0x1000, 0x1100}

// TestOffCPUReplay replays the records an off-CPU event writes (a
// sched_switch sample, the switch-out record after it, the switch-in
// record) through the sampler: each episode with a stack becomes a
// sample weighted by its exact time; the time of the episodes the
// rate-bounded event took no stack for goes to the same thread's sampled
// episodes of the same kind; an exited thread's last switch-out is no
// wait; a return whose leaving was not seen is counted.
func TestOffCPUReplay(t *testing.T) {
	s, decode := offCPUReplaySampler(t)
	defer s.Close()
	for _, pid := range []int32{100, 102, 103} {
		s.procs[pid] = &process{pid: pid, ppid: 1, comm: "t"}
	}
	const ms = uint64(time.Millisecond)
	sleepChain := offCPUSleepChain
	userChain := []uint64{perfevent.ContextUser, 0x2000, 0x2100}
	sample := func(pid, tid uint32, at uint64, chain []uint64) perfevent.Record {
		return perfevent.Record{Type: perfevent.RecordSample, PID: pid, TID: tid, Time: at, Callchain: chain}
	}
	out := func(pid, tid uint32, at uint64, preempt bool) perfevent.Record {
		m := uint16(perfevent.MiscSwitchOut)
		if preempt {
			m |= perfevent.MiscSwitchOutPreempt
		}
		return perfevent.Record{Type: perfevent.RecordSwitch, Misc: m, PID: pid, TID: tid, Time: at}
	}
	in := func(pid, tid uint32, at uint64) perfevent.Record {
		return perfevent.Record{Type: perfevent.RecordSwitch, PID: pid, TID: tid, Time: at}
	}
	feed := func(recs ...perfevent.Record) {
		t.Helper()
		for i := range recs {
			it := item{rec: recs[i], off: recs[i].Type != perfevent.RecordExit}
			if err := s.handleItem(&it); err != nil {
				t.Fatal(err)
			}
		}
	}
	feed(
		// 100: 10 ms asleep with a stack, 30 ms asleep without;
		// preempted 5 ms with a stack, 5 ms without.
		sample(100, 100, 10, sleepChain), out(100, 100, 11, false), in(100, 100, 11+10*ms),
		out(100, 100, 20*ms, false), in(100, 100, 50*ms),
		sample(100, 100, 60*ms, userChain), out(100, 100, 60*ms+1, true), in(100, 100, 65*ms+1),
		out(100, 100, 70*ms, true), in(100, 100, 75*ms),
		// 101: back without having left.
		in(100, 101, 76*ms),
		// 102: leaves the CPU to die.
		sample(102, 102, 77*ms, sleepChain), out(102, 102, 77*ms+1, false),
		perfevent.Record{Type: perfevent.RecordExit, PID: 102, PPID: 1, TID: 102, Time: 77*ms + 2},
		// 103: 1 ms with a stack in this drain.
		sample(103, 103, 80*ms, userChain), out(103, 103, 80*ms+1, false), in(103, 103, 81*ms+1),
	)
	if err := s.drain(); err != nil {
		t.Fatal(err)
	}
	// 103: 7 ms without a stack in the next drain, none with one: the
	// end of the recording charges it to 103's last stack.
	feed(out(103, 103, 90*ms, false), in(103, 103, 97*ms))
	if err := s.drain(); err != nil {
		t.Fatal(err)
	}
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	p := decode()
	type got struct {
		tid  int32
		wait string
		leaf profile.Addr
		off  int64
	}
	var samples []got
	for _, x := range p.Samples {
		m := p.Mappings[x.Stack[0].Mapping]
		if m.Path != profile.WaitPath {
			t.Fatalf("sample's first frame in %s", m.Path)
		}
		if x.Values[1] != 0 || x.Values[2] != x.Values[3] {
			t.Errorf("values %v: want no CPU time and wall = off-cpu", x.Values)
		}
		samples = append(samples, got{x.TID, profile.WaitName(x.Stack[0].Addr), x.Stack[1].Addr, x.Values[2]})
	}
	want := []got{
		{100, "off-cpu:clock_nanosleep", 0x1000, int64(40 * ms)},
		{100, "off-cpu:preempted", 0x2000, int64(10 * ms)},
		{103, "off-cpu:blocked", 0x2000, int64(1 * ms)},
		{103, "off-cpu:blocked", 0x2000, int64(7 * ms)},
	}
	if len(samples) != len(want) {
		t.Fatalf("samples %+v, want %+v", samples, want)
	}
	for i := range want {
		if samples[i] != want[i] {
			t.Errorf("sample %d: %+v, want %+v", i, samples[i], want[i])
		}
	}
	st := s.Stats()
	if st.OffCPU != 6 || st.OffCPUStacks != 4 || st.OffCPUUnseen != 1 || st.OffCPUTime != int64(58*ms) {
		t.Errorf("stats %+v: want 6 episodes, 4 stacks, 1 unseen, 58 ms", st)
	}
}
