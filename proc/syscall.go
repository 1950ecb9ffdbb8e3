package proc

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Syscall is what /proc/TID/syscall says of a thread that is not running
// (proc(5)): the system call it is blocked in, or none (Nr -1: blocked
// outside one, a page fault), and its user stack pointer and program
// counter, which stay put while it is blocked.
type Syscall struct {
	Nr     int // the x86-64 number; -1 when blocked outside a system call
	SP, PC uint64
}

// ErrRunning says that the thread was running when /proc/TID/syscall was
// read: the kernel shows no registers then.
var ErrRunning = errors.New("thread running")

// ParseSyscall parses the text of /proc/TID/syscall: "NR ARG1 … ARG6 SP
// PC" (arguments, SP and PC in hex), "-1 SP PC", or "running".
func ParseSyscall(s, name string) (Syscall, error) {
	f := strings.Fields(s)
	if len(f) == 1 && f[0] == "running" {
		return Syscall{}, ErrRunning
	}
	if len(f) != 3 && len(f) != 9 {
		return Syscall{}, &ParseError{File: name, Line: 1, Msg: fmt.Sprintf("%d fields", len(f))}
	}
	nr, err := strconv.Atoi(f[0])
	if err != nil || nr < -1 {
		return Syscall{}, &ParseError{File: name, Line: 1, Msg: fmt.Sprintf("bad number %q", f[0])}
	}
	if (nr == -1) != (len(f) == 3) {
		return Syscall{}, &ParseError{File: name, Line: 1, Msg: fmt.Sprintf("%d fields for call %d", len(f), nr)}
	}
	sc := Syscall{Nr: nr}
	for i, p := range []*uint64{&sc.SP, &sc.PC} {
		v := f[len(f)-2+i]
		n, err := strconv.ParseUint(strings.TrimPrefix(v, "0x"), 16, 64)
		if err != nil {
			return Syscall{}, &ParseError{File: name, Line: 1, Msg: fmt.Sprintf("bad address %q", v)}
		}
		*p = n
	}
	return sc, nil
}

// ReadSyscall reads and parses /proc/TID/syscall (ptrace access to the
// thread is needed).
func ReadSyscall(tid int) (Syscall, error) {
	name := fmt.Sprintf("/proc/%d/syscall", tid)
	data, err := os.ReadFile(name)
	if err != nil {
		return Syscall{}, fmt.Errorf("read syscall of thread %d: %w", tid, err)
	}
	return ParseSyscall(string(data), name)
}
