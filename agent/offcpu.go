package agent

import (
	"time"

	"sonde/sample"
)

// With Sampler.OffCPU the agent sends, every interval, each process's
// off-CPU time beside its CPU time (export/otlp: a Profile of sample type
// off_cpu/nanoseconds). An episode off the CPU is written to the spool
// when the thread comes back (sample/offcpu.go), so its sample is timed
// then (sample.Options.OffCPUAtEnd) and belongs to the interval in which
// it ended: a thread blocked for several intervals arrives in the one
// that saw it wake, with all of its time.

// offCPUPoll is the agent's ring drain period with off-CPU time: the
// sched_switch stacks' rate bound is decided at every drain (see
// sample/offcpu.go), and a ring of 16 KiB stacks fills in 100 ms of a
// machine that switches often.
const offCPUPoll = 20 * time.Millisecond

// offCPUOptions adjusts the sampler's options for off-CPU time.
func offCPUOptions(opts *sample.Options) {
	if !opts.OffCPU {
		return
	}
	opts.OffCPUAtEnd = true
	if opts.Poll == 0 {
		opts.Poll = offCPUPoll
	}
}
