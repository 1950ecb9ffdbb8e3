package unix

import (
	"runtime"
	"sync/atomic"
	"unsafe"

	xunix "golang.org/x/sys/unix"
)

// The bpf(2) names of the Python frame capture (internal/linux/bpf's
// ringbuf.go and pyframes.go): a ring buffer map read through mmap, a
// per-CPU array as the program's scratch memory, an LRU hash, and
// programs run at the overflow of a perf event.
const (
	BPF_MAP_DELETE_ELEM       = xunix.BPF_MAP_DELETE_ELEM
	BPF_MAP_TYPE_PERCPU_ARRAY = xunix.BPF_MAP_TYPE_PERCPU_ARRAY
	BPF_MAP_TYPE_LRU_HASH     = xunix.BPF_MAP_TYPE_LRU_HASH
	BPF_MAP_TYPE_RINGBUF      = xunix.BPF_MAP_TYPE_RINGBUF
	BPF_PROG_TYPE_PERF_EVENT  = xunix.BPF_PROG_TYPE_PERF_EVENT
)

// BPFMapDelete removes key from map fd.
func BPFMapDelete(fd int, key []byte) error {
	attr := bpfMapElemAttr{MapFd: uint32(fd), Key: uint64(uintptr(unsafe.Pointer(&key[0])))}
	_, err := bpf(BPF_MAP_DELETE_ELEM, unsafe.Pointer(&attr), unsafe.Sizeof(attr))
	runtime.KeepAlive(key)
	return err
}

// MmapAt maps length bytes of fd from offset off, shared, read-only or
// read-write.
func MmapAt(fd int, off int64, length int, write bool) ([]byte, error) {
	prot := xunix.PROT_READ
	if write {
		prot |= xunix.PROT_WRITE
	}
	return xunix.Mmap(fd, off, length, prot, xunix.MAP_SHARED)
}

// LoadAcquire64 reads the 8 bytes at b[0:8] (8-byte aligned, in a shared
// mapping) as an atomic load: what the writer stored before it is seen.
func LoadAcquire64(b []byte) uint64 {
	_ = b[7]
	return atomic.LoadUint64((*uint64)(unsafe.Pointer(&b[0])))
}

// LoadAcquire32 is LoadAcquire64 for 4 bytes.
func LoadAcquire32(b []byte) uint32 {
	_ = b[3]
	return atomic.LoadUint32((*uint32)(unsafe.Pointer(&b[0])))
}

// StoreRelease64 writes v to the 8 bytes at b[0:8] as an atomic store.
func StoreRelease64(b []byte, v uint64) {
	_ = b[7]
	atomic.StoreUint64((*uint64)(unsafe.Pointer(&b[0])), v)
}

// BPFEnableRunTimeStats turns on the kernel's accounting of BPF
// programs' run time and run count (BPF_ENABLE_STATS,
// BPF_STATS_RUN_TIME) for as long as the returned descriptor is open;
// it is the machine's, for every program, as sysctl
// kernel.bpf_stats_enabled.
func BPFEnableRunTimeStats() (int, error) {
	attr := struct{ Type uint32 }{xunix.BPF_STATS_RUN_TIME}
	return bpf(xunix.BPF_ENABLE_STATS, unsafe.Pointer(&attr), unsafe.Sizeof(attr))
}
