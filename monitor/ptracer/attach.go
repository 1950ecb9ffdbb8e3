package ptracer

import (
	"errors"
	"fmt"
	"time"

	"sonde/internal/linux/ptrace"
)

// SeizeAll attaches t to every thread of pid and stops each
// (PTRACE_SEIZE, PTRACE_INTERRUPT), repeating until no new thread
// appears, and returns their thread ids. On an error it lets go of what it
// seized.
func SeizeAll(t *Tracer, pid int) ([]int, error) {
	var order []int
	for {
		trs, err := t.Seize(pid)
		if err != nil {
			t.DetachAll(time.Second, nil)
			var se *ptrace.SeizeError
			if errors.As(err, &se) {
				return nil, seizeError(pid, se.TID, se.Err)
			}
			return nil, fmt.Errorf("threads of process %d: %w", pid, err)
		}
		if len(trs) == 0 {
			return order, nil
		}
		for _, tr := range trs {
			t.Interrupt(tr)
			// The interrupt's stop, or another that came first (a
			// signal, delivered when Run continues it; a group-stop).
			t.WaitFor(tr, true)
			order = append(order, tr.TID)
		}
	}
}

// waitBriefly is the polling interval of an attached run's event loop.
func waitBriefly() { time.Sleep(time.Millisecond) }
