package unix

import (
	"runtime"
	"syscall"
	"unsafe"

	xunix "golang.org/x/sys/unix"
)

// System calls of sonde count's breakpoint monitor (package monitor): the
// uprobe PMU, register access and single-stepping for breakpoints, and the
// descriptor limit for many probes.

// PtraceRegs is struct user_regs_struct of the running architecture.
type PtraceRegs = xunix.PtraceRegs

// PtraceGetRegs reads the registers of stopped tracee tid.
func PtraceGetRegs(tid int, r *PtraceRegs) error { return xunix.PtraceGetRegs(tid, r) }

// PtraceSetRegs writes the registers of stopped tracee tid.
func PtraceSetRegs(tid int, r *PtraceRegs) error { return xunix.PtraceSetRegs(tid, r) }

// PtraceSingleStep resumes stopped tracee tid for one instruction,
// delivering sig (0 for none).
func PtraceSingleStep(tid int, sig int) error {
	_, _, e := xunix.Syscall6(xunix.SYS_PTRACE, xunix.PTRACE_SINGLESTEP, uintptr(tid), 0, uintptr(sig), 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// Signals the monitor sends or recognises.
const (
	SIGKILL = syscall.SIGKILL
	SIGINT  = syscall.SIGINT
)

// PerfEventOpenUprobe opens a counting perf event (no sampling, no ring)
// for a uprobe at file offset offset of the object at path, through the
// uprobe PMU whose type number is pmuType (from
// /sys/bus/event_source/devices/uprobe/type): config1 points to the path,
// config2 is the offset (kernel commit 33ea4b24277b, "perf/core: Implement
// the 'perf_uprobe' PMU", Linux 4.17). It counts in process pid and, with
// inherit, in the threads and children it creates after the call.
func PerfEventOpenUprobe(pmuType uint32, path string, offset uint64, pid int, inherit bool) (int, error) {
	p, err := xunix.BytePtrFromString(path)
	if err != nil {
		return -1, err
	}
	attr := PerfEventAttr{Type: pmuType, Ext1: uint64(uintptr(unsafe.Pointer(p))), Ext2: offset}
	attr.Bits = xunix.PerfBitExcludeHv
	if inherit {
		attr.Bits |= xunix.PerfBitInherit
	}
	attr.Size = uint32(unsafe.Sizeof(attr))
	fd, err := xunix.PerfEventOpen(&attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC)
	// The kernel copies the path during the call; keep it alive until then.
	runtime.KeepAlive(p)
	return fd, err
}

// ReadUint64 reads one 8-byte native-endian value from fd (a counting perf
// event's value).
func ReadUint64(fd int) (uint64, error) {
	var b [8]byte
	n, err := xunix.Read(fd, b[:])
	if err != nil {
		return 0, err
	}
	if n != 8 {
		return 0, syscall.EIO
	}
	return *(*uint64)(unsafe.Pointer(&b[0])), nil
}

// RaiseNofile raises the soft limit on open descriptors (and, when allowed,
// the hard limit) to at least n, and returns the soft limit in force.
func RaiseNofile(n uint64) (uint64, error) {
	var lim xunix.Rlimit
	if err := xunix.Getrlimit(xunix.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	if lim.Cur >= n {
		return lim.Cur, nil
	}
	want := lim
	want.Cur = n
	if want.Max < n {
		want.Max = n
	}
	if err := xunix.Setrlimit(xunix.RLIMIT_NOFILE, &want); err != nil {
		// Not allowed to raise the hard limit: take what it allows.
		want = lim
		want.Cur = lim.Max
		if err2 := xunix.Setrlimit(xunix.RLIMIT_NOFILE, &want); err2 != nil {
			return lim.Cur, err
		}
		return want.Cur, nil
	}
	return want.Cur, nil
}

// PERF_TYPE_TRACEPOINT is perf_event_attr.type for trace events.
const PERF_TYPE_TRACEPOINT = xunix.PERF_TYPE_TRACEPOINT

// PerfEventOpenCounting opens a counting perf event (no sampling, no ring)
// of type typ and config config in process pid; with inherit it counts in
// the threads and children pid creates afterwards too.
func PerfEventOpenCounting(typ uint32, config uint64, pid int, inherit bool) (int, error) {
	attr := PerfEventAttr{Type: typ, Config: config}
	attr.Bits = xunix.PerfBitExcludeHv
	if inherit {
		attr.Bits |= xunix.PerfBitInherit
	}
	attr.Size = uint32(unsafe.Sizeof(attr))
	return xunix.PerfEventOpen(&attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC)
}

// Numbers and flags of the system calls sonde's ptrace engine makes inside
// a tracee (to map its trampoline and counter pages there).
const (
	SYS_MMAP            = xunix.SYS_MMAP
	SYS_OPENAT          = xunix.SYS_OPENAT
	SYS_CLOSE           = xunix.SYS_CLOSE
	SYS_RT_SIGACTION    = xunix.SYS_RT_SIGACTION
	SYS_RT_SIGPROCMASK  = xunix.SYS_RT_SIGPROCMASK
	SIG_BLOCK           = xunix.SIG_BLOCK
	PROT_READ           = xunix.PROT_READ
	PROT_WRITE          = xunix.PROT_WRITE
	PROT_EXEC           = xunix.PROT_EXEC
	MAP_PRIVATE         = xunix.MAP_PRIVATE
	MAP_SHARED          = xunix.MAP_SHARED
	MAP_ANONYMOUS       = xunix.MAP_ANONYMOUS
	MAP_FIXED_NOREPLACE = xunix.MAP_FIXED_NOREPLACE
	O_RDWR              = xunix.O_RDWR
	O_CLOEXEC           = xunix.O_CLOEXEC
	AT_FDCWD            = xunix.AT_FDCWD
)

// MemfdCreate creates an anonymous memory file of size bytes and maps it
// shared and writable into sonde: the counters a tracee increments in its
// own mapping of the same file are read here without a system call, and
// survive the tracee's exec or death. The descriptor stays open for the
// tracee to open through /proc/SONDE/fd/N; close it with Close.
func MemfdCreate(name string, size int) (fd int, mem []byte, err error) {
	fd, err = xunix.MemfdCreate(name, xunix.MFD_CLOEXEC)
	if err != nil {
		return -1, nil, err
	}
	if err := xunix.Ftruncate(fd, int64(size)); err != nil {
		xunix.Close(fd)
		return -1, nil, err
	}
	mem, err = xunix.Mmap(fd, 0, size, xunix.PROT_READ|xunix.PROT_WRITE, xunix.MAP_SHARED)
	if err != nil {
		xunix.Close(fd)
		return -1, nil, err
	}
	return fd, mem, nil
}
