package sample

import (
	"testing"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/profile"
)

// TestSystemOffCPUReplay replays what the per-CPU events of record -a
// --off-cpu write: a thread leaves CPU 0 and comes back on CPU 1 (one
// episode, timed across the CPUs); the idle task, sonde's own threads and
// a kernel thread (a sched_switch sample without user part) are left out;
// a thread id that exits and comes back in a new process (FORK) is a new
// thread, whose episodes count, not the old one's last switch-out; an
// exited thread is forgotten a drain later.
func TestSystemOffCPUReplay(t *testing.T) {
	s, decode := offCPUReplaySampler(t)
	defer s.Close()
	s.system = true
	s.procs[100] = &process{pid: 100, ppid: 1, comm: "t"}
	const ms = uint64(time.Millisecond)
	sleepChain := offCPUSleepChain
	kernChain := []uint64{perfevent.ContextKernel, 0xffffffff81400010}
	sample := func(pid, tid, cpu uint32, at uint64, chain []uint64) item {
		return item{off: true, rec: perfevent.Record{Type: perfevent.RecordSample, PID: pid, TID: tid, CPU: cpu, Time: at, Callchain: chain}}
	}
	out := func(pid, tid, cpu uint32, at uint64) item {
		return item{rec: perfevent.Record{Type: perfevent.RecordSwitchCPUWide, Misc: perfevent.MiscSwitchOut, PID: pid, TID: tid, CPU: cpu, Time: at}}
	}
	in := func(pid, tid, cpu uint32, at uint64) item {
		return item{rec: perfevent.Record{Type: perfevent.RecordSwitchCPUWide, PID: pid, TID: tid, CPU: cpu, Time: at}}
	}
	task := func(typ perfevent.RecordType, pid, ppid, tid uint32, at uint64) item {
		return item{rec: perfevent.Record{Type: typ, PID: pid, PPID: ppid, TID: tid, PTID: ppid, Time: at}}
	}
	self := uint32(selfPID)
	feed := func(items ...item) {
		t.Helper()
		for i := range items {
			if err := s.handleItem(&items[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	feed(
		// 100 sleeps 10 ms: out on CPU 0, in on CPU 1.
		sample(100, 100, 0, 1*ms, sleepChain), out(100, 100, 0, 1*ms+1), in(100, 100, 1, 11*ms+1),
		// The idle task, sonde, a kernel thread.
		sample(0, 0, 1, 2*ms, kernChain), out(0, 0, 1, 2*ms+1), in(0, 0, 0, 3*ms),
		sample(self, self, 0, 4*ms, sleepChain), out(self, self, 0, 4*ms+1), in(self, self, 1, 9*ms),
		sample(50, 50, 1, 5*ms, kernChain), out(50, 50, 1, 5*ms+1), in(50, 50, 0, 8*ms),
		// 103 of process 100 exits; its last switch-out is no wait.
		task(perfevent.RecordExit, 100, 100, 103, 12*ms), sample(100, 103, 0, 12*ms+1, sleepChain), out(100, 103, 0, 12*ms+2),
		// Its id comes back as the thread of a new process 104, which
		// sleeps 3 ms.
		task(perfevent.RecordFork, 104, 100, 103, 13*ms),
		sample(104, 103, 1, 14*ms, sleepChain), out(104, 103, 1, 14*ms+1), in(104, 103, 0, 17*ms+1),
	)
	for _, tid := range []int32{0, int32(self)} {
		if s.blocked[tid] != nil {
			t.Errorf("state kept for thread %d", tid)
		}
	}
	if err := s.drain(); err != nil {
		t.Fatal(err)
	}
	feed(task(perfevent.RecordExit, 104, 104, 103, 20*ms))
	for range 2 {
		if err := s.drain(); err != nil {
			t.Fatal(err)
		}
	}
	if s.blocked[103] != nil || s.exited[103] {
		t.Errorf("thread 103 not forgotten two drains after its exit")
	}
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	p := decode()
	type got struct {
		pid, tid int32
		wait     string
		off      int64
	}
	var samples []got
	for _, x := range p.Samples {
		samples = append(samples, got{x.PID, x.TID, profile.WaitName(x.Stack[0].Addr), x.Values[2]})
	}
	want := []got{
		{100, 100, "off-cpu:clock_nanosleep", int64(10 * ms)},
		{104, 103, "off-cpu:clock_nanosleep", int64(3 * ms)},
	}
	if len(samples) != len(want) {
		t.Fatalf("samples %+v, want %+v", samples, want)
	}
	for i := range want {
		if samples[i] != want[i] {
			t.Errorf("sample %d: %+v, want %+v", i, samples[i], want[i])
		}
	}
	if st := s.Stats(); st.OffCPU != 2 || st.OffCPUTime != int64(13*ms) {
		t.Errorf("stats %+v: want 2 episodes, 13 ms", st)
	}
}
