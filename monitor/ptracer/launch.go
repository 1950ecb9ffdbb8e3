package ptracer

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"sonde/internal/linux/ptrace"
	"sonde/internal/linux/unix"
	"sonde/monitor/counting"
	"sonde/monitor/units"
	"sonde/proc"
)

// SeizeOptions follow every new thread and process, and exec.
const SeizeOptions = ptrace.Follow

// Launch starts cmd traced by t and runs it to its start point (RunToEntry),
// where the dynamic loader has mapped the libraries it needs. It returns
// the pid, stopped there. When it fails, the command is killed and reaped.
func Launch(t *Tracer, cmd *exec.Cmd) (int, error) {
	started := false
	tr, err := t.Launch(cmd, func(tr *tracee) error {
		started = true
		return RunToEntry(t, tr)
	})
	if err != nil && !started {
		return 0, fmt.Errorf("start %s: %w", cmd.Path, err)
	}
	if err != nil {
		return 0, err
	}
	return tr.PID, nil
}

// startPoint is where sonde plants the units of a program it starts or
// sees exec: the dynamic loader's _dl_debug_state once its library list
// is consistent, after the libraries are mapped and relocated and before
// their initializers run (so that their constructors are counted, as
// valgrind counts them); or the entry point of a program without one.
type startPoint struct {
	addr   uint64
	rDebug uint64 // the loader's _r_debug; 0 at an entry point
	ret    bool   // addr holds a bare ret (see bp.ret)
}

// startOf returns process pid's start point; mem is its memory.
func startOf(pid int, mem Memory) (startPoint, error) {
	base, err := auxvValue(pid, atBase)
	if err == nil && base != 0 {
		if maps, err := proc.Maps(pid); err == nil {
			for _, m := range maps {
				if m.Start == base && m.Offset == 0 {
					if sp, ok := rtldStop(pid, maps, m.Path, mem); ok && sp.rDebug != 0 {
						return sp, nil
					}
					break
				}
			}
		}
	}
	entry, err := auxvValue(pid, atEntry)
	if err != nil {
		return startPoint{}, err
	}
	return startPoint{addr: entry}, nil
}

// rtldStop returns the breakpoint address of the dynamic loader mapped
// from path in process pid (its _dl_debug_state, which it calls after
// each change of its library list), with its _r_debug.
func rtldStop(pid int, maps []proc.Mapping, path string, mem Memory) (startPoint, bool) {
	file := filepath.Join(proc.Root(pid), path)
	addr, ok := units.SymbolRuntimeAddr(file, "_dl_debug_state", maps, path)
	if !ok {
		return startPoint{}, false
	}
	sp := startPoint{addr: addr}
	if v := units.SymbolValues(file, "_dl_debug_state", "_r_debug"); v[0] != 0 && v[1] != 0 {
		sp.rDebug = sp.addr - v[0] + v[1]
	}
	var insn [5]byte
	if _, err := mem.ReadMemory(insn[:], sp.addr); err == nil {
		sp.ret = insn[0] == 0xc3 || bytes.Equal(insn[:], []byte{0xf3, 0x0f, 0x1e, 0xfa, 0xc3}) // ret, endbr64; ret
	}
	return sp, true
}

// rtldConsistent reports whether the loader's r_debug at a says its
// library list is consistent (r_state RT_CONSISTENT, or unreadable: then
// planning is the safe side).
func rtldConsistent(mem Memory, a uint64) bool {
	var st [4]byte
	const rState = 24 // int r_version, link_map *r_map, ElfW(Addr) r_brk, r_state
	if _, err := mem.ReadMemory(st[:], a+rState); err != nil {
		return true
	}
	return binary.LittleEndian.Uint32(st[:]) == 0
}

// popReturn sets regs as a ret would: the return address, read through
// mem at the stack pointer, into the pc.
func popReturn(mem Memory, regs *unix.PtraceRegs) bool {
	var ra [8]byte
	if _, err := mem.ReadMemory(ra[:], regs.Rsp); err != nil {
		return false
	}
	setPC(regs, binary.LittleEndian.Uint64(ra[:]))
	regs.Rsp += 8
	return true
}

// RunToEntry plants a breakpoint at the program's start point (startOf),
// lets tracee tr run to it, and removes it again: tr is left stopped where
// the program is ready to be planted. tr is a command t has just launched,
// still held by its SIGSTOP (Launch's ready: it is resumed by a SIGCONT),
// or a process stopped at its exec.
func RunToEntry(t *Tracer, tr *tracee) error {
	pid := tr.TID
	mem, err := openMem(pid)
	if err != nil {
		return err
	}
	defer mem.Close()
	start, err := startOf(pid, mem)
	if err != nil {
		return err
	}
	entry := start.addr
	var orig [1]byte
	if _, err := mem.ReadMemory(orig[:], entry); err != nil {
		return fmt.Errorf("read start point %#x of process %d: %w", entry, pid, err)
	}
	if _, err := mem.WriteMemory(breakpointInsn, entry); err != nil {
		return fmt.Errorf("plant breakpoint at start point %#x of process %d: %w", entry, pid, err)
	}
	if tr.Stopped() {
		t.Cont(tr, 0)
	} else {
		unix.Kill(pid, unix.SIGCONT)
	}
	for {
		ev, err := waitStop(t, tr)
		if err != nil {
			return err
		}
		if ev.Kind != ptrace.Signaled {
			t.Cont(tr, 0) // an event stop
			continue
		}
		if ev.Sig != unix.SIGTRAP {
			t.Cont(tr, int(ev.Sig))
			continue
		}
		var regs unix.PtraceRegs
		if err := unix.PtraceGetRegs(pid, &regs); err != nil {
			return fmt.Errorf("registers of process %d: %w", pid, err)
		}
		if pc(&regs)-pcAfterTrap != entry {
			t.Cont(tr, int(ev.Sig))
			continue
		}
		setPC(&regs, entry)
		consistent := start.rDebug == 0 || rtldConsistent(mem, start.rDebug)
		if consistent || !start.ret {
			if _, err := mem.WriteMemory(orig[:], entry); err != nil {
				return fmt.Errorf("restore start point of process %d: %w", pid, err)
			}
		}
		if start.ret && start.rDebug != 0 && !popReturn(mem, &regs) {
			return fmt.Errorf("return from the loader's breakpoint in process %d failed", pid)
		}
		if err := unix.PtraceSetRegs(pid, &regs); err != nil {
			return fmt.Errorf("registers of process %d: %w", pid, err)
		}
		if consistent {
			tr.DropSignal() // the trap was sonde's
			return nil
		}
		if !start.ret {
			// Step over the original instruction, then plant again.
			if err := t.Step(tr, 0); err != nil {
				return fmt.Errorf("step process %d: %w", pid, err)
			}
			if _, err := waitStop(t, tr); err != nil {
				return err
			}
			if _, err := mem.WriteMemory(breakpointInsn, entry); err != nil {
				return fmt.Errorf("plant breakpoint at start point %#x of process %d: %w", entry, pid, err)
			}
		}
		t.Cont(tr, 0)
	}
}

// waitStop waits for the next stop of tr, a process not yet at its start
// point (a group-stop is waited out); its end is an error.
func waitStop(t *Tracer, tr *tracee) (event, error) {
	for {
		ev, _, err := t.WaitFor(tr, true)
		switch {
		case err != nil:
			return ev, fmt.Errorf("wait for process %d: %w", tr.TID, err)
		case ev.Kind == ptrace.Exited:
			return ev, fmt.Errorf("process %d ended before its entry point (%s)", tr.TID, counting.Ended(ev.Status))
		case ev.Kind != ptrace.GroupStopped:
			return ev, nil
		}
	}
}

// Auxiliary vector keys.
const (
	atBase  = 7 // the interpreter's load address
	atEntry = 9 // the program's entry point
)

// auxvValue returns the value of key in process pid's auxiliary vector.
func auxvValue(pid int, key uint64) (uint64, error) {
	name := fmt.Sprintf("/proc/%d/auxv", pid)
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", name, err)
	}
	for i := 0; i+16 <= len(data); i += 16 {
		if binary.LittleEndian.Uint64(data[i:]) == key {
			return binary.LittleEndian.Uint64(data[i+8:]), nil
		}
	}
	return 0, fmt.Errorf("read %s: no entry %d", name, key)
}
