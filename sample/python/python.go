// Package python reads the Python frames of a thread of a CPython 3.11
// process from outside, with no cooperation from the program: the thread's
// PyThreadState (found through _PyRuntime's interpreters and their thread
// lists by native thread id), its _PyCFrame's current _PyInterpreterFrame,
// and the chain of frames through their previous links, each frame's code
// object (co_qualname, co_filename, co_firstlineno, co_linetable) and
// its prev_instr, which gives the line. The structure offsets come from
// libpython's DWARF (Layout); the addresses of _PyRuntime and PyCode_Type
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
// call of _PyEval_EvalFrameDefault (its _PyInterpreterFrame's is_entry):
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
	// NoDWARF says why Layout is Layout311, not the object's DWARF; ""
	// when it is from the DWARF.
	NoDWARF string
}

// libName matches the files that hold CPython 3.11's interpreter.
var libName = regexp.MustCompile(`^(libpython3\.11[a-z]*\.so(\.[0-9.]+)?|python3\.11[a-z]*)$`)

// Candidate reports whether the file at path may hold a CPython 3.11
// interpreter (libpython3.11.so or a python3.11 executable), by name.
func Candidate(path string) bool { return libName.MatchString(filepath.Base(path)) }

// ErrNotPython is wrapped by Open's error for an object without the
// interpreter's symbols.
var ErrNotPython = errors.New("not a CPython 3.11 interpreter")

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
		// No DWARF: CPython 3.11's documented offsets.
		o.Layout, o.NoDWARF = &Layout311, err.Error()
	}
	return o, nil
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
}

func (p *Process) u64(addr uint64) (uint64, error) {
	var b [8]byte
	if err := p.mem(b[:], addr); err != nil {
		return 0, fmt.Errorf("%w: %#x: %w", ErrRead, addr, err)
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// cframe returns the _PyCFrame of thread tid: its PyThreadState's cframe,
// read together with its native_thread_id, which must still be tid's (a
// thread state freed and reused by another thread is not taken for the
// old one's).
func (p *Process) cframe(tid int32) (uint64, error) {
	l := p.obj.Layout
	lo, hi := min(l.TstateCframe, l.TstateNativeTID), max(l.TstateCframe, l.TstateNativeTID)+8
	var b [512]byte
	if hi-lo > int64(len(b)) {
		return 0, fmt.Errorf("%w: PyThreadState layout", ErrBadFrame)
	}
	for try := 0; try < 2; try++ {
		ts, err := p.tstate(tid)
		if err != nil {
			return 0, err
		}
		if err := p.mem(b[:hi-lo], ts+uint64(lo)); err != nil {
			return 0, fmt.Errorf("%w: thread state %#x: %w", ErrRead, ts, err)
		}
		if binary.LittleEndian.Uint64(b[l.TstateNativeTID-lo:]) == uint64(tid) {
			return binary.LittleEndian.Uint64(b[l.TstateCframe-lo:]), nil
		}
		delete(p.tstates, tid) // look it up again
	}
	return 0, fmt.Errorf("thread %d: %w", tid, ErrNoThread)
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
// innermost first. The innermost _PyCFrame, in the stack copy, says which
// frame was the innermost at the sample: with a stopped thread it must
// still be; with a running one the frames called since are left out, and
// the sample's next_instr must lie in the frame's code. On error out is
// returned unchanged.
//
// A running thread's outer frames are read as they are at the read: a
// caller that returned and was replaced, since the sample, by another
// call of the same code at the same place would go unnoticed (the lag
// is a few milliseconds).
func (p *Process) Read(tid int32, st Sample, out []Frame) ([]Frame, error) {
	l := p.obj.Layout
	cf, err := p.cframe(tid)
	if err != nil {
		return out, err
	}
	cur, err := p.u64(cf + uint64(l.CframeCurrent))
	if err != nil {
		return out, err
	}
	// The innermost _PyCFrame is a local of the innermost eval call, on
	// the C stack: the copy says what its current frame was at the
	// sample.
	at := cur
	if a := cf + uint64(l.CframeCurrent); a >= st.SP && a+8 <= st.SP+uint64(len(st.Stack)) {
		at = binary.LittleEndian.Uint64(st.Stack[a-st.SP:])
	}
	if st.Stopped && at != cur {
		return out, ErrMoved
	}
	if !st.Stopped && len(st.Stack) > 0 && cf < st.SP {
		// Deeper than the sample's stack pointer: an eval call made
		// since the sample.
		return out, fmt.Errorf("%w: the innermost eval call is newer than the sample", ErrMoved)
	}
	if !st.Stopped && st.NextInstr == 0 {
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
		entry, owner := fb[l.FrameIsEntry], fb[l.FrameOwner]
		if entry > 1 || owner > 2 {
			return out[:n0], fmt.Errorf("%w: frame %#x: is_entry %d, owner %d", ErrBadFrame, f, entry, owner)
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
				if prev == f {
					return out[:n0], fmt.Errorf("%w: frame %#x is its own previous", ErrBadFrame, f)
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
		if prev == f {
			return out[:n0], fmt.Errorf("%w: frame %#x is its own previous", ErrBadFrame, f)
		}
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
		again, err := p.u64(cf + uint64(l.CframeCurrent))
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
	// frame that has not started (CPython's _PyFrame_IsIncomplete).
	start := codeAddr + uint64(l.CodeAdaptive)
	lasti := int64(instr) - int64(start)
	if lasti < -2 || lasti >= 2*k.size || lasti%2 != 0 {
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
