package cli

import (
	"fmt"
	"time"
)

// minRatePeriods and minRateCPU bound from below the CPU time an achieved
// rate is stated for. The rate divides the samples by the command's CPU
// time as wait4 reports it, whose split into user and system time the
// kernel makes by ticks (4 ms each at 250 Hz): below about 25 ticks that
// split alone moves the rate by several percent, and below 100 sampling
// periods the count is coarse too. A program that used 5 ms would
// otherwise be said to run at anything from 0 to 1400 Hz.
const (
	minRatePeriods = 100
	minRateCPU     = 100 * time.Millisecond
)

// rateNote is the achieved-rate note of a recording: samples taken in cpu
// of the command's CPU time (user, or user+system with kernel) at period
// nanoseconds asked. Below the CPU time a rate can be measured in, it says
// so instead of giving one.
func rateNote(samples int, cpu time.Duration, period int64, kernel bool) string {
	mode := "user"
	if kernel {
		mode = "user+system"
	}
	hz := int64(time.Second) / period
	least := max(minRateCPU, time.Duration(minRatePeriods*period))
	if cpu < least {
		return fmt.Sprintf("achieved rate: not measured: %d samples in %.3fs of the command's %s CPU time, too little to measure a rate by (under %.2fs at %d Hz)",
			samples, cpu.Seconds(), mode, least.Seconds(), hz)
	}
	return fmt.Sprintf("achieved rate: %.0f samples per CPU second (%d samples in %.2fs of the command's %s CPU time; asked %d Hz)",
		float64(samples)/cpu.Seconds(), samples, cpu.Seconds(), mode, hz)
}
