// Package unix confines sonde's use of golang.org/x/sys/unix and of unsafe
// for system calls: it is the only package that imports them (as cilium's
// internal/unix does), so that the rest of sonde stays portable Go and the
// system calls it makes are listed in one place.
package unix

import (
	"errors"
	"syscall"
	"time"
	"unsafe"

	xunix "golang.org/x/sys/unix"
)

// PerfEventAttr is struct perf_event_attr (include/uapi/linux/perf_event.h).
type PerfEventAttr = xunix.PerfEventAttr

// PerfEventMmapPage is the first page of a perf_event ring buffer.
type PerfEventMmapPage = xunix.PerfEventMmapPage

// PollFd is struct pollfd.
type PollFd = xunix.PollFd

// Errno is a system call error number.
type Errno = syscall.Errno

// Error numbers that callers test with errors.Is.
const (
	EACCES = syscall.EACCES
	EPERM  = syscall.EPERM
	ENOSYS = syscall.ENOSYS
	ENOENT = syscall.ENOENT
	ESRCH  = syscall.ESRCH
	EINTR  = syscall.EINTR
	EINVAL = syscall.EINVAL
	EAGAIN = syscall.EAGAIN
)

// Constants of perf_event_open(2) that sonde uses, under their kernel
// names.
const (
	PERF_TYPE_SOFTWARE        = xunix.PERF_TYPE_SOFTWARE
	PERF_COUNT_SW_CPU_CLOCK   = xunix.PERF_COUNT_SW_CPU_CLOCK
	PERF_COUNT_SW_TASK_CLOCK  = xunix.PERF_COUNT_SW_TASK_CLOCK
	PERF_COUNT_SW_DUMMY       = xunix.PERF_COUNT_SW_DUMMY
	PERF_SAMPLE_IP            = xunix.PERF_SAMPLE_IP
	PERF_SAMPLE_TID           = xunix.PERF_SAMPLE_TID
	PERF_SAMPLE_TIME          = xunix.PERF_SAMPLE_TIME
	PERF_SAMPLE_CPU           = xunix.PERF_SAMPLE_CPU
	PERF_SAMPLE_PERIOD        = xunix.PERF_SAMPLE_PERIOD
	PERF_SAMPLE_CALLCHAIN     = xunix.PERF_SAMPLE_CALLCHAIN
	PERF_SAMPLE_REGS_USER     = xunix.PERF_SAMPLE_REGS_USER
	PERF_SAMPLE_STACK_USER    = xunix.PERF_SAMPLE_STACK_USER
	PERF_FLAG_FD_CLOEXEC      = xunix.PERF_FLAG_FD_CLOEXEC
	PERF_EVENT_IOC_ENABLE     = xunix.PERF_EVENT_IOC_ENABLE
	PERF_EVENT_IOC_DISABLE    = xunix.PERF_EVENT_IOC_DISABLE
	PERF_EVENT_IOC_PERIOD     = xunix.PERF_EVENT_IOC_PERIOD
	PerfBitDisabled           = xunix.PerfBitDisabled
	PerfBitInherit            = xunix.PerfBitInherit
	PerfBitExcludeKernel      = xunix.PerfBitExcludeKernel
	PerfBitExcludeHv          = xunix.PerfBitExcludeHv
	PerfBitMmap               = xunix.PerfBitMmap
	PerfBitComm               = xunix.PerfBitComm
	PerfBitFreq               = xunix.PerfBitFreq
	PerfBitEnableOnExec       = xunix.PerfBitEnableOnExec
	PerfBitTask               = xunix.PerfBitTask
	PerfBitSampleIDAll        = xunix.PerfBitSampleIDAll
	PerfBitExcludeCallchainKe = xunix.PerfBitExcludeCallchainKernel
	PerfBitExcludeCallchainUs = xunix.PerfBitExcludeCallchainUser
	PerfBitMmap2              = xunix.PerfBitMmap2
	PerfBitCommExec           = xunix.PerfBitCommExec
	// PerfBitBuildID asks MMAP2 records to carry the object's build-id
	// instead of device and inode (Linux 5.12, attr bit 34, "build_id").
	PerfBitBuildID uint64 = 1 << 34
	POLLIN                = xunix.POLLIN
	POLLHUP               = xunix.POLLHUP
	POLLERR               = xunix.POLLERR
)

// PerfEventOpen calls perf_event_open(2) with PERF_FLAG_FD_CLOEXEC.
func PerfEventOpen(attr *PerfEventAttr, pid, cpu, groupFd int) (int, error) {
	attr.Size = uint32(unsafe.Sizeof(*attr))
	return xunix.PerfEventOpen(attr, pid, cpu, groupFd, PERF_FLAG_FD_CLOEXEC)
}

// IoctlSetInt calls ioctl(fd, req, value).
func IoctlSetInt(fd int, req uint, value int) error {
	return xunix.IoctlSetInt(fd, req, value)
}

// IoctlSetPointerUint64 calls ioctl(fd, req, &value), as
// PERF_EVENT_IOC_PERIOD wants.
func IoctlSetPointerUint64(fd int, req uint, value uint64) error {
	_, _, errno := xunix.Syscall(xunix.SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(unsafe.Pointer(&value)))
	if errno != 0 {
		return errno
	}
	return nil
}

// MmapShared maps length bytes of fd read-write and shared.
func MmapShared(fd, length int) ([]byte, error) {
	return xunix.Mmap(fd, 0, length, xunix.PROT_READ|xunix.PROT_WRITE, xunix.MAP_SHARED)
}

// Munmap unmaps b.
func Munmap(b []byte) error { return xunix.Munmap(b) }

// MmapFile maps the length bytes of file fd read-only (a private mapping).
func MmapFile(fd, length int) ([]byte, error) {
	return xunix.Mmap(fd, 0, length, xunix.PROT_READ, xunix.MAP_PRIVATE)
}

// Close closes fd.
func Close(fd int) error { return xunix.Close(fd) }

// Poll calls poll(2), retrying on EINTR.
func Poll(fds []PollFd, timeoutMs int) (int, error) {
	for {
		n, err := xunix.Poll(fds, timeoutMs)
		if !errors.Is(err, EINTR) {
			return n, err
		}
	}
}

// MmapPage returns the control page at the start of a ring mapping.
func MmapPage(b []byte) *PerfEventMmapPage {
	return (*PerfEventMmapPage)(unsafe.Pointer(&b[0]))
}

// Pagesize returns the system's page size.
func Pagesize() int { return xunix.Getpagesize() }

// Kill sends sig to pid.
func Kill(pid int, sig syscall.Signal) error { return xunix.Kill(pid, sig) }

// Tgkill sends sig to thread tid of process tgid.
func Tgkill(tgid, tid int, sig syscall.Signal) error { return xunix.Tgkill(tgid, tid, sig) }

// Getrusage returns the CPU time of who (RUSAGE_SELF or RUSAGE_CHILDREN)
// in user and system nanoseconds.
func Getrusage(children bool) (user, sys int64, err error) {
	who := xunix.RUSAGE_SELF
	if children {
		who = xunix.RUSAGE_CHILDREN
	}
	var ru xunix.Rusage
	if err := xunix.Getrusage(who, &ru); err != nil {
		return 0, 0, err
	}
	return ru.Utime.Nano(), ru.Stime.Nano(), nil
}

// PtraceDetach detaches from tracee pid and lets it run on.
func PtraceDetach(pid int) error { return xunix.PtraceDetach(pid) }

// WaitStopped waits until pid stops (or exits) and returns its wait status.
func WaitStopped(pid int) (syscall.WaitStatus, error) {
	var ws xunix.WaitStatus
	for {
		_, err := xunix.Wait4(pid, &ws, xunix.WALL|xunix.WUNTRACED, nil)
		if errors.Is(err, EINTR) {
			continue
		}
		return syscall.WaitStatus(ws), err
	}
}

// MonotonicNow returns CLOCK_MONOTONIC in nanoseconds, the clock perf
// events are told to stamp records with.
func MonotonicNow() int64 {
	var ts xunix.Timespec
	_ = xunix.ClockGettime(xunix.CLOCK_MONOTONIC, &ts) // cannot fail for CLOCK_MONOTONIC
	return ts.Nano()
}

// Nanosleep blocks the calling OS thread for d with the kernel's timer
// resolution (microseconds). time.Sleep is not fine enough for a sampling
// period: when the Go scheduler idles it waits in epoll_wait, whose timeout
// is whole milliseconds, so a 20 µs sleep lasts a millisecond. A signal
// may end the sleep early.
func Nanosleep(d time.Duration) {
	if d <= 0 {
		return
	}
	ts := xunix.NsecToTimespec(int64(d))
	_ = xunix.Nanosleep(&ts, nil)
}

// CLOCK_MONOTONIC is the clock id for PerfEventAttr.Clockid.
const CLOCK_MONOTONIC = xunix.CLOCK_MONOTONIC

// PerfBitUseClockID makes records use PerfEventAttr.Clockid.
const PerfBitUseClockID = xunix.PerfBitUseClockID

// Cbreak puts the terminal fd in cbreak mode (no line buffering, no echo;
// signals from Ctrl-C still work) and returns a function that restores it.
// It fails when fd is not a terminal.
func Cbreak(fd int) (restore func(), err error) {
	old, err := xunix.IoctlGetTermios(fd, xunix.TCGETS)
	if err != nil {
		return nil, err
	}
	t := *old
	t.Lflag &^= xunix.ICANON | xunix.ECHO
	t.Cc[xunix.VMIN], t.Cc[xunix.VTIME] = 1, 0
	if err := xunix.IoctlSetTermios(fd, xunix.TCSETS, &t); err != nil {
		return nil, err
	}
	return func() { xunix.IoctlSetTermios(fd, xunix.TCSETS, old) }, nil
}

// IsTerminal reports whether fd is a terminal.
func IsTerminal(fd int) bool {
	_, err := xunix.IoctlGetTermios(fd, xunix.TCGETS)
	return err == nil
}
