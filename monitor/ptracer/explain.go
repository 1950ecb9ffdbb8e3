package ptracer

import (
	"errors"
	"fmt"
	"os"
	"strings"

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

// WhyNoPtrace says why process pid cannot be traced: another tracer
// (TracerPid in /proc/PID/status), Yama's ptrace_scope, or permission.
func WhyNoPtrace(pid int) string {
	if who, ok := tracerOf(pid); ok {
		return "already traced by " + who
	}
	if data, err := os.ReadFile("/proc/sys/kernel/yama/ptrace_scope"); err == nil {
		if v := strings.TrimSpace(string(data)); v != "0" {
			return fmt.Sprintf("Yama ptrace_scope is %s", v)
		}
	}
	return "no permission (seccomp, or another user's process)"
}
