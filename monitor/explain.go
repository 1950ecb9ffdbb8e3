package monitor

import (
	"errors"
	"fmt"

	"sonde/internal/linux/unix"
	"sonde/proc"
)

// ErrTraced says that a thread to attach to is traced by another process
// already (a debugger, strace, another sonde): ptrace allows one tracer.
var ErrTraced = errors.New("already traced")

// seizeError explains a failed PTRACE_SEIZE of thread tid of process
// pid: when another process traces it, which one (TracerPid in
// /proc/TID/status, with its command name).
func seizeError(pid, tid int, err error) error {
	if errors.Is(err, unix.EPERM) {
		if who, ok := tracerOf(tid); ok {
			return fmt.Errorf("attach to process %d: %w by %s: detach it first", pid, ErrTraced, who)
		}
	}
	return fmt.Errorf("ptrace seize thread %d of process %d: %w", tid, pid, err)
}

// tracerOf names the process that traces thread tid ("process 42 (gdb)"),
// if any. TracerPid is the tracing thread: its process is named.
func tracerOf(tid int) (string, bool) {
	tp, err := proc.TracerPid(tid)
	if err != nil || tp == 0 {
		return "", false
	}
	if g, gerr := proc.Tgid(tp); gerr == nil {
		tp = g
	}
	if st, serr := proc.ReadStat(tp); serr == nil {
		return fmt.Sprintf("process %d (%s)", tp, st.Comm), true
	}
	return fmt.Sprintf("process %d", tp), true
}
