package cli

import (
	"fmt"
	"time"

	"sonde/sample"
)

// offCPUNote is the run's note on its off-CPU episodes.
func offCPUNote(st sample.Stats) string {
	return fmt.Sprintf("off-cpu: sched:sched_switch stacks, %d episodes off the CPU, %.3fs in all; %d returns to the CPU whose leaving was not seen (it began before sampling, or was lost)",
		st.OffCPU, time.Duration(st.OffCPUTime).Seconds(), st.OffCPUUnseen)
}
