package ptracer

import (
	"fmt"
	"syscall"

	"sonde/internal/linux/ptrace"
	"sonde/internal/linux/unix"
)

// System calls run inside a stopped tracee: the instruction at its pc is
// replaced by `syscall` for one single-step, with the registers set for
// the call, and everything is put back afterwards.

var syscallInsn = []byte{0x0f, 0x05}

// remoteSyscall runs system call nr with args in thread tid, stopped by t,
// whose process's memory is mem, and returns its result. Signals that
// arrive meanwhile are raised again afterwards, so the tracee still gets
// them.
func remoteSyscall(t *Tracer, tid, pid int, mem Memory, nr uint64, args ...uint64) (uint64, error) {
	tr := t.Tracee(tid)
	if tr == nil {
		return 0, fmt.Errorf("thread %d is not traced", tid)
	}
	var saved, regs unix.PtraceRegs
	if err := unix.PtraceGetRegs(tid, &saved); err != nil {
		return 0, fmt.Errorf("registers of thread %d: %w", tid, err)
	}
	at := saved.Rip
	var orig [2]byte
	if _, err := mem.ReadMemory(orig[:], at); err != nil {
		return 0, fmt.Errorf("read code at %#x of process %d: %w", at, pid, err)
	}
	if _, err := mem.WriteMemory(syscallInsn, at); err != nil {
		return 0, fmt.Errorf("write code at %#x of process %d: %w", at, pid, err)
	}
	defer mem.WriteMemory(orig[:], at)
	regs = saved
	regs.Rax = nr
	// Not a system call being restarted: the kernel must not rewind rip.
	regs.Orig_rax = ^uint64(0)
	var a [6]uint64
	copy(a[:], args)
	regs.Rdi, regs.Rsi, regs.Rdx, regs.R10, regs.R8, regs.R9 = a[0], a[1], a[2], a[3], a[4], a[5]
	if err := unix.PtraceSetRegs(tid, &regs); err != nil {
		return 0, fmt.Errorf("set registers of thread %d: %w", tid, err)
	}
	defer unix.PtraceSetRegs(tid, &saved)
	var pending []syscall.Signal
	defer func() {
		for _, s := range pending {
			unix.Tgkill(pid, tid, s)
		}
	}()
	for step := true; ; {
		if step {
			if err := t.Step(tr, 0); err != nil {
				return 0, fmt.Errorf("step thread %d: %w", tid, err)
			}
		}
		step = true
		ev, _, err := t.WaitFor(tr, true)
		if err != nil {
			return 0, err
		}
		if ev.Kind == ptrace.Exited {
			return 0, fmt.Errorf("thread %d ended during a system call of sonde's", tid)
		}
		if ev.Kind == ptrace.GroupStopped {
			step = false // the Tracer steps it on at the group-stop's end
			continue
		}
		if ev.Kind != ptrace.Signaled {
			continue // an event stop: step on
		}
		if ev.Sig != unix.SIGTRAP {
			pending = append(pending, ev.Sig)
			continue
		}
		tr.DropSignal() // the step's trap: sonde's
		break
	}
	if err := unix.PtraceGetRegs(tid, &regs); err != nil {
		return 0, fmt.Errorf("registers of thread %d: %w", tid, err)
	}
	if regs.Rip != at+uint64(len(syscallInsn)) {
		return 0, fmt.Errorf("thread %d stopped at %#x, not after sonde's system call at %#x", tid, regs.Rip, at)
	}
	if r := int64(regs.Rax); r < 0 && r > -4096 {
		return 0, syscall.Errno(-r)
	}
	return regs.Rax, nil
}
