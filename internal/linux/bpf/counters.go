package bpf

import (
	"encoding/binary"
	"errors"
	"fmt"

	"sonde/internal/linux/unix"
)

// UprobeCounters counts the hits of many uprobes in the processes of one
// tree: a BPF program attached to every probe by uprobe_multi links (one
// per object, one bpf(2) call for all its probes, no trace event and no
// perf event per probe) adds one to the array element the probe's cookie
// names, when the process hitting it is one that Follow named or one they
// forked, directly or not; a second program on the task:task_newtask
// trace event adds each new process of a followed one to the followed
// set, before the child can run, and a third on sched:sched_process_exit
// removes a process when its last thread exits (where the kernel's event
// has group_dead, Linux 6.10), so that its pid, once reused, is not
// counted. A followed process that execs stays followed (its pid does not
// change), and its hits count wherever it maps a probed object. Not safe
// for concurrent use.
type UprobeCounters struct {
	n          int
	counts     *Map // u32 cookie -> u64 hits
	tgids      *Map // u32 tgid -> u32 1: the followed processes
	count      *Program
	follow     *Program
	followLink *Link
	forget     *Program // nil where sched_process_exit has no group_dead
	forgetLink *Link
	links      []*Link
	probes     int
}

// maxFollowed bounds the followed processes (the hash map is preallocated:
// about 100 bytes an entry).
const maxFollowed = 16384

// cloneThread is CLONE_THREAD (include/uapi/linux/sched.h): a new thread,
// not a new process, whose pid is followed already.
const cloneThread = 0x10000

// NewUprobeCounters creates the maps and programs for n counters (cookies
// 0 to n-1) and starts following new processes. It wraps ErrNotSupported
// when the kernel cannot (no BPF, no permission, no uprobe_multi).
func NewUprobeCounters(n int) (_ *UprobeCounters, err error) {
	if n <= 0 || n > 1<<24 {
		return nil, fmt.Errorf("uprobe counters: %d counters", n)
	}
	newtask, err := ReadFormat("task", "task_newtask")
	if err != nil {
		return nil, fmt.Errorf("uprobe counters: %w: %w", ErrNotSupported, err)
	}
	pidField, ok1 := newtask.Fields["pid"]
	flagsField, ok2 := newtask.Fields["clone_flags"]
	if !ok1 || !ok2 || pidField.Size != 4 || flagsField.Size != 8 {
		return nil, fmt.Errorf("uprobe counters: task:task_newtask has no 4-byte pid and 8-byte clone_flags: %w", ErrNotSupported)
	}
	c := &UprobeCounters{n: n}
	defer func() {
		if err != nil {
			c.Close()
		}
	}()
	if c.counts, err = NewMap(MapSpec{Name: "sonde_counts", Type: Array, KeySize: 4, ValueSize: 8, MaxEntries: uint32(n)}); err != nil {
		return nil, err
	}
	if c.tgids, err = NewMap(MapSpec{Name: "sonde_tgids", Type: Hash, KeySize: 4, ValueSize: 4, MaxEntries: maxFollowed}); err != nil {
		return nil, err
	}
	if c.count, err = LoadProgram(ProgramSpec{Name: "sonde_count", Type: Kprobe, AttachType: TraceUprobeMulti, License: "GPL",
		Insns: countProgram(c.tgids.FD(), c.counts.FD())}); err != nil {
		return nil, err
	}
	if c.follow, err = LoadProgram(ProgramSpec{Name: "sonde_follow", Type: Tracepoint, License: "GPL",
		Insns: followProgram(c.tgids.FD(), int16(pidField.Offset), int16(flagsField.Offset))}); err != nil {
		return nil, err
	}
	if c.followLink, err = AttachTracepoint(c.follow, newtask.ID); err != nil {
		return nil, err
	}
	exit, err := ReadFormat("sched", "sched_process_exit")
	if err != nil {
		return c, nil // the followed set is not pruned
	}
	if gd, ok := exit.Fields["group_dead"]; ok && gd.Size == 1 {
		if c.forget, err = LoadProgram(ProgramSpec{Name: "sonde_forget", Type: Tracepoint, License: "GPL",
			Insns: forgetProgram(c.tgids.FD(), int16(gd.Offset))}); err != nil {
			return nil, err
		}
		if c.forgetLink, err = AttachTracepoint(c.forget, exit.ID); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// countProgram returns the uprobe program: if the current process is
// followed, counts[cookie] += 1 (atomically: threads on several CPUs hit
// the same probe).
func countProgram(tgids, counts int) []Insn {
	var p []Insn
	p = append(p,
		Mov64Reg(R6, R1), // ctx, for bpf_get_attach_cookie
		Call(FnGetCurrentPidTgid),
		RSh64Imm(R0, 32), // tgid
		StoreMem(R10, -4, R0, BPF_W),
		Mov64Reg(R2, R10),
		Add64Imm(R2, -4))
	m := LoadMapFD(R1, tgids)
	p = append(p, m[:]...)
	p = append(p,
		Call(FnMapLookupElem),
		JEqImm(R0, 0, 11), // not followed: to exit
		Mov64Reg(R1, R6),
		Call(FnGetAttachCookie),
		StoreMem(R10, -8, R0, BPF_W),
		Mov64Reg(R2, R10),
		Add64Imm(R2, -8))
	m = LoadMapFD(R1, counts)
	p = append(p, m[:]...)
	p = append(p,
		Call(FnMapLookupElem),
		JEqImm(R0, 0, 2), // cookie out of range: to exit
		Mov64Imm(R1, 1),
		AtomicAdd64(R0, 0, R1),
		Mov64Imm(R0, 0), // exit
		Exit())
	return p
}

// followProgram returns the task:task_newtask program: if the task
// creating a process (not a thread) is followed, its child is followed
// too. pidOff and flagsOff are the offsets of the record's pid (the
// child's) and clone_flags.
func followProgram(tgids int, pidOff, flagsOff int16) []Insn {
	var p []Insn
	p = append(p,
		Mov64Reg(R6, R1), // the record
		LoadMem(R1, R6, flagsOff, BPF_DW),
		And64Imm(R1, cloneThread),
		JNEImm(R1, 0, 20), // a thread: to exit
		Call(FnGetCurrentPidTgid),
		RSh64Imm(R0, 32),
		StoreMem(R10, -4, R0, BPF_W),
		Mov64Reg(R2, R10),
		Add64Imm(R2, -4))
	m := LoadMapFD(R1, tgids)
	p = append(p, m[:]...)
	p = append(p,
		Call(FnMapLookupElem),
		JEqImm(R0, 0, 11), // parent not followed: to exit
		LoadMem(R1, R6, pidOff, BPF_W),
		StoreMem(R10, -8, R1, BPF_W),
		StoreImm(R10, -12, 1, BPF_W))
	p = append(p, m[:]...)
	p = append(p,
		Mov64Reg(R2, R10),
		Add64Imm(R2, -8),
		Mov64Reg(R3, R10),
		Add64Imm(R3, -12),
		Mov64Imm(R4, 0), // BPF_ANY
		Call(FnMapUpdateElem),
		Mov64Imm(R0, 0), // exit
		Exit())
	return p
}

// forgetProgram returns the sched:sched_process_exit program: when the
// last thread of a process exits (group_dead, at offset deadOff), its
// pid leaves the followed set.
func forgetProgram(tgids int, deadOff int16) []Insn {
	var p []Insn
	p = append(p,
		LoadMem(R1, R1, deadOff, BPF_B),
		JEqImm(R1, 0, 8), // not the last thread: to exit
		Call(FnGetCurrentPidTgid),
		RSh64Imm(R0, 32),
		StoreMem(R10, -4, R0, BPF_W))
	m := LoadMapFD(R1, tgids)
	p = append(p, m[:]...)
	p = append(p,
		Mov64Reg(R2, R10),
		Add64Imm(R2, -4),
		Call(FnMapDeleteElem),
		Mov64Imm(R0, 0), // exit
		Exit())
	return p
}

// Following reports whether process pid is in the followed set.
func (c *UprobeCounters) Following(pid int) (bool, error) {
	var k, v [4]byte
	binary.NativeEndian.PutUint32(k[:], uint32(pid))
	err := c.tgids.Lookup(k[:], v[:])
	if errors.Is(err, unix.ENOENT) {
		return false, nil
	}
	return err == nil, err
}

// Follow adds process pid (and, from now on, the processes it creates) to
// the counted ones.
func (c *UprobeCounters) Follow(pid int) error {
	var k [4]byte
	binary.NativeEndian.PutUint32(k[:], uint32(pid))
	one := []byte{1, 0, 0, 0}
	if err := c.tgids.Update(k[:], one); err != nil {
		return fmt.Errorf("follow process %d: %w", pid, err)
	}
	return nil
}

// ErrProbeRefused says the kernel refused to probe an instruction at one
// of the offsets (ENOTSUPP): a link is all or nothing, so the caller must
// find which.
var ErrProbeRefused = errors.New("the kernel refuses to probe an instruction")

// Attach probes the object at path at each file offset of offsets; a hit
// at offsets[i] counts in counter cookies[i].
func (c *UprobeCounters) Attach(path string, offsets, cookies []uint64) error {
	for _, k := range cookies {
		if k >= uint64(c.n) {
			return fmt.Errorf("attach uprobes to %s: cookie %d of %d counters", path, k, c.n)
		}
	}
	l, err := AttachUprobeMulti(c.count, path, offsets, cookies)
	if err != nil {
		if errors.Is(err, errNotSupp) {
			return fmt.Errorf("%w: %w", ErrProbeRefused, err)
		}
		return err
	}
	c.links = append(c.links, l)
	c.probes += len(offsets)
	return nil
}

// errNotSupp is ENOTSUPP (524), the kernel-internal error uprobes return
// for an instruction they cannot handle.
var errNotSupp = unix.ENOTSUPP

// Probes returns the number of probes attached.
func (c *UprobeCounters) Probes() int { return c.probes }

// Counts returns the n counters.
func (c *UprobeCounters) Counts() ([]uint64, error) {
	out := make([]uint64, c.n)
	var k [4]byte
	var v [8]byte
	for i := range out {
		binary.NativeEndian.PutUint32(k[:], uint32(i))
		if err := c.counts.Lookup(k[:], v[:]); err != nil {
			return nil, err
		}
		out[i] = binary.NativeEndian.Uint64(v[:])
	}
	return out, nil
}

// Close detaches every probe (one close per object) and releases the
// programs and maps.
func (c *UprobeCounters) Close() error {
	var errs []error
	for _, l := range c.links {
		errs = append(errs, l.Close())
	}
	c.links = nil
	for _, l := range []*Link{c.followLink, c.forgetLink} {
		if l != nil {
			errs = append(errs, l.Close())
		}
	}
	c.followLink, c.forgetLink = nil, nil
	for _, p := range []*Program{c.count, c.follow, c.forget} {
		if p != nil {
			errs = append(errs, p.Close())
		}
	}
	for _, m := range []*Map{c.counts, c.tgids} {
		if m != nil {
			errs = append(errs, m.Close())
		}
	}
	return errors.Join(errs...)
}
