package sample

import (
	"errors"
	"fmt"
	"os"

	"sonde/internal/linux/perfevent"
	"sonde/proc"
)

// Off-CPU time of the whole machine (record -a --off-cpu, sonde agent
// --off-cpu) uses the per-thread design of offcpu.go with per-CPU events:
// each CPU's clock event also asks for context-switch records, which a
// CPU-wide event writes for every task switched out or in on that CPU
// (PERF_RECORD_SWITCH_CPU_WIDE, the task in the sample_id, the other one
// in the body), and each CPU gets a sched:sched_switch trace event,
// sampled in the context of the task leaving the CPU with its user
// registers, stack copy and kernel chain. A thread leaves one CPU and
// comes back on any: drain orders every ring's records by time and pairs
// them by thread id, holding the records newer than its start for the
// next drain, as it does for inherited per-thread events.
//
// The cost bound is the same: after each drain the trace events of every
// CPU run during the next one, or not, so that the stacks come at about
// -F a second per thread that had one (stackPolicy); the switch records
// keep coming, and the time of episodes without a stack goes to the same
// thread's sampled ones.
//
// What the machine-wide view adds: the idle task (pid 0), sonde's own
// threads and kernel threads (no user stack: their waits are the
// kernel's own idling) are left out; a thread that exits is forgotten
// one drain later, and its time without a stack goes to its last stack
// then, so that an agent running for months keeps no state of the
// machine's dead threads.

// selfPID is sonde's process id: its threads' waits are not the
// machine's.
var selfPID = int32(os.Getpid())

// offGone are the threads that exited in the current drain (now) and in
// the previous one (last): a thread's last switch-out follows its EXIT
// record, in the same drain or, past the drain's start, the next one.
type offGone struct {
	now, last []int32
}

// switchRingPages is the size of each CPU's ring of switch records: 1 MiB,
// 18,000 records of 56 bytes, 0.9 s of a CPU switching 20,000 times a
// second.
const switchRingPages = 256

// systemSwitches moves the switch records of a machine-wide --off-cpu
// recording out of the CPU events' rings into rings of their own (one
// dummy event per CPU, openOffCPUCPU): on a loaded machine the CPU
// events' 16 KiB stack copies fill their rings when a drain is late, and
// a lost switch record loses an episode (or, a switch-in lost, joins two
// into one across the time the thread ran), where a lost stack only
// moves its time to the thread's other stacks.
func (s *Sampler) systemSwitches() {
	if s.opts.OffCPU {
		s.cfg.ContextSwitch = false
	}
}

// openOffCPUCPU opens CPU cpu's switch-record event and sched_switch trace
// event for every task, or for the cgroup open as cgroupFD (>= 0), with
// Options.OffCPU.
func (s *Sampler) openOffCPUCPU(cgroupFD, cpu int) error {
	if !s.opts.OffCPU {
		return nil
	}
	sw := perfevent.Config{Dummy: true, ContextSwitch: true, RingPages: switchRingPages, Period: 1} // a dummy samples nothing
	ev, err := perfevent.OpenCPU(&sw, cgroupFD, cpu)
	if err != nil {
		return fmt.Errorf("off-cpu: switch records of CPU %d: %w", cpu, err)
	}
	s.events = append(s.events, ev)
	s.offEvent = append(s.offEvent, false) // never disabled by stackPolicy
	ev, err = perfevent.OpenCPU(&s.offCfg, cgroupFD, cpu)
	if err != nil && errors.Is(err, perfevent.ErrPermission) {
		return fmt.Errorf("off-cpu: the sched:sched_switch trace event of CPU %d needs root or CAP_PERFMON (or kernel.perf_event_paranoid <= 0): %w", cpu, err)
	}
	if err != nil {
		return fmt.Errorf("off-cpu: sched:sched_switch of CPU %d: %w", cpu, err)
	}
	s.events = append(s.events, ev)
	s.offEvent = append(s.offEvent, true)
	return nil
}

// blockedAtAttachSystem opens an episode for each thread of the user
// processes of pids (those the recording keeps, not kernel threads) that
// is blocked now, as blockedAtAttach does for -p.
func (s *Sampler) blockedAtAttachSystem(pids []int) {
	if !s.opts.OffCPU {
		return
	}
	for _, pid := range pids {
		p := s.procs[int32(pid)]
		if p == nil || p.exe == "" { // not kept, gone, or a kernel thread
			continue
		}
		if tids, err := proc.Threads(pid); err == nil {
			s.blockedAtAttach(pid, tids)
		}
	}
}

// offIgnored reports whether the off-CPU records of thread tid of process
// pid are left out: machine-wide, those of the idle task, of sonde and
// of kernel threads.
func (s *Sampler) offIgnored(pid, tid int32) bool {
	if !s.system {
		return false
	}
	if tid == 0 || pid == selfPID {
		return true
	}
	th := s.blocked[tid]
	return th != nil && th.kernel
}

// kernelSwitch reports whether sched_switch sample r is of a kernel
// thread: no user registers and no user part in its chain.
func kernelSwitch(r *perfevent.Record) bool {
	if len(r.Regs) > 0 {
		return false
	}
	for _, ip := range r.Callchain {
		if ip == perfevent.ContextUser {
			return false
		}
	}
	return true
}

// offForked forgets what was said of thread tid before: a FORK record
// says the id is a new thread's (ids are reused machine-wide).
func (s *Sampler) offForked(tid int32) {
	if s.exited == nil {
		return
	}
	delete(s.exited, tid)
	delete(s.blocked, tid)
}

// forgetGone drops, at the end of a drain, the threads that exited in the
// drain before it: their last records are handled.
func (s *Sampler) forgetGone() {
	for _, tid := range s.gone.last {
		if s.exited[tid] {
			delete(s.exited, tid)
			delete(s.blocked, tid)
		}
	}
	s.gone.last, s.gone.now = s.gone.now, s.gone.last[:0]
}
