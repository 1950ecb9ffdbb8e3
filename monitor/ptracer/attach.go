package ptracer

import (
	"errors"
	"fmt"
	"time"

	"sonde/internal/linux/unix"
	"sonde/proc"
)

// SeizeAll attaches to every thread of pid and stops each (PTRACE_SEIZE,
// PTRACE_INTERRUPT), repeating until no new thread appears.
func SeizeAll(pid int) ([]int, error) {
	seized := map[int]bool{}
	var order []int
	for {
		tids, err := proc.Threads(pid)
		if err != nil {
			return order, fmt.Errorf("threads of process %d: %w", pid, err)
		}
		added := false
		for _, t := range tids {
			if seized[t] {
				continue
			}
			if err := unix.PtraceSeize(t, SeizeOptions); err != nil {
				if errors.Is(err, unix.ESRCH) {
					continue
				}
				for _, s := range order {
					unix.PtraceDetachSignal(s, 0)
				}
				return nil, seizeError(pid, t, err)
			}
			unix.PtraceInterrupt(t)
			for {
				_, ws, err := unix.Wait4(t, false)
				if err != nil || ws.Stopped() || ws.Exited() || ws.Signaled() {
					break
				}
			}
			seized[t] = true
			order = append(order, t)
			added = true
		}
		if !added {
			return order, nil
		}
	}
}

// waitBriefly is the polling interval of an attached run's event loop.
func waitBriefly() { time.Sleep(time.Millisecond) }
