package counting

import (
	"fmt"
	"syscall"
)

// Ended says in words how a process ended, as Result.Ended does:
// "exit 0", "killed by SIGSEGV (core dumped)".
func Ended(ws syscall.WaitStatus) string {
	switch {
	case ws.Exited():
		return fmt.Sprintf("exit %d", ws.ExitStatus())
	case ws.Signaled():
		s := "killed by " + signalName(ws.Signal())
		if ws.CoreDump() {
			s += " (core dumped)"
		}
		return s
	}
	return "still running"
}

// signalName returns SIGSEGV-style names.
func signalName(s syscall.Signal) string {
	names := map[syscall.Signal]string{
		syscall.SIGSEGV: "SIGSEGV", syscall.SIGABRT: "SIGABRT", syscall.SIGKILL: "SIGKILL",
		syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE", syscall.SIGILL: "SIGILL",
		syscall.SIGTERM: "SIGTERM", syscall.SIGINT: "SIGINT", syscall.SIGTRAP: "SIGTRAP",
		syscall.SIGPIPE: "SIGPIPE", syscall.SIGHUP: "SIGHUP", syscall.SIGQUIT: "SIGQUIT",
		syscall.SIGUSR1: "SIGUSR1", syscall.SIGUSR2: "SIGUSR2", syscall.SIGALRM: "SIGALRM",
	}
	if n, ok := names[s]; ok {
		return n
	}
	return fmt.Sprintf("signal %d", int(s))
}
