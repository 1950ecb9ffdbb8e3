package cli

import (
	"errors"
	"fmt"
	"time"

	"sonde/sample"
)

// offCPUNote is the run's note on its off-CPU episodes.
func offCPUNote(st sample.Stats) string {
	return fmt.Sprintf("off-cpu: sched:sched_switch; %d episodes off the CPU, %.3fs in all, %d with a stack of their own (the others' time went to the same thread's stacks of the same 5 ms drain); %d returns to the CPU whose leaving was not seen (a new thread's first run, a wait begun before sampling, or a lost record)",
		st.OffCPU, time.Duration(st.OffCPUTime).Seconds(), st.OffCPUStacks, st.OffCPUUnseen)
}

// chooseTimeSampler is chooseSampler for the kinds of time: --clock wall
// is the ptrace sampler's, --off-cpu needs perf events.
func chooseTimeSampler(e *env, verb, flag string, opts *sample.Options) (string, error) {
	if opts.Wall {
		if flag == "perf" || opts.OffCPU {
			return "", errors.New("--clock wall is the ptrace sampler's; with perf events use --off-cpu")
		}
		flag = "ptrace"
	}
	sampler, err := chooseSampler(e, verb, flag, opts)
	if err == nil && opts.OffCPU && sampler != "perf" {
		err = fmt.Errorf("--off-cpu needs perf events (the %s sampler cannot see threads leave the CPU: use --clock wall)", sampler)
	}
	return sampler, err
}
