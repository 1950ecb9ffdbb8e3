package sample

import (
	"context"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// Collector is one of sonde record's ways to sample a target: perf events
// (Sampler.Perf), ptrace (Sampler.Ptrace), or gdb (package sample/gdb).
// Each starts, stops and reports the same way, so that the command line
// drives them with one loop.
type Collector interface {
	// Run samples target until it ends, and returns its end. A command
	// is sampled until it exits: Run reaps it (nobody else may call
	// cmd.Wait) and writes its ProcessEnd frame; ending it early is a
	// signal to it (Target.Started says when it can get one). Running
	// processes are sampled until they have all exited or ctx is done;
	// then Run lets them go, unharmed. An error that kept Run from
	// starting or attaching to the target, so that nothing ran under
	// it, is a *StartError.
	Run(ctx context.Context, target Target) (Result, error)
}

// Target is what a Collector samples: a command to start, or running
// processes.
type Target struct {
	// Cmd is the command to start; the caller sets its standard streams.
	Cmd *exec.Cmd
	// PIDs are the running processes to attach to, when Cmd is nil.
	PIDs []int
	// All samples every process of the machine on every CPU (record -a),
	// or, with Cgroups, every process of those cgroups (directories of
	// the cgroup v2 hierarchy, "/sys/fs/cgroup/system.slice"). Run then
	// samples until ctx is done.
	All     bool
	Cgroups []string
	// Started, when not nil, is called (on Run's goroutine) once the
	// target runs under the collector: the command started (Cmd.Process
	// is set), or the processes attached.
	Started func()
}

// Result is how a collection ended.
type Result struct {
	// Status is the command's wait status (zero for running processes).
	Status syscall.WaitStatus
	// User and Sys are the command tree's CPU time (wait4's rusage of
	// the command and the descendants it waited for), when HaveCPU.
	User, Sys time.Duration
	HaveCPU   bool
	// Notes are one-line notes about the collection for the run (what a
	// sample cost), "" when none.
	Notes []string
}

// StartError says that a Collector could not start or attach to its
// target: nothing was collected.
type StartError struct {
	Err error
	// Command says that the command itself could not be started (not
	// found, not executable), as opposed to the collector's means.
	Command bool
}

func (e *StartError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *StartError) Unwrap() error { return e.Err }

// ExitCode returns sonde's exit status for a command that ended with
// status ws: its own, or 128+signal as the shell reports a killed one.
func ExitCode(ws syscall.WaitStatus) int {
	if ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ws.ExitStatus()
}

// How says how a process ended, in the words of its ProcessEnd frame:
// "exit 3", "killed by SIGSEGV".
func How(ws syscall.WaitStatus) string {
	if ws.Signaled() {
		return "killed by " + signalName(ws.Signal())
	}
	return "exit " + strconv.Itoa(ws.ExitStatus())
}

func signalName(s syscall.Signal) string {
	names := map[syscall.Signal]string{syscall.SIGKILL: "SIGKILL", syscall.SIGSEGV: "SIGSEGV", syscall.SIGTERM: "SIGTERM",
		syscall.SIGINT: "SIGINT", syscall.SIGABRT: "SIGABRT", syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE", syscall.SIGILL: "SIGILL"}
	if n, ok := names[s]; ok {
		return n
	}
	return "signal " + strconv.Itoa(int(s))
}

// waitStatus returns the wait status of a command cmd.Wait has reaped.
func waitStatus(cmd *exec.Cmd) syscall.WaitStatus {
	if ps := cmd.ProcessState; ps != nil {
		if ws, ok := ps.Sys().(syscall.WaitStatus); ok {
			return ws
		}
	}
	return 0
}
