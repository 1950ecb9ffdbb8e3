// Package perfevent opens perf_event_open(2) sampling events on the CPU-time
// clocks of tasks and on trace events (sched:sched_switch for off-CPU
// stacks), maps their ring buffers and decodes the records the kernel
// writes there: SAMPLE, MMAP2, COMM, FORK, EXIT, LOST and SWITCH. It also
// opens uprobes of the kernel's uprobe PMU in counting mode (uprobe.go),
// the fallback of sonde count's uprobe engine where BPF is refused. It
// knows nothing of profiles; the sampler (package sample) turns records
// into them.
package perfevent

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"

	"sonde/internal/linux/unix"
)

// Sample type bits (enum perf_event_sample_format).
const (
	sampleIP        = unix.PERF_SAMPLE_IP
	sampleTID       = unix.PERF_SAMPLE_TID
	sampleTime      = unix.PERF_SAMPLE_TIME
	sampleCPU       = unix.PERF_SAMPLE_CPU
	samplePeriod    = unix.PERF_SAMPLE_PERIOD
	sampleCallchain = unix.PERF_SAMPLE_CALLCHAIN
	sampleRegsUser  = unix.PERF_SAMPLE_REGS_USER
	sampleStackUser = unix.PERF_SAMPLE_STACK_USER
)

// Clock selects the software clock that drives sampling.
type Clock uint8

// The clocks. Both count only while the task runs, so idle time is never
// sampled; task-clock is per task, cpu-clock per CPU timer.
const (
	TaskClock Clock = iota
	CPUClock
)

// String returns perf's name of the clock.
func (c Clock) String() string {
	if c == CPUClock {
		return "cpu-clock"
	}
	return "task-clock"
}

// Config describes one sampling event.
type Config struct {
	// Clock drives sampling.
	Clock Clock
	// Period is the sampling period in nanoseconds of CPU time.
	Period uint64
	// Inherit follows the task's future children and threads.
	Inherit bool
	// Callchain asks the kernel for frame-pointer call chains.
	Callchain bool
	// KernelChainOnly keeps only the kernel part of call chains (the user
	// part comes from a stack copy).
	KernelChainOnly bool
	// Kernel samples kernel code and kernel call chains too.
	Kernel bool
	// RegsUser is the PERF_SAMPLE_REGS_USER mask (bits of enum
	// perf_event_x86_regs); 0 for none.
	RegsUser uint64
	// StackUser is the size of the user stack copy per sample, a multiple
	// of 8; 0 for none.
	StackUser uint32
	// Tracking asks for MMAP2, COMM, FORK and EXIT records (one event per
	// ring should have it).
	Tracking bool
	// RingPages is the number of data pages of the ring buffer, a power of
	// two; 0 means 64 (256 KiB).
	RingPages int
	// Tracepoint, when non-zero, makes the event the trace event of that
	// id (tracefs.EventID) instead of a clock, sampled at every hit
	// (period 1): sched:sched_switch for off-CPU stacks. A trace event
	// fires in the kernel, so Kernel must be set for it to fire at all.
	Tracepoint uint64
	// ContextSwitch asks for PERF_RECORD_SWITCH records of the task:
	// when it leaves the CPU and when it comes back.
	ContextSwitch bool
	// Dummy makes the event the software dummy event, which samples
	// nothing: a ring of its own for side-band records (ContextSwitch),
	// that the samples of another event cannot crowd out.
	Dummy bool
}

func (c *Config) sampleType() uint64 {
	st := uint64(sampleIP | sampleTID | sampleTime | sampleCPU | samplePeriod)
	if c.Callchain {
		st |= sampleCallchain
	}
	if c.RegsUser != 0 {
		st |= sampleRegsUser
	}
	if c.StackUser != 0 {
		st |= sampleStackUser
	}
	return st
}

func (c *Config) attr() unix.PerfEventAttr {
	a := unix.PerfEventAttr{
		Type:              unix.PERF_TYPE_SOFTWARE,
		Config:            unix.PERF_COUNT_SW_TASK_CLOCK,
		Sample:            c.Period,
		Sample_type:       c.sampleType(),
		Sample_regs_user:  c.RegsUser,
		Sample_stack_user: c.StackUser,
		// No wakeup per record: each one queues an irq_work on the
		// sampled CPU. The reader drains the ring on its own clock; the
		// kernel wakes pollers only when the ring is half full (its
		// default watermark with wakeup_events 0).
		Wakeup: 0,
	}
	if c.Clock == CPUClock {
		a.Config = unix.PERF_COUNT_SW_CPU_CLOCK
	}
	if c.Tracepoint != 0 {
		a.Type, a.Config, a.Sample = unix.PERF_TYPE_TRACEPOINT, c.Tracepoint, 1
	}
	if c.Dummy {
		a.Config = unix.PERF_COUNT_SW_DUMMY
	}
	// CLOCK_MONOTONIC time stamps, so that sample times convert to wall
	// time exactly (perf's default clock is the scheduler's).
	a.Bits = unix.PerfBitExcludeHv | unix.PerfBitSampleIDAll | unix.PerfBitUseClockID
	a.Clockid = unix.CLOCK_MONOTONIC
	if !c.Kernel {
		a.Bits |= unix.PerfBitExcludeKernel | unix.PerfBitExcludeCallchainKe
	}
	if c.KernelChainOnly {
		a.Bits |= unix.PerfBitExcludeCallchainUs
	}
	if c.Inherit {
		a.Bits |= unix.PerfBitInherit
	}
	if c.ContextSwitch {
		a.Bits |= unix.PerfBitContextSwitch
	}
	if c.Tracking {
		// No PerfBitBuildID: while an event with it is open, kernels up
		// to at least 6.x leave PERF_RECORD_MISC_MMAP_BUILD_ID set in the
		// MMAP2 records of every other event on the machine that follows
		// it (perf_event_mmap_output never clears the bit), so their
		// device and inode numbers read as a build ID: perf 6.1 then
		// aborts ("assertion failed at util/build-id.c:1010", stack
		// smashing) in record, script and report. Build IDs come from
		// the files, as perf's own do by default.
		a.Bits |= unix.PerfBitMmap | unix.PerfBitMmap2 | unix.PerfBitComm | unix.PerfBitCommExec | unix.PerfBitTask
	}
	return a
}

// ErrPermission is wrapped by Open's error when the kernel refused the
// event for lack of permission (perf_event_paranoid, capabilities, seccomp).
var ErrPermission = errors.New("perf_event_open not permitted")

// Event is one open perf event with its ring buffer. It is used by one
// goroutine at a time.
type Event struct {
	fd   int
	ring []byte
	page *unix.PerfEventMmapPage
	data []byte // the data area, a power-of-two size
	dec  decoder
	// tail is data_tail as last stored: the kernel writes only from
	// there on (up to tail + the ring's size), so the records between
	// tail and peek, read but not released, stay intact.
	tail uint64
	// peek is where the next record begins; tail <= peek <= data_head.
	peek uint64

	// Next's buffers: a record that wraps around the ring's end, the
	// private copy of the record being decoded, and its call chain and
	// registers.
	buf   []byte
	raw   []byte
	nextW []uint64

	// Peek's buffers, reused from one Release to the next: the one
	// record of the peeked span that wraps around the ring's end (a
	// span is at most the ring's size, so it crosses the end at most
	// once), and the call chains and registers of the peeked records.
	wrap     []byte
	wrapUsed bool
	words    []uint64
}

// Open opens a sampling event for task pid (a thread id; -1 for every
// task) on CPU cpu (-1 for any) and maps its ring buffer.
func Open(c *Config, pid, cpu int) (ev *Event, err error) {
	return open(c, pid, cpu, 0)
}

// open is Open with perf_event_open's flags (PERF_FLAG_PID_CGROUP).
func open(c *Config, pid, cpu, flags int) (ev *Event, err error) {
	a := c.attr()
	if a.Sample == 0 {
		return nil, fmt.Errorf("perf_event_open: zero sampling period")
	}
	fd, err := unix.PerfEventOpenFlags(&a, pid, cpu, flags)
	if err != nil {
		if errors.Is(err, unix.EACCES) || errors.Is(err, unix.EPERM) || errors.Is(err, unix.ENOSYS) {
			return nil, fmt.Errorf("perf_event_open pid %d cpu %d: %w (%w)", pid, cpu, ErrPermission, err)
		}
		return nil, fmt.Errorf("perf_event_open pid %d cpu %d: %w", pid, cpu, err)
	}
	ev = &Event{fd: fd, dec: newDecoder(a.Sample_type, c.RegsUser)}
	defer func() {
		if err != nil {
			ev.Close()
		}
	}()
	pages := c.RingPages
	if pages == 0 {
		pages = 64
	}
	if pages&(pages-1) != 0 {
		return nil, fmt.Errorf("perf ring: %d pages is not a power of two", pages)
	}
	ps := unix.Pagesize()
	ev.ring, err = unix.MmapShared(fd, (pages+1)*ps)
	if err != nil {
		return nil, fmt.Errorf("mmap perf ring of %d pages: %w", pages, err)
	}
	ev.page = unix.MmapPage(ev.ring)
	off, size := ev.page.Data_offset, ev.page.Data_size
	if off == 0 { // kernels before 4.1 leave these 0
		off, size = uint64(ps), uint64(pages*ps)
	}
	ev.data = ev.ring[off : off+size]
	ev.tail = atomic.LoadUint64(&ev.page.Data_tail)
	ev.peek = ev.tail
	return ev, nil
}

// Close unmaps the ring and closes the event.
func (ev *Event) Close() error {
	var err error
	if ev.ring != nil {
		err = unix.Munmap(ev.ring)
		ev.ring, ev.page, ev.data = nil, nil, nil
	}
	if ev.fd >= 0 {
		if cerr := unix.Close(ev.fd); err == nil {
			err = cerr
		}
		ev.fd = -1
	}
	return err
}

// FD returns the event's file descriptor, for polling.
func (ev *Event) FD() int { return ev.fd }

// Disable stops the event counting and sampling.
func (ev *Event) Disable() error {
	return unix.IoctlSetInt(ev.fd, unix.PERF_EVENT_IOC_DISABLE, 0)
}

// Enable starts the event counting and sampling again after Disable.
// Like Disable it applies to the event's inherited copies too (the
// threads and processes its task created).
func (ev *Event) Enable() error {
	return unix.IoctlSetInt(ev.fd, unix.PERF_EVENT_IOC_ENABLE, 0)
}

// SetPeriod changes the sampling period (in nanoseconds) from the next
// sample on.
func (ev *Event) SetPeriod(ns uint64) error {
	return unix.IoctlSetPointerUint64(ev.fd, unix.PERF_EVENT_IOC_PERIOD, ns)
}

// Next decodes the next record of the ring into rec and releases it (and
// any record peeked before it) to the kernel. It returns false when the
// ring holds no complete record. The record's slices stay valid until
// the next call: they alias a private copy of it. A record that does not
// decode is consumed and returned as an error, so that a caller can count
// it and go on.
//
// The ring is a single-producer single-consumer queue: the kernel writes
// records at data_head and the reader frees space by advancing
// data_tail (perf_event_open(2), "MMAP layout").
func (ev *Event) Next(rec *Record) (bool, error) {
	raw, _, err := ev.next(&ev.buf)
	if raw == nil {
		ev.Release()
		return false, err
	}
	// Decode from a private copy: the kernel may overwrite the ring as soon
	// as the tail moves.
	ev.raw = append(ev.raw[:0], raw...)
	ev.Release()
	ev.nextW, err = ev.dec.decode(ev.raw, rec, ev.nextW[:0])
	return true, err
}

// Peek decodes the next record of the ring into rec without releasing
// it: its slices (Callchain, Regs, Stack, BuildID) alias the ring, or, for
// the record that wraps around the ring's end, a buffer of the Event, and
// stay valid until Release, which frees the ring's space of every record
// peeked. The kernel meanwhile writes only into the ring's free space,
// and drops the samples that do not fit (counted in LOST records): a
// caller releases as soon as it is done with the records. It returns
// false when the ring holds no complete record not yet peeked. A record
// that does not decode is consumed and returned as an error. Next after
// Peek releases what was peeked.
func (ev *Event) Peek(rec *Record) (bool, error) {
	buf := &ev.wrap
	if ev.wrapUsed {
		// A second wrapped record before Release: only if the caller
		// peeked more than a ring's size, which the kernel's ring rules
		// out; a fresh buffer keeps the first one's record intact.
		buf = new([]byte)
	}
	raw, wrapped, err := ev.next(buf)
	if raw == nil {
		return false, err
	}
	ev.wrapUsed = ev.wrapUsed || wrapped
	ev.words, err = ev.dec.decode(raw, rec, ev.words)
	return true, err
}

// Release gives the ring's space of every record peeked back to the
// kernel: their slices are no longer valid.
func (ev *Event) Release() {
	if ev.tail != ev.peek {
		ev.tail = ev.peek
		atomic.StoreUint64(&ev.page.Data_tail, ev.tail) // release: the reads above are done
	}
	ev.words = ev.words[:0]
	ev.wrapUsed = false
}

// next returns the bytes of the record at peek and moves peek past it:
// a slice of the ring, or, for a record that wraps around the ring's end,
// a copy in *buf (wrapped). It returns nil when the kernel has written
// no record there yet, and nil with an error when the record's size is
// corrupt (the rest of what the kernel wrote is then skipped).
func (ev *Event) next(buf *[]byte) (raw []byte, wrapped bool, err error) {
	head := atomic.LoadUint64(&ev.page.Data_head) // acquire: records before head are written
	if ev.peek == head {
		return nil, false, nil
	}
	size := uint64(len(ev.data))
	mask := size - 1
	var hdr [8]byte
	for i := range hdr {
		hdr[i] = ev.data[(ev.peek+uint64(i))&mask]
	}
	n := uint64(uint16(hdr[6]) | uint16(hdr[7])<<8)
	if n < 8 || head-ev.peek < n {
		// A corrupt size: give up the rest of the ring rather than loop.
		left := head - ev.peek
		ev.peek = head
		return nil, false, &DecodeError{Msg: fmt.Sprintf("record size %d with %d bytes in the ring", n, left)}
	}
	start := ev.peek & mask
	ev.peek += n
	if start+n <= size {
		return ev.data[start : start+n], false, nil
	}
	b := append((*buf)[:0], ev.data[start:]...)
	b = append(b, ev.data[:n-(size-start)]...)
	*buf = b
	return b, true, nil
}

// Decode decodes one raw record (header included) as an event of
// configuration c would have written it. It is the ring reader's decoder,
// exported for tests and fuzzing.
func Decode(c *Config, raw []byte, rec *Record) error {
	d := newDecoder(c.sampleType(), c.RegsUser)
	_, err := d.decode(raw, rec, nil)
	return err
}

// Probe opens and closes a task-clock counting event on the calling
// thread, with kernel sampling when kernel is true: it says whether this
// process may use perf events at all (and the kernel's part of them).
func Probe(kernel bool) error {
	c := &Config{Period: 1000000, Kernel: kernel}
	a := c.attr()
	a.Sample_type = 0
	fd, err := unix.PerfEventOpen(&a, 0, -1, -1)
	if err != nil {
		if errors.Is(err, unix.EACCES) || errors.Is(err, unix.EPERM) || errors.Is(err, unix.ENOSYS) {
			return fmt.Errorf("perf_event_open: %w (%w)", ErrPermission, err)
		}
		return fmt.Errorf("perf_event_open: %w", err)
	}
	return unix.Close(fd)
}

// maxStackPath is the sysctl kernel.perf_event_max_stack: the most frames
// (kernel and user together) the kernel puts in one sample's call chain
// (Documentation/admin-guide/sysctl/kernel.rst; 127 by default).
const maxStackPath = "/proc/sys/kernel/perf_event_max_stack"

// MaxStack returns the kernel's limit of call chain entries a sample holds.
func MaxStack() (int, error) {
	data, err := os.ReadFile(maxStackPath)
	if err != nil {
		return 0, fmt.Errorf("read perf_event_max_stack: %w", err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return 0, fmt.Errorf("read perf_event_max_stack: %w", err)
	}
	return n, nil
}

// SetMaxStack sets kernel.perf_event_max_stack to n (root only; the kernel
// refuses with EBUSY while any event with call chains is open).
func SetMaxStack(n int) error {
	if err := os.WriteFile(maxStackPath, []byte(strconv.Itoa(n)+"\n"), 0o644); err != nil {
		return fmt.Errorf("set perf_event_max_stack: %w", err)
	}
	return nil
}

// OpenCPU opens a sampling event for every task that runs on CPU cpu
// (perf record -a's events), or, when cgroupFD >= 0, for the tasks of the
// cgroup whose directory is open as cgroupFD (perf record -G), and maps
// its ring buffer. Inherit makes no sense for such events and is ignored;
// Tracking gives the MMAP2, COMM, FORK and EXIT records of the tasks that
// run on that CPU, so each CPU's event should have it.
func OpenCPU(c *Config, cgroupFD, cpu int) (*Event, error) {
	cc := *c
	cc.Inherit = false
	if cgroupFD < 0 {
		return open(&cc, -1, cpu, 0)
	}
	return open(&cc, cgroupFD, cpu, unix.PERF_FLAG_PID_CGROUP)
}
