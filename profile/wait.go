package profile

//go:generate go run ./gensyscalls

import (
	"fmt"
	"slices"
	"sync"
)

// Off-CPU samples (sonde record --off-cpu, the ptrace sampler's --clock
// wall) stand for time a thread spent off the CPU: waiting in a system
// call, or runnable but preempted. Their stack is the user stack where the
// thread left the CPU, under one pseudo-frame that says why it waited: a
// Location in a mapping whose Path is WaitPath, whose Addr is the x86-64
// system call number, or WaitPreempted, or WaitBlocked. Views name that
// frame with WaitName, so off-CPU rows are marked ("off-cpu:futex") and
// views can split time by it.
//
// A profile with off-CPU samples has the sample types OffCPUSampleTypes:
// the CPU samples carry their period in "cpu" and "wall", the off-CPU
// samples their time off the CPU in "off-cpu" and "wall", so that views,
// which add up the last column, show a thread's wall-clock time.

// WaitPath is the pseudo-path of the mapping of off-CPU samples' wait
// frames.
const WaitPath = "[off-cpu]"

// Wait frame addresses that are not system call numbers.
const (
	// WaitPreempted: the thread was runnable and the scheduler took the
	// CPU from it (involuntary context switch).
	WaitPreempted Addr = 1 << 16
	// WaitBlocked: the thread blocked outside any system call sonde
	// could name (a page fault, or a kernel whose call chains were
	// refused).
	WaitBlocked Addr = 1<<16 + 1
)

// OffCPUSampleTypes are the sample types of a recording with off-CPU
// samples.
var OffCPUSampleTypes = []ValueType{
	{Type: "samples", Unit: "count"},
	{Type: "cpu", Unit: "nanoseconds"},
	{Type: "off-cpu", Unit: "nanoseconds"},
	{Type: "wall", Unit: "nanoseconds"},
}

// WaitName names the wait frame at address a: "off-cpu:read",
// "off-cpu:preempted", "off-cpu:blocked", or "off-cpu:syscall_N" for a
// number the table does not know.
func WaitName(a Addr) string {
	switch a {
	case WaitPreempted:
		return "off-cpu:preempted"
	case WaitBlocked:
		return "off-cpu:blocked"
	}
	if a < 1<<16 {
		if n, ok := syscallsX86_64[uint16(a)]; ok {
			return "off-cpu:" + n
		}
	}
	return fmt.Sprintf("off-cpu:syscall_%d", uint64(a))
}

var (
	syscallNumbersOnce sync.Once
	syscallNumbers     map[string]Addr
)

// SyscallNumber returns the x86-64 number of the system call name
// ("read", "clock_nanosleep").
func SyscallNumber(name string) (Addr, bool) {
	syscallNumbersOnce.Do(func() {
		syscallNumbers = make(map[string]Addr, len(syscallsX86_64))
		for n, s := range syscallsX86_64 {
			syscallNumbers[s] = Addr(n)
		}
	})
	a, ok := syscallNumbers[name]
	return a, ok
}

// OffCPUColumn returns the index of the "off-cpu" sample type of p, -1
// when p has none (no off-CPU samples were recorded).
func (p *Profile) OffCPUColumn() int {
	return slices.Index(p.SampleTypes, ValueType{Type: "off-cpu", Unit: "nanoseconds"})
}

// IsOffCPU reports whether sample s of a profile whose off-CPU column is
// col stands for time off the CPU.
func IsOffCPU(s *Sample, col int) bool {
	return col >= 0 && col < len(s.Values) && s.Values[col] != 0
}

// KeepTime keeps only the CPU samples of p (cpu), only its off-CPU
// samples (off), or both. It fails when off is asked of a profile
// recorded without off-CPU samples.
func (p *Profile) KeepTime(cpu, off bool) error {
	if cpu && off {
		return nil
	}
	col := p.OffCPUColumn()
	if col < 0 {
		if off {
			return fmt.Errorf("no off-CPU time in this profile (record it with sonde record --off-cpu, or --sampler ptrace --clock wall)")
		}
		return nil
	}
	kept := p.Samples[:0]
	for i := range p.Samples {
		if IsOffCPU(&p.Samples[i], col) == off {
			kept = append(kept, p.Samples[i])
		}
	}
	clear(p.Samples[len(kept):])
	p.Samples = kept
	return nil
}
