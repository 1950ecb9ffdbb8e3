package agent

import (
	"fmt"
	"os"
	"slices"
	"time"

	"sonde/profile"
	"sonde/profile/datafile"
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

// checkSpoolTypes refuses a spool whose runs have other sample types than
// an agent with (offCPU) or without off-CPU time writes: the runs of one
// data file must agree, and the agent could read back none of it, nor
// send anything, after its own run.
func checkSpoolTypes(spool string, offCPU bool) error {
	if st, err := os.Stat(spool); err != nil || st.Size() == 0 {
		return nil // a new spool
	}
	p, _, err := datafile.ReadFile(spool)
	if err != nil {
		return fmt.Errorf("agent: spool %w", err)
	}
	want := sample.SampleTypes
	if offCPU {
		want = profile.OffCPUSampleTypes
	}
	if len(p.SampleTypes) == 0 || slices.Equal(p.SampleTypes, want) {
		return nil
	}
	if offCPU {
		return fmt.Errorf("agent: spool %s holds an agent's profiles without --off-cpu: give --off-cpu another spool (-o)", spool)
	}
	return fmt.Errorf("agent: spool %s holds an agent's profiles with --off-cpu: give --off-cpu again, or another spool (-o)", spool)
}
