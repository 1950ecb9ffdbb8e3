package ptrace

import (
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"sonde/internal/linux/unix"
	"sonde/internal/testprog"
	"sonde/proc"
)

// TestStartStopped checks that the command is held right after its exec
// (its /proc/PID/exe is already the new program, it is in a trace stop)
// and then runs to its normal end.
func TestStartStopped(t *testing.T) {
	testprog.SkipShort(t, "traces a child with ptrace")
	truePath, err := exec.LookPath("true")
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(truePath)
	var state, exe string
	err = StartStopped(cmd, func(pid int) error {
		st, err := proc.ReadStat(pid)
		state, exe = st.State, proc.Exe(pid)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("true after the stop: %v", err)
	}
	// proc(5): "t" is a tracing stop.
	if state != "t" || !strings.HasSuffix(exe, "true") {
		t.Errorf("at ready: state %q, exe %q; want a tracing stop after exec of %s", state, exe, truePath)
	}
}

// TestStartDetachedStopped checks that the command is left stopped by
// SIGSTOP, untraced, and that a seize and SIGCONT let it finish.
func TestStartDetachedStopped(t *testing.T) {
	testprog.SkipShort(t, "traces a child with ptrace")
	truePath, err := exec.LookPath("true")
	if err != nil {
		t.Skip(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cmd := exec.Command(truePath)
	pid, err := StartDetachedStopped(cmd)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := unix.WaitStopped(pid) // the SIGSTOP's group-stop
	if err != nil || !ws.Stopped() || ws.StopSignal() != syscall.SIGSTOP {
		t.Fatalf("status %v, %v; want stopped by SIGSTOP", ws, err)
	}
	unix.Kill(pid, syscall.SIGCONT)
	_, ws, err = unix.Wait4(pid, false)
	for err == nil && !ws.Exited() && !ws.Signaled() {
		_, ws, err = unix.Wait4(pid, false)
	}
	if err != nil || !ws.Exited() || ws.ExitStatus() != 0 {
		t.Errorf("end: %v, %v; want exit 0", ws, err)
	}
}
