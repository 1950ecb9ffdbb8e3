package unix

import (
	"unsafe"

	xunix "golang.org/x/sys/unix"
)

// PERF_FLAG_PID_CGROUP makes perf_event_open's pid argument the file
// descriptor of a cgroup directory (perf_event_open(2)).
const PERF_FLAG_PID_CGROUP = xunix.PERF_FLAG_PID_CGROUP

// PerfEventOpenCgroup calls perf_event_open(2) for the tasks of the cgroup
// whose directory is open as cgroupFD, on CPU cpu (cgroup events are
// per-CPU: cpu must not be -1).
func PerfEventOpenCgroup(attr *PerfEventAttr, cgroupFD, cpu int) (int, error) {
	return PerfEventOpenFlags(attr, cgroupFD, cpu, PERF_FLAG_PID_CGROUP)
}

// PerfEventOpenFlags calls perf_event_open(2) with PERF_FLAG_FD_CLOEXEC and
// flags, with no group leader.
func PerfEventOpenFlags(attr *PerfEventAttr, pid, cpu, flags int) (int, error) {
	attr.Size = uint32(unsafe.Sizeof(*attr))
	return xunix.PerfEventOpen(attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC|flags)
}
