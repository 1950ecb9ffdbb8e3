package ptrace

import (
	"fmt"
	"os/exec"
	"runtime"
	"syscall"

	"sonde/internal/linux/unix"
)

// StartStopped starts cmd so that it stops right after its execve, before
// running a single instruction of the new program, calls ready with its pid,
// and then lets it run. It is how a collector attaches to a command from its
// first instruction without racing it: the program is traced only for the
// instant between exec and ready's return (PTRACE_TRACEME, then
// PTRACE_DETACH).
//
// If ready fails, the command is killed and reaped and the error returned.
func StartStopped(cmd *exec.Cmd, ready func(pid int) error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Ptrace = true
	if err := cmd.Start(); err != nil {
		return err
	}
	pid := cmd.Process.Pid
	ws, err := unix.WaitStopped(pid)
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return fmt.Errorf("wait for %s to stop at exec: %w", cmd.Path, err)
	}
	if !ws.Stopped() {
		cmd.Wait()
		return fmt.Errorf("start %s: it did not stop at exec (status %v)", cmd.Path, ws)
	}
	if err := ready(pid); err != nil {
		cmd.Process.Kill()
		unix.PtraceDetach(pid)
		cmd.Wait()
		return err
	}
	if err := unix.PtraceDetach(pid); err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return fmt.Errorf("detach from %s: %w", cmd.Path, err)
	}
	return nil
}

// StartDetachedStopped starts cmd, lets it reach its execve and leaves it
// stopped there by a SIGSTOP, untraced, so that a tracer (on any thread)
// can PTRACE_SEIZE it before it runs a single instruction of the program.
// The caller must run on a thread locked with runtime.LockOSThread from
// before the call until the process has been seized, since the fork makes
// the calling thread its tracer until the detach. The process is the
// caller's child: its exit status is the caller's to collect with wait4.
func StartDetachedStopped(cmd *exec.Cmd) (int, error) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Ptrace = true
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	pid := cmd.Process.Pid
	ws, err := unix.WaitStopped(pid)
	if err != nil || !ws.Stopped() {
		cmd.Process.Kill()
		unix.Wait4(pid, false)
		return 0, fmt.Errorf("start %s: it did not stop at exec (%v, %v)", cmd.Path, ws, err)
	}
	if err := unix.PtraceDetachSignal(pid, int(unix.SIGSTOP)); err != nil {
		cmd.Process.Kill()
		unix.Wait4(pid, false)
		return 0, fmt.Errorf("detach from %s: %w", cmd.Path, err)
	}
	return pid, nil
}
