package bpf

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"sonde/internal/linux/unix"
)

// The map types of the Python frame capture (pyframes.go).
const (
	PerCPUArray MapType = unix.BPF_MAP_TYPE_PERCPU_ARRAY
	LRUHash     MapType = unix.BPF_MAP_TYPE_LRU_HASH
	Ringbuf     MapType = unix.BPF_MAP_TYPE_RINGBUF // Linux 5.8
)

// PerfEvent is the type of programs run at each overflow of a perf
// event (a sample): their context is struct bpf_perf_event_data, the
// interrupted registers first; a program that returns 0 drops the
// sample (kernel/events/core.c, bpf_overflow_handler), so they return 1.
const PerfEvent ProgType = unix.BPF_PROG_TYPE_PERF_EVENT

// Offsets in struct bpf_perf_event_data on x86-64: regs is a struct
// pt_regs (arch/x86/include/uapi/asm/ptrace.h), whose ip and sp are the
// interrupted ones, a user-space sample's user registers.
const (
	PerfEventIP = 16 * 8
	PerfEventSP = 19 * 8
)

// Delete removes key from a hash map; a key that is not there is no
// error.
func (m *Map) Delete(key []byte) error {
	if uint32(len(key)) != m.spec.KeySize {
		return fmt.Errorf("delete from map %s: key of %d bytes, want %d", m.spec.Name, len(key), m.spec.KeySize)
	}
	if err := unix.BPFMapDelete(m.fd, key); err != nil && !errors.Is(err, unix.ENOENT) {
		return fmt.Errorf("delete from map %s: %w", m.spec.Name, err)
	}
	return nil
}

// AttachPerfEvent attaches p (a PerfEvent program) to the perf event of
// descriptor fd (PERF_EVENT_IOC_SET_BPF): it runs at each of its samples,
// and of the events the kernel makes from it for the threads and
// children of an inherited event (kernel/events/core.c,
// perf_event_alloc takes the parent's program). Closing the event
// detaches it; an event holds one program.
func AttachPerfEvent(p *Program, fd int) error {
	if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_SET_BPF, p.fd); err != nil {
		return fmt.Errorf("attach program %s to perf event: %w", p.name, notSupported(err))
	}
	return nil
}

// RingReader consumes the records of a BPF_MAP_TYPE_RINGBUF map through
// its mapping (kernel/bpf/ringbuf.c, Documentation/bpf/ringbuf.rst):
//
//	offset 0:         consumer page   consumer_pos, written by the reader
//	offset page:      producer page   producer_pos, written by the kernel
//	offset 2 pages:   data            size bytes, mapped twice in a row so
//	                                  that no record wraps around
//
// Each record starts with an 8-byte header (u32 length with the busy and
// discard bits, u32 page offset) and is padded to 8 bytes. It is not safe
// for concurrent use.
type RingReader struct {
	m        *Map
	consumer []byte // the consumer page
	prodData []byte // the producer page and the data, twice
	mask     uint64
	page     int
}

// The bits of a record header's length (BPF_RINGBUF_BUSY_BIT,
// BPF_RINGBUF_DISCARD_BIT) and its size (BPF_RINGBUF_HDR_SZ).
const (
	ringBusy    = 1 << 31
	ringDiscard = 1 << 30
	ringHdrSize = 8
)

// NewRingbuf creates a ring buffer map of size bytes (a power of two,
// a multiple of the page size) and maps it for reading.
func NewRingbuf(name string, size int) (_ *RingReader, err error) {
	page := unix.Pagesize()
	if size < page || size&(size-1) != 0 {
		return nil, fmt.Errorf("ring buffer %s: %d bytes is not a power of two of pages", name, size)
	}
	m, err := NewMap(MapSpec{Name: name, Type: Ringbuf, MaxEntries: uint32(size)})
	if err != nil {
		return nil, err
	}
	r := &RingReader{m: m, mask: uint64(size - 1), page: page}
	defer func() {
		if err != nil {
			r.Close()
		}
	}()
	if r.consumer, err = unix.MmapAt(m.fd, 0, page, true); err != nil {
		return nil, fmt.Errorf("map ring buffer %s: %w", name, err)
	}
	if r.prodData, err = unix.MmapAt(m.fd, int64(page), page+2*size, false); err != nil {
		return nil, fmt.Errorf("map ring buffer %s: %w", name, err)
	}
	return r, nil
}

// Map returns the ring buffer's map, for the programs that write to it.
func (r *RingReader) Map() *Map { return r.m }

// Read calls fn with each record written since the last Read, in the
// order they were reserved, up to the first one still being written.
// The slice is the mapping itself: fn must not keep it.
func (r *RingReader) Read(fn func(rec []byte)) int {
	cons := unix.LoadAcquire64(r.consumer)
	prod := unix.LoadAcquire64(r.prodData)
	data := r.prodData[r.page:]
	n := 0
	for cons < prod {
		at := cons & r.mask
		hdr := unix.LoadAcquire32(data[at:])
		if hdr&ringBusy != 0 {
			break
		}
		size := uint64(hdr &^ (ringBusy | ringDiscard))
		if hdr&ringDiscard == 0 && at+ringHdrSize+size <= uint64(len(data)) {
			fn(data[at+ringHdrSize : at+ringHdrSize+size])
			n++
		}
		cons += (size + ringHdrSize + 7) &^ 7
		unix.StoreRelease64(r.consumer, cons)
	}
	return n
}

// Pending returns the bytes written and not yet read.
func (r *RingReader) Pending() uint64 {
	return unix.LoadAcquire64(r.prodData) - unix.LoadAcquire64(r.consumer)
}

// Close unmaps and releases the ring buffer.
func (r *RingReader) Close() error {
	var errs []error
	for _, b := range []*[]byte{&r.consumer, &r.prodData} {
		if *b != nil {
			errs = append(errs, unix.Munmap(*b))
			*b = nil
		}
	}
	if r.m != nil {
		errs = append(errs, r.m.Close())
		r.m = nil
	}
	return errors.Join(errs...)
}

// RunStats returns how many times p ran and how long in all, as the
// kernel counts while run time statistics are on (EnableRunTimeStats),
// from /proc/self/fdinfo.
func (p *Program) RunStats() (runs uint64, total time.Duration, err error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/self/fdinfo/%d", p.fd))
	if err != nil {
		return 0, 0, fmt.Errorf("program %s statistics: %w", p.name, err)
	}
	var ns uint64
	for _, l := range strings.Split(string(data), "\n") {
		k, v, _ := strings.Cut(l, ":")
		switch strings.TrimSpace(k) {
		case "run_time_ns":
			ns, _ = strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		case "run_cnt":
			runs, _ = strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		}
	}
	return runs, time.Duration(ns), nil
}

// EnableRunTimeStats turns on the kernel's run time statistics of every
// BPF program on the machine until the returned function is called.
func EnableRunTimeStats() (func(), error) {
	fd, err := unix.BPFEnableRunTimeStats()
	if err != nil {
		return nil, fmt.Errorf("enable BPF run time statistics: %w", notSupported(err))
	}
	return func() { unix.Close(fd) }, nil
}

// Program returns the capture's PerfEvent program.
func (c *FrameCapture) Program() *Program { return c.prog }
