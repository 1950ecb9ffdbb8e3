package unix

import (
	"errors"
	"syscall"
	"unsafe"

	xunix "golang.org/x/sys/unix"
)

// WaitStatus is a wait(2) status.
type WaitStatus = syscall.WaitStatus

// ptrace(2) constants sonde uses.
const (
	PTRACE_O_TRACEFORK  = xunix.PTRACE_O_TRACEFORK
	PTRACE_O_TRACEVFORK = xunix.PTRACE_O_TRACEVFORK
	PTRACE_O_TRACECLONE = xunix.PTRACE_O_TRACECLONE
	PTRACE_O_TRACEEXEC  = xunix.PTRACE_O_TRACEEXEC
	PTRACE_O_EXITKILL   = xunix.PTRACE_O_EXITKILL
	PTRACE_EVENT_FORK   = xunix.PTRACE_EVENT_FORK
	PTRACE_EVENT_VFORK  = xunix.PTRACE_EVENT_VFORK
	PTRACE_EVENT_CLONE  = xunix.PTRACE_EVENT_CLONE
	PTRACE_EVENT_EXEC   = xunix.PTRACE_EVENT_EXEC
	PTRACE_EVENT_STOP   = xunix.PTRACE_EVENT_STOP
	SIGSTOP             = syscall.SIGSTOP
	SIGCONT             = syscall.SIGCONT
	SIGTRAP             = syscall.SIGTRAP
	SIGTSTP             = syscall.SIGTSTP
	SIGTTIN             = syscall.SIGTTIN
	SIGTTOU             = syscall.SIGTTOU
)

// PtraceSeize attaches to thread tid without stopping it, with options.
func PtraceSeize(tid int, options int) error {
	_, _, e := xunix.Syscall6(xunix.SYS_PTRACE, xunix.PTRACE_SEIZE, uintptr(tid), 0, uintptr(options), 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// PtraceInterrupt stops a seized thread (it reports PTRACE_EVENT_STOP).
func PtraceInterrupt(tid int) error { return xunix.PtraceInterrupt(tid) }

// PtraceCont resumes a stopped tracee, delivering sig (0 for none).
func PtraceCont(tid int, sig int) error { return xunix.PtraceCont(tid, sig) }

// PtraceListen lets a tracee in group-stop stay stopped but report events.
func PtraceListen(tid int) error {
	_, _, e := xunix.Syscall6(xunix.SYS_PTRACE, xunix.PTRACE_LISTEN, uintptr(tid), 0, 0, 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// PtraceDetachSignal detaches from a stopped tracee, delivering sig.
func PtraceDetachSignal(tid int, sig int) error {
	_, _, e := xunix.Syscall6(xunix.SYS_PTRACE, xunix.PTRACE_DETACH, uintptr(tid), 0, uintptr(sig), 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// PtraceGetEventMsg returns the message of the last ptrace event (the new
// thread's id for clone, fork and vfork).
func PtraceGetEventMsg(tid int) (uint, error) { return xunix.PtraceGetEventMsg(tid) }

// Wait4 waits for a child or tracee (pid -1: any) with __WALL, retrying on
// EINTR. nohang returns pid 0 when nothing is ready.
func Wait4(pid int, nohang bool) (int, WaitStatus, error) {
	var ws xunix.WaitStatus
	opts := xunix.WALL
	if nohang {
		opts |= xunix.WNOHANG
	}
	for {
		wpid, err := xunix.Wait4(pid, &ws, opts, nil)
		if errors.Is(err, EINTR) {
			continue
		}
		return wpid, syscall.WaitStatus(ws), err
	}
}

// ReadProcessMemory copies len(buf) bytes at addr of process pid into buf
// (process_vm_readv(2)) and returns how many were read.
func ReadProcessMemory(pid int, buf []byte, addr uint64) (int, error) {
	if len(buf) == 0 {
		return 0, nil
	}
	local := []xunix.Iovec{{Base: &buf[0], Len: uint64(len(buf))}}
	remote := []xunix.RemoteIovec{{Base: uintptr(addr), Len: len(buf)}}
	return xunix.ProcessVMReadv(pid, local, remote, 0)
}

// Signal codes of a SIGTRAP's siginfo that tell who sent it.
const (
	SI_KERNEL  = 0x80 // an int3 (x86: do_int3_user)
	TRAP_BRKPT = 1    // a hardware breakpoint
	TRAP_TRACE = 2    // a single step
)

// PtraceSigCode returns the si_code of the signal that stopped tracee tid
// (PTRACE_GETSIGINFO): SI_KERNEL for an int3, TRAP_TRACE for a single
// step, SI_USER or SI_TKILL (negative) for a signal a process sent.
func PtraceSigCode(tid int) (int32, error) {
	var info [128]byte // siginfo_t: si_signo, si_errno, si_code (int each), ...
	_, _, e := xunix.Syscall6(xunix.SYS_PTRACE, xunix.PTRACE_GETSIGINFO, uintptr(tid), 0, uintptr(unsafe.Pointer(&info[0])), 0, 0)
	if e != 0 {
		return 0, e
	}
	return int32(uint32(info[8]) | uint32(info[9])<<8 | uint32(info[10])<<16 | uint32(info[11])<<24), nil
}

// PtraceGetSiginfo returns the raw siginfo_t (128 bytes) of the signal
// that stopped tracee tid.
func PtraceGetSiginfo(tid int) ([128]byte, error) {
	var info [128]byte
	_, _, e := xunix.Syscall6(xunix.SYS_PTRACE, xunix.PTRACE_GETSIGINFO, uintptr(tid), 0, uintptr(unsafe.Pointer(&info[0])), 0, 0)
	if e != 0 {
		return info, e
	}
	return info, nil
}

// PtraceSetSiginfo sets the siginfo_t of the signal tracee tid delivers
// when it is next restarted with that signal.
func PtraceSetSiginfo(tid int, info [128]byte) error {
	_, _, e := xunix.Syscall6(xunix.SYS_PTRACE, xunix.PTRACE_SETSIGINFO, uintptr(tid), 0, uintptr(unsafe.Pointer(&info[0])), 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// PtraceGetSigmask returns the blocked-signal mask of stopped tracee tid
// (PTRACE_GETSIGMASK; bit n-1 is signal n).
func PtraceGetSigmask(tid int) (uint64, error) {
	var m uint64
	_, _, e := xunix.Syscall6(xunix.SYS_PTRACE, xunix.PTRACE_GETSIGMASK, uintptr(tid), 8, uintptr(unsafe.Pointer(&m)), 0, 0)
	if e != 0 {
		return 0, e
	}
	return m, nil
}

// PtraceSetSigmask sets the blocked-signal mask of stopped tracee tid
// (PTRACE_SETSIGMASK).
func PtraceSetSigmask(tid int, m uint64) error {
	_, _, e := xunix.Syscall6(xunix.SYS_PTRACE, xunix.PTRACE_SETSIGMASK, uintptr(tid), 8, uintptr(unsafe.Pointer(&m)), 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// Gettid returns the calling thread's id.
func Gettid() int { return xunix.Gettid() }
