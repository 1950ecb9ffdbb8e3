package cli

import (
	"fmt"
	"time"

	"sonde/sample"
)

// offCPUNote is the run's note on its off-CPU episodes.
func offCPUNote(st sample.Stats) string {
	return fmt.Sprintf("off-cpu: sched:sched_switch; %d episodes off the CPU, %.3fs in all, %d with a stack of their own (the others' time went to the same thread's stacks of the same 20 ms); %d returns to the CPU whose leaving was not seen (before sampling began, or lost)",
		st.OffCPU, time.Duration(st.OffCPUTime).Seconds(), st.OffCPUStacks, st.OffCPUUnseen)
}
