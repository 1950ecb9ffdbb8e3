package unix

import (
	"runtime"
	"unsafe"

	xunix "golang.org/x/sys/unix"
)

// The bpf(2) calls of package internal/linux/bpf: maps, program loading,
// uprobe_multi links, and tracepoint perf events to attach programs to.
// The attribute layouts are those of union bpf_attr in
// include/uapi/linux/bpf.h; the kernel accepts a shorter attribute than
// its own and zero-fills the rest, so each call passes only the part of
// the union it uses.

// bpf(2) commands, program and map types and attach types sonde uses,
// under their kernel names.
const (
	BPF_MAP_CREATE           = xunix.BPF_MAP_CREATE
	BPF_MAP_LOOKUP_ELEM      = xunix.BPF_MAP_LOOKUP_ELEM
	BPF_MAP_UPDATE_ELEM      = xunix.BPF_MAP_UPDATE_ELEM
	BPF_PROG_LOAD            = xunix.BPF_PROG_LOAD
	BPF_LINK_CREATE          = xunix.BPF_LINK_CREATE
	BPF_MAP_TYPE_HASH        = xunix.BPF_MAP_TYPE_HASH
	BPF_MAP_TYPE_ARRAY       = xunix.BPF_MAP_TYPE_ARRAY
	BPF_PROG_TYPE_KPROBE     = xunix.BPF_PROG_TYPE_KPROBE
	BPF_PROG_TYPE_TRACEPOINT = xunix.BPF_PROG_TYPE_TRACEPOINT
	BPF_TRACE_UPROBE_MULTI   = xunix.BPF_TRACE_UPROBE_MULTI
	PERF_EVENT_IOC_SET_BPF   = xunix.PERF_EVENT_IOC_SET_BPF
	ENOTSUPP                 = Errno(524) // kernel-internal "operation not supported", no name in package syscall
	E2BIG                    = xunix.E2BIG
	EBADF                    = xunix.EBADF
	ENOSPC                   = xunix.ENOSPC
	EOPNOTSUPP               = xunix.EOPNOTSUPP
)

// bpf calls bpf(2) with attribute attr of size bytes; the result is a new
// descriptor for the commands that create one.
func bpf(cmd int, attr unsafe.Pointer, size uintptr) (int, error) {
	for {
		r, _, e := xunix.Syscall(xunix.SYS_BPF, uintptr(cmd), uintptr(attr), size)
		if e == EINTR || e == EAGAIN && cmd == BPF_PROG_LOAD {
			// The verifier may be interrupted; libbpf and cilium retry.
			continue
		}
		if e != 0 {
			return -1, e
		}
		return int(r), nil
	}
}

// bpfMapCreateAttr is the BPF_MAP_CREATE part of union bpf_attr.
type bpfMapCreateAttr struct {
	MapType    uint32
	KeySize    uint32
	ValueSize  uint32
	MaxEntries uint32
	MapFlags   uint32
	InnerMapFd uint32
	NumaNode   uint32
	MapName    [16]byte
}

// BPFMapCreate creates a map (BPF_MAP_CREATE) and returns its descriptor,
// close-on-exec. name is cut to 15 bytes.
func BPFMapCreate(mapType, keySize, valueSize, maxEntries, flags uint32, name string) (int, error) {
	attr := bpfMapCreateAttr{MapType: mapType, KeySize: keySize, ValueSize: valueSize, MaxEntries: maxEntries, MapFlags: flags}
	copy(attr.MapName[:15], name)
	return bpf(BPF_MAP_CREATE, unsafe.Pointer(&attr), unsafe.Sizeof(attr))
}

// bpfMapElemAttr is the BPF_MAP_*_ELEM part of union bpf_attr.
type bpfMapElemAttr struct {
	MapFd uint32
	_     uint32
	Key   uint64
	Value uint64
	Flags uint64
}

// BPFMapLookup copies the value of key in map fd into value, which must be
// the map's value size (times the possible CPUs for per-CPU maps).
func BPFMapLookup(fd int, key, value []byte) error {
	attr := bpfMapElemAttr{MapFd: uint32(fd), Key: uint64(uintptr(unsafe.Pointer(&key[0]))), Value: uint64(uintptr(unsafe.Pointer(&value[0])))}
	_, err := bpf(BPF_MAP_LOOKUP_ELEM, unsafe.Pointer(&attr), unsafe.Sizeof(attr))
	runtime.KeepAlive(key)
	runtime.KeepAlive(value)
	return err
}

// BPFMapUpdate sets the value of key in map fd (flags 0: BPF_ANY).
func BPFMapUpdate(fd int, key, value []byte, flags uint64) error {
	attr := bpfMapElemAttr{MapFd: uint32(fd), Key: uint64(uintptr(unsafe.Pointer(&key[0]))), Value: uint64(uintptr(unsafe.Pointer(&value[0]))), Flags: flags}
	_, err := bpf(BPF_MAP_UPDATE_ELEM, unsafe.Pointer(&attr), unsafe.Sizeof(attr))
	runtime.KeepAlive(key)
	runtime.KeepAlive(value)
	return err
}

// bpfProgLoadAttr is the BPF_PROG_LOAD part of union bpf_attr, up to
// expected_attach_type.
type bpfProgLoadAttr struct {
	ProgType           uint32
	InsnCnt            uint32
	Insns              uint64
	License            uint64
	LogLevel           uint32
	LogSize            uint32
	LogBuf             uint64
	KernVersion        uint32
	ProgFlags          uint32
	ProgName           [16]byte
	ProgIfindex        uint32
	ExpectedAttachType uint32
}

// BPFProgLoad loads a program (BPF_PROG_LOAD) of progType whose
// instructions are insns (8 bytes each, as struct bpf_insn) and returns
// its descriptor. With a non-empty log the verifier writes its log there
// (log level 1) when it refuses the program.
func BPFProgLoad(progType, expectedAttachType uint32, insns []byte, license, name string, log []byte) (int, error) {
	lic, err := xunix.BytePtrFromString(license)
	if err != nil {
		return -1, err
	}
	attr := bpfProgLoadAttr{
		ProgType:           progType,
		InsnCnt:            uint32(len(insns) / 8),
		Insns:              uint64(uintptr(unsafe.Pointer(&insns[0]))),
		License:            uint64(uintptr(unsafe.Pointer(lic))),
		ExpectedAttachType: expectedAttachType,
	}
	copy(attr.ProgName[:15], name)
	if len(log) > 0 {
		attr.LogLevel, attr.LogSize, attr.LogBuf = 1, uint32(len(log)), uint64(uintptr(unsafe.Pointer(&log[0])))
	}
	fd, err := bpf(BPF_PROG_LOAD, unsafe.Pointer(&attr), unsafe.Sizeof(attr))
	runtime.KeepAlive(insns)
	runtime.KeepAlive(lic)
	runtime.KeepAlive(log)
	return fd, err
}

// bpfLinkCreateUprobeMultiAttr is the BPF_LINK_CREATE part of union
// bpf_attr for uprobe_multi links (Linux 6.6, commit 89ae89f53d20
// "bpf: Add multi uprobe link").
type bpfLinkCreateUprobeMultiAttr struct {
	ProgFd        uint32
	TargetFd      uint32
	AttachType    uint32
	Flags         uint32
	Path          uint64
	Offsets       uint64
	RefCtrOffsets uint64
	Cookies       uint64
	Cnt           uint32
	UFlags        uint32
	Pid           uint32
	_             uint32
}

// BPFLinkCreateUprobeMulti attaches program progFd to uprobes at each
// file offset of offsets in the object at path, with the matching cookie
// (bpf_get_attach_cookie), in one call; pid 0 probes every process that
// maps the object, now or later. It returns the link's descriptor, whose
// close removes every probe.
func BPFLinkCreateUprobeMulti(progFd int, path string, offsets, cookies []uint64, pid int) (int, error) {
	p, err := xunix.BytePtrFromString(path)
	if err != nil {
		return -1, err
	}
	if len(offsets) == 0 || len(cookies) != len(offsets) {
		return -1, EINVAL
	}
	attr := bpfLinkCreateUprobeMultiAttr{
		ProgFd:     uint32(progFd),
		AttachType: BPF_TRACE_UPROBE_MULTI,
		Path:       uint64(uintptr(unsafe.Pointer(p))),
		Offsets:    uint64(uintptr(unsafe.Pointer(&offsets[0]))),
		Cookies:    uint64(uintptr(unsafe.Pointer(&cookies[0]))),
		Cnt:        uint32(len(offsets)),
		Pid:        uint32(pid),
	}
	fd, err := bpf(BPF_LINK_CREATE, unsafe.Pointer(&attr), unsafe.Sizeof(attr))
	runtime.KeepAlive(p)
	runtime.KeepAlive(offsets)
	runtime.KeepAlive(cookies)
	return fd, err
}

// PerfEventOpenTracepointCPU opens a perf event on trace event id for
// every task on cpu, disabled, to attach a BPF program to.
func PerfEventOpenTracepointCPU(id uint64, cpu int) (int, error) {
	attr := PerfEventAttr{Type: PERF_TYPE_TRACEPOINT, Config: id, Sample: 1, Wakeup: 1}
	attr.Bits = xunix.PerfBitDisabled
	attr.Size = uint32(unsafe.Sizeof(attr))
	return xunix.PerfEventOpen(&attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC)
}
