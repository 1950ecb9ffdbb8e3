// Package python reads the Python frames of a thread of a CPython 3.11,
// 3.12 or 3.13 process from outside, with no cooperation from the program:
// the thread's PyThreadState (found through _PyRuntime's interpreters and
// their thread lists by native thread id), its current
// _PyInterpreterFrame (3.11 and 3.12 through its _PyCFrame, 3.13 in the
// thread state), and the chain of frames through their previous links,
// each frame's code object (co_qualname, co_filename, co_firstlineno,
// co_linetable) and its instruction (prev_instr; 3.13's instr_ptr), which
// gives the line. The structure offsets come from libpython's DWARF
// (Layout; without DWARF, 3.13's _Py_DebugOffsets or the documented
// Layout311 and Layout312); the addresses of _PyRuntime and PyCode_Type
// and the extent of _PyEval_EvalFrameDefault from its symbol tables.
//
// What is read is checked, since a running interpreter changes it under
// the reader: every code object's type must be PyCode_Type, its
// instruction pointer inside its bytecode and its line at or after its
// first line; the chain must end at an entry frame and stay short and
// acyclic; and the innermost frame must not change while the chain is
// read. A read that fails a check returns an error and no frame.
package python

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"unicode/utf16"

	"sonde/objfile"
)

// Memory reads another process's memory: len(buf) bytes at addr, or an
// error. Reads shorter than asked are errors.
type Memory func(buf []byte, addr uint64) error

// MemoryV reads several ranges of another process's memory at once
// (process_vm_readv with several iovecs): len(bufs[i]) bytes at
// addrs[i]; an error unless all were read.
type MemoryV func(bufs [][]byte, addrs []uint64) error

// Frame is one Python frame: the code's qualified name, its file and the
// line being run. Entry says that the frame is the first one run by its
// call of _PyEval_EvalFrameDefault (3.11: its _PyInterpreterFrame's
// is_entry; 3.12, 3.13: its previous is the call's shim frame, which is
// not returned):
// the frames from the innermost up to and including an entry frame stand
// for one native eval frame.
type Frame struct {
	Func, File string
	Line       int
	Entry      bool
}

// Object is what the reader knows of one libpython file: the structure
// layout and link-time addresses. It is shared by every process that maps
// the file.
type Object struct {
	Layout *Layout
	// Runtime and CodeType are the link-time addresses of _PyRuntime and
	// PyCode_Type.
	Runtime, CodeType uint64
	// eval holds the link-time extents of _PyEval_EvalFrameDefault and
	// of its parts the compiler moved out (.cold).
	eval [][2]uint64
	// NoDWARF says where Layout is from when not from the object's DWARF
	// (Layout311, Layout312, or 3.13's _Py_DebugOffsets) and why; ""
	// when it is from the DWARF.
	NoDWARF string
}

// libName matches the files that hold CPython 3.11's, 3.12's or 3.13's
// interpreter; its second or fourth group is the minor version.
var libName = regexp.MustCompile(`^(?:libpython3\.(1[123])[a-z]*\.so(?:\.[0-9.]+)?|python3\.(1[123])[a-z]*)$`)

// Candidate reports whether the file at path may hold a CPython 3.11,
// 3.12 or 3.13 interpreter (libpython3.1x.so or a python3.1x
// executable), by name.
func Candidate(path string) bool { return libName.MatchString(filepath.Base(path)) }

// minorOf returns the minor version a Candidate's name says, 0 if none.
func minorOf(path string) int {
	m := libName.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return 0
	}
	v := m[1] + m[2]
	return 10 + int(v[1]-'0')
}

// ErrNotPython is wrapped by Open's error for an object without the
// interpreter's symbols.
var ErrNotPython = errors.New("not a CPython 3.11-3.13 interpreter")

// Open reads the layout and symbols of the interpreter object at path.
func Open(path string) (*Object, error) {
	f, err := objfile.Open(path, nil)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	o, err := symbolsOf(f, path)
	if err != nil {
		return nil, err
	}
	if o.Layout, err = LayoutOf(f); err != nil {
		if f.Debug != nil || f.ELF.Machine != elf.EM_X86_64 {
			return nil, err
		}
		if err := o.withoutDWARF(f, path, err); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// withoutDWARF sets o's layout for an object read without its DWARF
// (why, LayoutOf's error): what the version publishes, or its documented
// offsets.
func (o *Object) withoutDWARF(f *objfile.File, path string, why error) error {
	switch minorOf(path) {
	case 11:
		l := Layout311
		o.Layout, o.NoDWARF = &l, "CPython 3.11's documented offsets ("+why.Error()+")"
	case 12:
		l := Layout312
		o.Layout, o.NoDWARF = &l, "CPython 3.12's documented offsets ("+why.Error()+")"
	case 13:
		data, err := runtimeData(f.ELF, o.Runtime, debugSize)
		if err == nil {
			o.Layout, err = LayoutFromDebugOffsets(data)
		}
		if err != nil {
			return fmt.Errorf("%s: %w; %w", path, why, err)
		}
		o.NoDWARF = "CPython 3.13's _Py_DebugOffsets in _PyRuntime (" + why.Error() + ")"
	default:
		return why
	}
	return nil
}

// symbolsOf returns the object f with the addresses its symbol tables
// give, and no layout.
func symbolsOf(f *objfile.File, path string) (*Object, error) {
	o := &Object{}
	syms, _ := f.ELF.Symbols()
	dyn, _ := f.ELF.DynamicSymbols()
	if f.Debug != nil && f.Debug != f.ELF {
		if ds, err := f.Debug.Symbols(); err == nil {
			syms = append(syms, ds...)
		}
	}
	for _, s := range append(syms, dyn...) {
		switch s.Name {
		case "_PyRuntime":
			o.Runtime = s.Value
		case "PyCode_Type":
			o.CodeType = s.Value
		case "_PyEval_EvalFrameDefault", "_PyEval_EvalFrameDefault.cold":
			if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Size > 0 {
				o.eval = append(o.eval, [2]uint64{s.Value, s.Value + s.Size})
			}
		}
	}
	if o.Runtime == 0 || o.CodeType == 0 || len(o.eval) == 0 {
		return nil, fmt.Errorf("%s: %w: no _PyRuntime, PyCode_Type or _PyEval_EvalFrameDefault", path, ErrNotPython)
	}
	return o, nil
}

// IsEval reports whether link-time address addr is in
// _PyEval_EvalFrameDefault.
func (o *Object) IsEval(addr uint64) bool {
	for _, r := range o.eval {
		if addr >= r[0] && addr < r[1] {
			return true
		}
	}
	return false
}

// The reasons a read fails; Read's errors wrap one of them.
var (
	// ErrNoThread: the thread has no PyThreadState (it has exited, or
	// the interpreter was not set up yet).
	ErrNoThread = errors.New("no thread state")
	// ErrMoved: the interpreter changed the frames while they were read,
	// or since the sample (the stack copy disagrees, the sample's frame
	// has returned, its instruction is not in its code).
	ErrMoved = errors.New("frames changed since the sample")
	// ErrUnverified: a running thread's sample without its next_instr:
	// nothing tells the frames read of the sample's.
	ErrUnverified = errors.New("the sample's instruction is unknown")
	// ErrBadFrame: what was read is not a frame chain (a code object of
	// the wrong type, an instruction outside its code, an insane line,
	// a chain without an entry frame, too long or cyclic).
	ErrBadFrame = errors.New("not a frame chain")
	// ErrRead: the memory could not be read.
	ErrRead = errors.New("memory not readable")
	// ErrShim: an eval call of 3.12 or 3.13 had no Python frame of its
	// own (its shim entry frame innermost: it is starting or returning);
	// its native eval frame stands for no Python frame.
	ErrShim = errors.New("an eval call without frames")
)

// errOutside is wrapped by the error of an instruction outside its code.
var errOutside = errors.New("instruction outside the code")

// maxFrames bounds a chain: CPython's default recursion limit is 1000,
// and a chain longer than this is taken for a cycle.
const maxFrames = 4096

// Process reads the frames of the threads of one process. It is not safe
// for concurrent use.
type Process struct {
	obj  *Object
	mem  Memory
	bias uint64 // runtime minus link-time addresses of obj
	// tstates caches each thread's PyThreadState; it is checked at each
	// use (its native_thread_id must still be the thread's).
	tstates map[int32]uint64
	codes   map[codeKey]*code
	buf     []byte
	// memv, when set, reads a code object's header and the next frame
	// out in one call (pre, the frame at preAddr).
	memv    MemoryV
	pre     []byte
	preAddr uint64
	// headers are code objects' headers by address (Captured).
	headers map[uint64]*codeHeader
}

// SetMemoryV makes the reader read with v where two reads can be one:
// about half the system calls a frame.
func (p *Process) SetMemoryV(v MemoryV) { p.memv = v }

// codeKey identifies a code object by its address and the fields the
// reader uses, so that a code object freed and replaced by another at the
// same address is not taken for the old one.
type codeKey struct {
	addr, qualname, filename, linetable uint64
	first                               int32
	size                                int64
}

// code is what the reader keeps of one code object.
type code struct {
	qualname, filename string
	linetable          []byte
}

// NewProcess returns a reader of the frames of a process that maps obj
// with bias (runtime minus link-time addresses), reading its memory with
// mem.
func NewProcess(obj *Object, bias uint64, mem Memory) *Process {
	return &Process{obj: obj, mem: mem, bias: bias, tstates: map[int32]uint64{}, codes: map[codeKey]*code{}}
}

// Object returns the interpreter object the process maps.
func (p *Process) Object() *Object { return p.obj }

// Sample is what a sample offers the read.
type Sample struct {
	// SP and Stack are the copy of the thread's stack taken at the
	// sample, from address SP up (nil when none).
	SP    uint64
	Stack []byte
	// Stopped says that the thread has been stopped since the sample
	// (ptrace): what is read is the sample's state.
	Stopped bool
	// NextInstr is the innermost eval call's next_instr at the sample
	// (evaluated from its registers and the stack copy), 0 when unknown.
	// A running thread's frames are read after the sample: they are
	// taken only when the sample's innermost frame is still in the chain
	// and NextInstr lies in its code, which then gives its line.
	NextInstr uint64
	// Frame is the innermost eval call's frame variable at the sample
	// (evaluated from its registers and the stack copy, as NextInstr),
	// 0 when unknown. 3.13 keeps the current frame in the thread state,
	// not in a _PyCFrame on the C stack: Frame is then what says which
	// frame was the innermost at the sample, and a running thread's
	// sample without it is not read. 3.11 and 3.12 do not use it.
	Frame uint64
}

func (p *Process) u64(addr uint64) (uint64, error) {
	var b [8]byte
	if err := p.mem(b[:], addr); err != nil {
		return 0, fmt.Errorf("%w: %#x: %w", ErrRead, addr, err)
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// current returns where thread tid's innermost frame pointer is (slot:
// its _PyCFrame's current_frame, or 3.13's tstate->current_frame) and
// what it holds, read together with the PyThreadState's
// native_thread_id, which must still be tid's (a thread state freed and
// reused by another thread is not taken for the old one's).
func (p *Process) current(tid int32) (slot, cur uint64, err error) {
	l := p.obj.Layout
	field := l.TstateCurrentFrame
	if l.Cframe {
		field = l.TstateCframe
	}
	lo, hi := min(field, l.TstateNativeTID), max(field, l.TstateNativeTID)+8
	var b [512]byte
	if hi-lo > int64(len(b)) {
		return 0, 0, fmt.Errorf("%w: PyThreadState layout", ErrBadFrame)
	}
	for try := 0; try < 2; try++ {
		ts, err := p.tstate(tid)
		if err != nil {
			return 0, 0, err
		}
		if err := p.mem(b[:hi-lo], ts+uint64(lo)); err != nil {
			return 0, 0, fmt.Errorf("%w: thread state %#x: %w", ErrRead, ts, err)
		}
		if binary.LittleEndian.Uint64(b[l.TstateNativeTID-lo:]) != uint64(tid) {
			delete(p.tstates, tid) // look it up again
			continue
		}
		v := binary.LittleEndian.Uint64(b[field-lo:])
		if !l.Cframe {
			return ts + uint64(field), v, nil
		}
		slot = v + uint64(l.CframeCurrent)
		cur, err = p.u64(slot)
		return slot, cur, err
	}
	return 0, 0, fmt.Errorf("thread %d: %w", tid, ErrNoThread)
}

// tstate finds the PyThreadState of thread tid: cached, or looked up
// through the interpreters' thread lists.
func (p *Process) tstate(tid int32) (uint64, error) {
	l := p.obj.Layout
	if ts, ok := p.tstates[tid]; ok {
		return ts, nil
	}
	interp, err := p.u64(p.obj.Runtime + p.bias + uint64(l.RuntimeInterpHead))
	if err != nil {
		return 0, err
	}
	for ni := 0; interp != 0 && ni < 64; ni++ {
		ts, err := p.u64(interp + uint64(l.InterpThreadsHead))
		if err != nil {
			return 0, err
		}
		for nt := 0; ts != 0 && nt < 10000; nt++ {
			id, err := p.u64(ts + uint64(l.TstateNativeTID))
			if err != nil {
				return 0, err
			}
			if id == uint64(tid) {
				p.tstates[tid] = ts
				return ts, nil
			}
			if ts, err = p.u64(ts + uint64(l.TstateNext)); err != nil {
				return 0, err
			}
		}
		if interp, err = p.u64(interp + uint64(l.InterpNext)); err != nil {
			return 0, err
		}
	}
	return 0, fmt.Errorf("thread %d: %w", tid, ErrNoThread)
}

// Read appends to out the Python frames of thread tid at sample st,
// innermost first. The innermost _PyCFrame, in the stack copy (3.13:
// st.Frame), says which frame was the innermost at the sample: with a
// stopped thread it must still be; with a running one the frames called
// since are left out, and the sample's next_instr must lie in the frame's
// code. On error out is returned unchanged.
//
// A running thread's outer frames are read as they are at the read: a
// caller that returned and was replaced, since the sample, by another
// call of the same code at the same place would go unnoticed (the lag
// is a few milliseconds).
func (p *Process) Read(tid int32, st Sample, out []Frame) ([]Frame, error) {
	l := p.obj.Layout
	slot, cur, err := p.current(tid)
	if err != nil {
		return out, err
	}
	at := cur
	if l.Cframe {
		// The innermost _PyCFrame is a local of the innermost eval
		// call, on the C stack: the copy says what its current frame
		// was at the sample.
		if slot >= st.SP && slot+8 <= st.SP+uint64(len(st.Stack)) {
			at = binary.LittleEndian.Uint64(st.Stack[slot-st.SP:])
		}
		if !st.Stopped && len(st.Stack) > 0 && slot-uint64(l.CframeCurrent) < st.SP {
			// Deeper than the sample's stack pointer: an eval call
			// made since the sample.
			return out, fmt.Errorf("%w: the innermost eval call is newer than the sample", ErrMoved)
		}
	} else if !st.Stopped {
		at = st.Frame
	}
	if st.Stopped && at != cur {
		return out, ErrMoved
	}
	if !st.Stopped && (st.NextInstr == 0 || at == 0) {
		return out, ErrUnverified
	}
	n0 := len(out)
	p.preAddr = 0    // nothing read ahead from an earlier read counts
	var first uint64 // the innermost frame's f_code
	fsize := int(l.FrameSize)
	if cap(p.buf) < fsize {
		p.buf = make([]byte, fsize)
	}
	fb := p.buf[:fsize]
	seen := 0
	for f := cur; f != 0; {
		if seen++; seen > maxFrames {
			return out[:n0], fmt.Errorf("%w: more than %d frames", ErrBadFrame, maxFrames)
		}
		if f != 0 && f == p.preAddr {
			copy(fb, p.pre) // read with the previous frame's code
		} else if err := p.mem(fb, f); err != nil {
			return out[:n0], fmt.Errorf("%w: frame %#x: %w", ErrRead, f, err)
		}
		p.preAddr = 0
		codeAddr := binary.LittleEndian.Uint64(fb[l.FrameCode:])
		prev := binary.LittleEndian.Uint64(fb[l.FramePrevious:])
		instr := binary.LittleEndian.Uint64(fb[l.FramePrevInstr:])
		var entry byte
		owner := fb[l.FrameOwner]
		if l.FrameIsEntry >= 0 {
			entry = fb[l.FrameIsEntry]
		}
		if prev == f {
			return out[:n0], fmt.Errorf("%w: frame %#x is its own previous", ErrBadFrame, f)
		}
		if owner == OwnedByCStack && l.ShimEntry && len(out) == n0 && f != at {
			// An eval call's shim (3.12+) before the sample's frame:
			// a call made since the sample.
			f = prev
			continue
		}
		shim, err := p.link(out, n0, entry, owner)
		if err != nil {
			return out[:n0], fmt.Errorf("frame %#x: %w", f, err)
		}
		if shim {
			f = prev
			continue
		}
		if len(out) == n0 {
			if f != at {
				// Called since the sample. The datastack grows up: a
				// frame below the sample's means that one is gone (or
				// the newer frames are in another chunk: then marked
				// too, never wrong).
				if f < at {
					return out[:n0], fmt.Errorf("%w: frame %#x of the sample is gone", ErrMoved, at)
				}
				f = prev
				continue
			}
			first = codeAddr
			if !st.Stopped {
				instr = st.NextInstr - 2 // the instruction being run
			}
		}
		fr, err := p.frame(codeAddr, instr, prev)
		if err != nil {
			if len(out) == n0 && !st.Stopped && errors.Is(err, errOutside) {
				// The sample's frame returned and another code's frame
				// took its place.
				return out[:n0], fmt.Errorf("%w: %w", ErrMoved, err)
			}
			return out[:n0], fmt.Errorf("frame %#x: %w", f, err)
		}
		fr.Entry = entry == 1
		out = append(out, fr)
		f = prev
	}
	if len(out) == n0 && at != 0 {
		return out, fmt.Errorf("%w: frame %#x of the sample is gone", ErrMoved, at)
	}
	if len(out) > n0 && !out[len(out)-1].Entry {
		return out[:n0], fmt.Errorf("%w: the outermost frame is not an entry frame", ErrBadFrame)
	}
	// Read the innermost frame again: had it changed function meanwhile,
	// the chain would mix two moments. (Its instruction moves on while a
	// running thread is read: the line is one of the read's moments.)
	if len(out) > n0 {
		again, err := p.u64(slot)
		if err != nil {
			return out[:n0], err
		}
		if again != cur {
			return out[:n0], ErrMoved
		}
		if err := p.mem(fb, at); err != nil {
			return out[:n0], fmt.Errorf("%w: frame %#x: %w", ErrRead, at, err)
		}
		if binary.LittleEndian.Uint64(fb[l.FrameCode:]) != first {
			return out[:n0], ErrMoved
		}
	}
	return out, nil
}

// frame reads the code object at codeAddr and the line of instruction
// instr in it; with a MemoryV it reads the frame at next with it.
func (p *Process) frame(codeAddr, instr, next uint64) (Frame, error) {
	l := p.obj.Layout
	hdr := make([]byte, l.CodeAdaptive)
	if p.memv != nil && next != 0 {
		if len(p.pre) != int(l.FrameSize) {
			p.pre = make([]byte, l.FrameSize)
		}
		if err := p.memv([][]byte{hdr, p.pre}, []uint64{codeAddr, next}); err == nil {
			p.preAddr = next
		} else if err := p.mem(hdr, codeAddr); err != nil {
			// The next frame, unreadable, is said by its own read.
			return Frame{}, fmt.Errorf("%w: code %#x: %w", ErrRead, codeAddr, err)
		}
	} else if err := p.mem(hdr, codeAddr); err != nil {
		return Frame{}, fmt.Errorf("%w: code %#x: %w", ErrRead, codeAddr, err)
	}
	return p.codeFrame(codeAddr, instr, hdr)
}

// codeFrame checks hdr, the header of the code object at codeAddr, and
// returns the frame at instruction instr in it.
func (p *Process) codeFrame(codeAddr, instr uint64, hdr []byte) (Frame, error) {
	l := p.obj.Layout
	if typ := binary.LittleEndian.Uint64(hdr[l.ObType:]); typ != p.obj.CodeType+p.bias {
		return Frame{}, fmt.Errorf("%w: code %#x has type %#x, not PyCode_Type", ErrBadFrame, codeAddr, typ)
	}
	k := codeKey{
		addr:      codeAddr,
		qualname:  binary.LittleEndian.Uint64(hdr[l.CodeQualname:]),
		filename:  binary.LittleEndian.Uint64(hdr[l.CodeFilename:]),
		linetable: binary.LittleEndian.Uint64(hdr[l.CodeLinetable:]),
		first:     int32(binary.LittleEndian.Uint32(hdr[l.CodeFirstlineno:])),
		size:      int64(binary.LittleEndian.Uint64(hdr[l.VarSize:])),
	}
	if k.size <= 0 || k.size > 1<<24 || k.first < 0 {
		return Frame{}, fmt.Errorf("%w: code %#x: %d code units, first line %d", ErrBadFrame, codeAddr, k.size, k.first)
	}
	c, ok := p.codes[k]
	if !ok {
		var err error
		c = &code{}
		if c.qualname, err = p.str(k.qualname); err != nil {
			return Frame{}, fmt.Errorf("code %#x: co_qualname: %w", codeAddr, err)
		}
		if c.filename, err = p.str(k.filename); err != nil {
			return Frame{}, fmt.Errorf("code %#x: co_filename: %w", codeAddr, err)
		}
		if c.linetable, err = p.bytes(k.linetable); err != nil {
			return Frame{}, fmt.Errorf("code %#x: co_linetable: %w", codeAddr, err)
		}
		if len(p.codes) > 1<<16 {
			clear(p.codes)
		}
		p.codes[k] = c
	}
	// prev_instr is one code unit before the first instruction in a
	// frame that has not started (CPython's _PyFrame_IsIncomplete);
	// 3.13's instr_ptr is at it.
	start := codeAddr + uint64(l.CodeAdaptive)
	lasti := int64(instr) - int64(start)
	if lasti < -2 || l.InstrPtr && lasti < 0 || lasti >= 2*k.size || lasti%2 != 0 {
		return Frame{}, fmt.Errorf("%w: %w: code %#x: instruction %#x outside its %d code units", ErrBadFrame, errOutside, codeAddr, instr, k.size)
	}
	line, err := Line(c.linetable, int(k.first), int(lasti))
	if err != nil {
		return Frame{}, fmt.Errorf("%w: code %#x: %w", ErrBadFrame, codeAddr, err)
	}
	if line < int(k.first) || line > int(k.first)+1<<20 {
		return Frame{}, fmt.Errorf("%w: code %#x: line %d before its first line %d", ErrBadFrame, codeAddr, line, k.first)
	}
	return Frame{Func: c.qualname, File: c.filename, Line: line}, nil
}

// maxString bounds the strings and location tables read.
const maxString = 1 << 16

// str reads the str object at addr: a compact string (every code object's
// names are), in its kind's characters.
func (p *Process) str(addr uint64) (string, error) {
	l := p.obj.Layout
	hdr := make([]byte, l.ASCIISize)
	if err := p.mem(hdr, addr); err != nil {
		return "", fmt.Errorf("%w: str %#x: %w", ErrRead, addr, err)
	}
	n := int64(binary.LittleEndian.Uint64(hdr[l.ASCIILength:]))
	state := binary.LittleEndian.Uint32(hdr[l.ASCIIState:])
	kind := int64(state>>l.KindShift) & 7
	if n < 0 || n > maxString || state>>l.CompactBit&1 == 0 || (kind != 1 && kind != 2 && kind != 4) {
		return "", fmt.Errorf("%w: str %#x: length %d, state %#x", ErrBadFrame, addr, n, state)
	}
	data := addr + uint64(l.CompactSize)
	if state>>l.ASCIIBit&1 == 1 {
		data = addr + uint64(l.ASCIISize)
	}
	b := make([]byte, n*kind)
	if err := p.mem(b, data); err != nil {
		return "", fmt.Errorf("%w: str %#x: %w", ErrRead, addr, err)
	}
	switch kind {
	case 2:
		u := make([]uint16, n)
		for i := range u {
			u[i] = binary.LittleEndian.Uint16(b[2*i:])
		}
		return string(utf16.Decode(u)), nil
	case 4:
		r := make([]rune, n)
		for i := range r {
			r[i] = rune(binary.LittleEndian.Uint32(b[4*i:]))
		}
		return string(r), nil
	}
	if state>>l.ASCIIBit&1 == 1 {
		return string(b), nil
	}
	r := make([]rune, n) // Latin-1
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r), nil
}

// bytes reads the bytes object at addr.
func (p *Process) bytes(addr uint64) ([]byte, error) {
	l := p.obj.Layout
	n, err := p.u64(addr + uint64(l.VarSize))
	if err != nil {
		return nil, err
	}
	if int64(n) < 0 || n > maxString {
		return nil, fmt.Errorf("%w: bytes %#x of length %d", ErrBadFrame, addr, int64(n))
	}
	b := make([]byte, n)
	if err := p.mem(b, addr+uint64(l.BytesData)); err != nil {
		return nil, fmt.Errorf("%w: bytes %#x: %w", ErrRead, addr, err)
	}
	return b, nil
}
