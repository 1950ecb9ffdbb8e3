package bpf

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// FrameCapture copies the interpreter frame chain of the sampled thread
// at each sample of the perf events it is attached to (AttachPerfEvent):
// a PerfEvent program finds the thread's state (a thread state per
// thread id, kept in a map and checked, else found by walking the
// interpreter's list of thread states), follows it to the innermost
// frame and walks the frames' previous links, copying each frame's code
// pointer, instruction pointer and entry and owner bytes into a record of
// a ring buffer, with the thread, the time (CLOCK_MONOTONIC, perf's
// clock when the event was opened with it) and the interrupted ip and
// sp, which tell the record's sample. Where the structures lie is data,
// per process (FrameWalk, in a hash map keyed by process id), so that an
// interpreter version is a new FrameWalk, not a new program. A fork of a
// process with a FrameWalk gives the child the same (the address space is
// a copy); an exec or an exit does not remove it: Forget does.
//
// It is written for CPython (3.11's to 3.13's _PyRuntime, PyThreadState,
// _PyCFrame where there is one, _PyInterpreterFrame) but knows no Python:
// package sample fills FrameWalk from sample/python's layout of each
// version. Not safe for concurrent
// use.
type FrameCapture struct {
	walks   *Map // u32 tgid -> FrameWalk
	tstates *Map // u32 tid -> u64 thread state (LRU)
	scratch *Map // per-CPU: the record being built and a read buffer
	stats   *Map // array: [0] records the ring had no room for
	ring    *RingReader
	prog    *Program
	follow  *Program
	link    *Link
}

// FrameWalk says where the frames of one process's threads are, as
// runtime addresses and byte offsets.
type FrameWalk struct {
	// Runtime is the runtime address of the structure whose member at
	// InterpHead points to the first interpreter (_PyRuntime); the
	// interpreter's member at ThreadsHead to its first thread state.
	Runtime                 uint64
	InterpHead, ThreadsHead uint64
	// TstateNext and TstateNativeTID are a thread state's link to the
	// next and its thread id (native_thread_id).
	TstateNext, TstateNativeTID uint64
	// TstateFrame is the offset in the thread state of the pointer to
	// follow: to the _PyCFrame (3.11, 3.12) whose member at
	// CframeCurrent is the innermost frame when HasCframe, else (3.13) to
	// the frame itself.
	TstateFrame, CframeCurrent uint64
	HasCframe                  bool
	// FrameRead is how many bytes of a frame are read (at most
	// MaxFrameRead); the members at FrameCode, FramePrevious and
	// FrameInstr (8 bytes each), FrameEntry and FrameOwner (1 byte)
	// must lie inside.
	FrameRead                            uint64
	FrameCode, FramePrevious, FrameInstr uint64
	FrameEntry, FrameOwner               uint64
}

// MaxFrameRead bounds FrameWalk.FrameRead.
const MaxFrameRead = 96

// MaxFrames is the most frames a record holds; a longer chain is cut
// (StatusTruncated) and Next says where it goes on.
const MaxFrames = 128

// maxThreads bounds the walk of an interpreter's thread states.
const maxThreads = 64

// Offsets in a FrameWalk's map value (u64s).
const (
	walkRuntime = 8 * iota
	walkInterpHead
	walkThreadsHead
	walkNext
	walkNativeTID
	walkTstateFrame
	walkCframeCurrent
	walkHasCframe
	walkFrameRead
	walkCode
	walkPrevious
	walkInstr
	walkEntry
	walkOwner
	walkSize
)

// The record a FrameCapture writes (little-endian):
//
//	0   u32 tid          4  u32 tgid
//	8   u64 time         bpf_ktime_get_ns (CLOCK_MONOTONIC)
//	16  u64 ip           24 u64 sp: the interrupted registers
//	32  u32 frames       36 u32 status
//	40  u64 tstate       the thread state, 0 if not found
//	48  u64 next         the frame after the last one copied (truncated)
//	56  frames × 24      u64 code, u64 instr, u8 entry, u8 owner, 6 bytes 0
const (
	recHeader = 56
	recFrame  = 24
	// scratchWindow is where frames are read in the scratch value.
	scratchWindow = recHeader + MaxFrames*recFrame
	scratchSize   = scratchWindow + 128 + 8
)

// Status says how a record's chain ended.
type Status uint32

// The statuses.
const (
	StatusOK        Status = iota // the chain's end was reached
	StatusNoThread                // no thread state has the thread's id
	StatusReadFault               // a frame could not be read (not resident: BPF takes no page fault)
	StatusTruncated               // more than MaxFrames frames
	StatusNoFrame                 // the thread state could not be followed to a frame
)

// String names the status.
func (s Status) String() string {
	switch s {
	case StatusOK:
		return "ok"
	case StatusNoThread:
		return "no thread state"
	case StatusReadFault:
		return "frame not readable"
	case StatusTruncated:
		return "truncated"
	case StatusNoFrame:
		return "no frame"
	}
	return fmt.Sprintf("Status(%d)", uint32(s))
}

// RawFrame is one frame as copied at the sample.
type RawFrame struct {
	Code, Instr  uint64
	Entry, Owner uint8
}

// FrameRecord is one sample's frame chain.
type FrameRecord struct {
	TID, TGID    uint32
	Time, IP, SP uint64
	Status       Status
	Tstate, Next uint64
	Frames       []RawFrame
}

// ParseFrameRecord decodes a record into r, reusing r.Frames.
func ParseFrameRecord(b []byte, r *FrameRecord) error {
	if len(b) < recHeader {
		return fmt.Errorf("frame record of %d bytes, want at least %d", len(b), recHeader)
	}
	n := int(binary.LittleEndian.Uint32(b[32:]))
	if n > MaxFrames || len(b) < recHeader+n*recFrame {
		return fmt.Errorf("frame record of %d bytes with %d frames", len(b), n)
	}
	r.TID, r.TGID = binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:])
	r.Time, r.IP, r.SP = binary.LittleEndian.Uint64(b[8:]), binary.LittleEndian.Uint64(b[16:]), binary.LittleEndian.Uint64(b[24:])
	r.Status = Status(binary.LittleEndian.Uint32(b[36:]))
	r.Tstate, r.Next = binary.LittleEndian.Uint64(b[40:]), binary.LittleEndian.Uint64(b[48:])
	r.Frames = r.Frames[:0]
	for i := range n {
		f := b[recHeader+i*recFrame:]
		r.Frames = append(r.Frames, RawFrame{Code: binary.LittleEndian.Uint64(f), Instr: binary.LittleEndian.Uint64(f[8:]), Entry: f[16], Owner: f[17]})
	}
	return nil
}

// NewFrameCapture creates the maps and programs, with a ring buffer of
// ringSize bytes. It wraps ErrNotSupported when the kernel cannot (no
// BPF, no permission, no ring buffer maps: Linux 5.8).
func NewFrameCapture(ringSize int) (_ *FrameCapture, err error) {
	c := &FrameCapture{}
	defer func() {
		if err != nil {
			c.Close()
		}
	}()
	if c.walks, err = NewMap(MapSpec{Name: "sonde_pywalks", Type: Hash, KeySize: 4, ValueSize: walkSize, MaxEntries: 4096}); err != nil {
		return nil, err
	}
	if c.tstates, err = NewMap(MapSpec{Name: "sonde_tstates", Type: LRUHash, KeySize: 4, ValueSize: 8, MaxEntries: 16384}); err != nil {
		return nil, err
	}
	if c.scratch, err = NewMap(MapSpec{Name: "sonde_pyscratch", Type: PerCPUArray, KeySize: 4, ValueSize: scratchSize, MaxEntries: 1}); err != nil {
		return nil, err
	}
	if c.stats, err = NewMap(MapSpec{Name: "sonde_pystats", Type: Array, KeySize: 4, ValueSize: 8, MaxEntries: 1}); err != nil {
		return nil, err
	}
	if c.ring, err = NewRingbuf("sonde_pyframes", ringSize); err != nil {
		return nil, err
	}
	insns, err := c.program()
	if err != nil {
		return nil, err
	}
	if c.prog, err = LoadProgram(ProgramSpec{Name: "sonde_pyframes", Type: PerfEvent, License: "GPL", Insns: insns}); err != nil {
		return nil, err
	}
	newtask, err := ReadFormat("task", "task_newtask")
	if err != nil {
		return c, nil // children of a fork get no FrameWalk until Set
	}
	pidField, ok1 := newtask.Fields["pid"]
	flagsField, ok2 := newtask.Fields["clone_flags"]
	if !ok1 || !ok2 || pidField.Size != 4 || flagsField.Size != 8 {
		return c, nil
	}
	if c.follow, err = LoadProgram(ProgramSpec{Name: "sonde_pyfork", Type: Tracepoint, License: "GPL",
		Insns: forkWalkProgram(c.walks.FD(), int16(pidField.Offset), int16(flagsField.Offset))}); err != nil {
		return nil, err
	}
	if c.link, err = AttachTracepoint(c.follow, newtask.ID); err != nil {
		return nil, err
	}
	return c, nil
}

// program assembles the PerfEvent program (registers: R6 the context,
// then a thread state or frame; R7 the scratch value; R8 the thread and
// process id, then a loop counter; R9 the FrameWalk).
func (c *FrameCapture) program() ([]Insn, error) {
	var a Asm
	read8 := func(base Reg, baseOff int16, plus Reg, fail string) {
		// scratch[window] = 8 bytes at *(base+baseOff) + plus (plus
		// may be R0 for none)
		a.Add(LoadMem(R3, base, baseOff, BPF_DW))
		if plus != R0 {
			a.Add(Add64Reg(R3, plus))
		}
		a.Add(Mov64Reg(R1, R7), Add64Imm(R1, scratchWindow), Mov64Imm(R2, 8), Call(FnProbeReadUser))
		a.Jump(BPF_JNE, R0, 0, fail)
	}
	a.Add(Mov64Reg(R6, R1), Call(FnGetCurrentPidTgid), Mov64Reg(R8, R0),
		Mov64Reg(R1, R0), RSh64Imm(R1, 32), StoreMem(R10, -8, R1, BPF_W))
	a.AddMapFD(R1, c.walks.FD())
	a.Add(Mov64Reg(R2, R10), Add64Imm(R2, -8), Call(FnMapLookupElem))
	a.Jump(BPF_JEQ, R0, 0, "out")
	a.Add(Mov64Reg(R9, R0), StoreImm(R10, -16, 0, BPF_W))
	a.AddMapFD(R1, c.scratch.FD())
	a.Add(Mov64Reg(R2, R10), Add64Imm(R2, -16), Call(FnMapLookupElem))
	a.Jump(BPF_JEQ, R0, 0, "out")
	a.Add(Mov64Reg(R7, R0),
		StoreMem(R7, 0, R8, BPF_W),
		Mov64Reg(R1, R8), RSh64Imm(R1, 32), StoreMem(R7, 4, R1, BPF_W),
		LoadMem(R1, R6, PerfEventIP, BPF_DW), StoreMem(R7, 16, R1, BPF_DW),
		LoadMem(R1, R6, PerfEventSP, BPF_DW), StoreMem(R7, 24, R1, BPF_DW),
		Call(FnKtimeGetNs), StoreMem(R7, 8, R0, BPF_DW),
		StoreImm(R7, 32, 0, BPF_DW), StoreImm(R7, 40, 0, BPF_DW), StoreImm(R7, 48, 0, BPF_DW),
		// The thread's state as last found, if its id is still the
		// thread's (a freed one may serve another thread).
		StoreMem(R10, -24, R8, BPF_W))
	a.AddMapFD(R1, c.tstates.FD())
	a.Add(Mov64Reg(R2, R10), Add64Imm(R2, -24), Call(FnMapLookupElem))
	a.Jump(BPF_JEQ, R0, 0, "walk")
	a.Add(LoadMem(R6, R0, 0, BPF_DW))
	read8(R9, walkNativeTID, R6, "walk")
	a.Add(LoadMem(R1, R7, scratchWindow, BPF_DW), LoadMem(R2, R7, 0, BPF_W))
	a.JumpReg(BPF_JEQ, R1, R2, "have_ts")

	// Walk the first interpreter's thread states.
	a.Label("walk")
	a.Add(LoadMem(R1, R9, walkInterpHead, BPF_DW))
	read8(R9, walkRuntime, R1, "no_ts")
	a.Add(LoadMem(R1, R9, walkThreadsHead, BPF_DW), LoadMem(R3, R7, scratchWindow, BPF_DW), Add64Reg(R3, R1),
		Mov64Reg(R1, R7), Add64Imm(R1, scratchWindow), Mov64Imm(R2, 8), Call(FnProbeReadUser))
	a.Jump(BPF_JNE, R0, 0, "no_ts")
	a.Add(LoadMem(R6, R7, scratchWindow, BPF_DW), Mov64Imm(R8, 0))
	a.Label("wloop")
	a.Jump(BPF_JEQ, R6, 0, "no_ts")
	a.Jump(BPF_JGE, R8, maxThreads, "no_ts")
	read8(R9, walkNativeTID, R6, "no_ts")
	a.Add(LoadMem(R1, R7, scratchWindow, BPF_DW), LoadMem(R2, R7, 0, BPF_W))
	a.JumpReg(BPF_JEQ, R1, R2, "found")
	read8(R9, walkNext, R6, "no_ts")
	a.Add(LoadMem(R6, R7, scratchWindow, BPF_DW), Add64Imm(R8, 1))
	a.Goto("wloop")
	a.Label("found")
	a.Add(StoreMem(R10, -32, R6, BPF_DW))
	a.AddMapFD(R1, c.tstates.FD())
	a.Add(Mov64Reg(R2, R10), Add64Imm(R2, -24), Mov64Reg(R3, R10), Add64Imm(R3, -32), Mov64Imm(R4, 0), Call(FnMapUpdateElem))
	a.Goto("have_ts")
	a.Label("no_ts")
	a.Add(StoreImm(R7, 36, int32(StatusNoThread), BPF_W), Mov64Imm(R8, 0))
	a.Goto("emit")

	// The innermost frame.
	a.Label("have_ts")
	a.Add(StoreMem(R7, 40, R6, BPF_DW))
	read8(R9, walkTstateFrame, R6, "no_frame")
	a.Add(LoadMem(R6, R7, scratchWindow, BPF_DW), LoadMem(R1, R9, walkHasCframe, BPF_DW))
	a.Jump(BPF_JEQ, R1, 0, "frames")
	read8(R9, walkCframeCurrent, R6, "no_frame")
	a.Add(LoadMem(R6, R7, scratchWindow, BPF_DW))

	// The frames, innermost first.
	a.Label("frames")
	a.Add(Mov64Imm(R8, 0))
	a.Label("floop")
	a.Jump(BPF_JEQ, R6, 0, "emit")
	a.Jump(BPF_JGE, R8, MaxFrames, "truncated")
	a.Add(LoadMem(R2, R9, walkFrameRead, BPF_DW), And64Imm(R2, 127),
		Mov64Reg(R1, R7), Add64Imm(R1, scratchWindow), Mov64Reg(R3, R6), Call(FnProbeReadUser))
	a.Jump(BPF_JNE, R0, 0, "fault")
	field := func(dst Reg, walkOff int16, size Size) {
		a.Add(LoadMem(dst, R9, walkOff, BPF_DW), And64Imm(dst, 127), Add64Reg(dst, R7), LoadMem(dst, dst, scratchWindow, size))
	}
	a.Add(Mov64Reg(R5, R8), Mul64Imm(R5, recFrame), Add64Reg(R5, R7))
	field(R1, walkCode, BPF_DW)
	a.Add(StoreMem(R5, recHeader, R1, BPF_DW))
	field(R1, walkInstr, BPF_DW)
	a.Add(StoreMem(R5, recHeader+8, R1, BPF_DW))
	field(R1, walkEntry, BPF_B)
	field(R2, walkOwner, BPF_B)
	a.Add(LSh64Imm(R2, 8), Or64Reg(R1, R2), StoreMem(R5, recHeader+16, R1, BPF_DW))
	field(R6, walkPrevious, BPF_DW)
	a.Add(Add64Imm(R8, 1))
	a.Goto("floop")
	a.Label("truncated")
	a.Add(StoreImm(R7, 36, int32(StatusTruncated), BPF_W), StoreMem(R7, 48, R6, BPF_DW))
	a.Goto("emit")
	a.Label("fault")
	a.Add(StoreImm(R7, 36, int32(StatusReadFault), BPF_W), StoreMem(R7, 48, R6, BPF_DW))
	a.Goto("emit")
	a.Label("no_frame")
	a.Add(StoreImm(R7, 36, int32(StatusNoFrame), BPF_W), Mov64Imm(R8, 0))

	// Out to the ring, as long as the frames.
	a.Label("emit")
	a.Add(StoreMem(R7, 32, R8, BPF_W), Mov64Reg(R3, R8), Mul64Imm(R3, recFrame), Add64Imm(R3, recHeader))
	a.Jump(BPF_JGT, R3, scratchWindow, "out")
	a.AddMapFD(R1, c.ring.Map().FD())
	a.Add(Mov64Reg(R2, R7), Mov64Imm(R4, 0), Call(FnRingbufOutput))
	a.Jump(BPF_JEQ, R0, 0, "out")
	a.Add(StoreImm(R10, -16, 0, BPF_W))
	a.AddMapFD(R1, c.stats.FD())
	a.Add(Mov64Reg(R2, R10), Add64Imm(R2, -16), Call(FnMapLookupElem))
	a.Jump(BPF_JEQ, R0, 0, "out")
	a.Add(Mov64Imm(R1, 1), AtomicAdd64(R0, 0, R1))
	a.Label("out")
	a.Add(Mov64Imm(R0, 1), Exit()) // keep the sample
	return a.Insns()
}

// forkWalkProgram returns the task:task_newtask program: a process (not
// a thread) created by one with a FrameWalk gets its parent's. pidOff
// and flagsOff are the offsets of the record's pid (the child's) and
// clone_flags.
func forkWalkProgram(walks int, pidOff, flagsOff int16) []Insn {
	var a Asm
	a.Add(Mov64Reg(R6, R1), LoadMem(R1, R6, flagsOff, BPF_DW), And64Imm(R1, cloneThread))
	a.Jump(BPF_JNE, R1, 0, "out")
	a.Add(Call(FnGetCurrentPidTgid), RSh64Imm(R0, 32), StoreMem(R10, -4, R0, BPF_W))
	a.AddMapFD(R1, walks)
	a.Add(Mov64Reg(R2, R10), Add64Imm(R2, -4), Call(FnMapLookupElem))
	a.Jump(BPF_JEQ, R0, 0, "out")
	a.Add(Mov64Reg(R3, R0), LoadMem(R1, R6, pidOff, BPF_W), StoreMem(R10, -8, R1, BPF_W))
	a.AddMapFD(R1, walks)
	a.Add(Mov64Reg(R2, R10), Add64Imm(R2, -8), Mov64Imm(R4, 0), Call(FnMapUpdateElem))
	a.Label("out")
	a.Add(Mov64Imm(R0, 0), Exit())
	insns, err := a.Insns()
	if err != nil {
		panic(err) // fixed labels: a bug here, not bad input
	}
	return insns
}

// Attach makes the program run at each sample of the perf event fd.
func (c *FrameCapture) Attach(fd int) error { return AttachPerfEvent(c.prog, fd) }

// Set gives process pid its FrameWalk.
func (c *FrameCapture) Set(pid int, w FrameWalk) error {
	for _, off := range []uint64{w.FrameCode, w.FramePrevious, w.FrameInstr} {
		if off+8 > w.FrameRead {
			return fmt.Errorf("frame walk of process %d: member at %d outside the %d bytes read", pid, off, w.FrameRead)
		}
	}
	if w.FrameRead > MaxFrameRead || w.FrameEntry >= w.FrameRead || w.FrameOwner >= w.FrameRead {
		return fmt.Errorf("frame walk of process %d: %d bytes read, entry at %d, owner at %d", pid, w.FrameRead, w.FrameEntry, w.FrameOwner)
	}
	v := make([]byte, walkSize)
	has := uint64(0)
	if w.HasCframe {
		has = 1
	}
	for i, x := range []uint64{w.Runtime, w.InterpHead, w.ThreadsHead, w.TstateNext, w.TstateNativeTID,
		w.TstateFrame, w.CframeCurrent, has, w.FrameRead, w.FrameCode, w.FramePrevious, w.FrameInstr, w.FrameEntry, w.FrameOwner} {
		binary.LittleEndian.PutUint64(v[8*i:], x)
	}
	var k [4]byte
	binary.LittleEndian.PutUint32(k[:], uint32(pid))
	return c.walks.Update(k[:], v)
}

// Forget removes process pid's FrameWalk (it exec'd or exited).
func (c *FrameCapture) Forget(pid int) error {
	var k [4]byte
	binary.LittleEndian.PutUint32(k[:], uint32(pid))
	return c.walks.Delete(k[:])
}

// Read calls fn with each record written since the last Read; r is
// reused from one record to the next.
func (c *FrameCapture) Read(fn func(r *FrameRecord)) (bad int) {
	var r FrameRecord
	c.ring.Read(func(b []byte) {
		if err := ParseFrameRecord(b, &r); err != nil {
			bad++
			return
		}
		fn(&r)
	})
	return bad
}

// Dropped returns the number of records the ring had no room for.
func (c *FrameCapture) Dropped() (uint64, error) {
	var k [4]byte
	var v [8]byte
	if err := c.stats.Lookup(k[:], v[:]); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(v[:]), nil
}

// Close releases the programs, maps and ring (the events it is attached
// to keep the program until they are closed).
func (c *FrameCapture) Close() error {
	var errs []error
	if c.link != nil {
		errs = append(errs, c.link.Close())
	}
	for _, p := range []*Program{c.prog, c.follow} {
		if p != nil {
			errs = append(errs, p.Close())
		}
	}
	if c.ring != nil {
		errs = append(errs, c.ring.Close())
	}
	for _, m := range []*Map{c.walks, c.tstates, c.scratch, c.stats} {
		if m != nil {
			errs = append(errs, m.Close())
		}
	}
	*c = FrameCapture{}
	return errors.Join(errs...)
}
