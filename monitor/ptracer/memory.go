package ptracer

import (
	"fmt"
	"os"
)

// Memory is a target's address space as bytes, read and written at its
// run-time addresses: /proc/PID/mem of a traced process (procMemory), or
// a byte slice standing in for one in tests. Arming, planting and
// removing breakpoints and trampolines go through it, so that they run
// unchanged on either. A read or write of fewer bytes than asked is an
// error. One ptrace run's goroutine owns a Memory: not safe for
// concurrent use.
type Memory interface {
	// ReadMemory fills buf with the bytes at addr.
	ReadMemory(buf []byte, addr uint64) (int, error)
	// WriteMemory writes buf at addr; a tracer may write its tracee's
	// read-only text.
	WriteMemory(buf []byte, addr uint64) (int, error)
	// Close releases the memory; it is not used after.
	Close() error
}

// procMemory is a process's memory through /proc/PID/mem.
type procMemory struct{ f *os.File }

// ReadMemory reads /proc/PID/mem at addr.
func (m procMemory) ReadMemory(buf []byte, addr uint64) (int, error) {
	return m.f.ReadAt(buf, int64(addr))
}

// WriteMemory writes /proc/PID/mem at addr.
func (m procMemory) WriteMemory(buf []byte, addr uint64) (int, error) {
	return m.f.WriteAt(buf, int64(addr))
}

// Close closes /proc/PID/mem.
func (m procMemory) Close() error { return m.f.Close() }

// openMem opens /proc/PID/mem for reading and writing; a tracer may write
// the text of its tracee through it.
func openMem(pid int) (Memory, error) {
	f, err := os.OpenFile(fmt.Sprintf("/proc/%d/mem", pid), os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("open memory of process %d: %w", pid, err)
	}
	return procMemory{f}, nil
}
