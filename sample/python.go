package sample

import (
	"errors"
	"fmt"
	"time"

	"sonde/dwarfvar"
	"sonde/internal/linux/bpf"
	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/unix"
	"sonde/profile"
	"sonde/sample/python"
	"sonde/unwind"
)

// PythonStats count the samples whose native stack ran CPython's eval
// loop (Options.Python).
type PythonStats struct {
	// Eval counts the samples with a _PyEval_EvalFrameDefault frame;
	// Spliced those whose Python frames took the eval frames' places.
	Eval, Spliced int
	// The rest were marked (profile.InterpUnreadable), for one reason:
	// Moved, the interpreter changed the frames during the read or since
	// the sample; Mismatch, the chain's entry frames did not match the
	// native stack's eval frames (or an eval call of 3.12+ had no frame
	// of its own, python.ErrShim); Bad, what was read failed a check;
	// Unread, the memory or the thread state could not be read;
	// Unverified, a running thread's sample whose next_instr was not
	// recovered (optimized out at its pc, or no dwarf call graph).
	Moved, Mismatch, Bad, Unread, Unverified int
	// Lag is the summed time from the samples to their reads.
	Lag time.Duration
	// NotRead says why an interpreter the processes mapped could not be
	// read, "" when none failed; NoDWARF where the offsets of one read
	// without its DWARF came from (python.Object.NoDWARF).
	NotRead, NoDWARF string
	// Captured counts the samples whose frames a BPF program copied at
	// the sample (pybpf.go); the others were read after it: NoRecord had
	// no record, CaptureFailed one whose walk failed (a frame not
	// resident, a thread state not found). CaptureDropped counts
	// the records the ring had no room for; CaptureOff says why there
	// was no capture ("" when there was, or with ptrace).
	Captured, NoRecord, CaptureFailed, CaptureDropped int
	CaptureOff                                        string
	// CapturedDeep counts the captured samples whose chain was longer
	// than the copy (bpf.MaxFrames): the rest was read after the sample.
	CapturedDeep int
}

// Marked returns the number of samples whose Python part was not read.
func (s PythonStats) Marked() int { return s.Moved + s.Mismatch + s.Bad + s.Unread + s.Unverified }

// Note returns the run note that says how the Python frames were read,
// "" when no sample ran the eval loop.
func (s PythonStats) Note(stopped bool) string {
	if s.Eval == 0 {
		if s.NotRead != "" {
			return "python: frames not read: " + s.NotRead
		}
		return ""
	}
	late := s.Eval - s.Captured
	how := fmt.Sprintf("read with process_vm_readv %.0f µs after the sample on average (perf events): the innermost frame and its line are the sample's (its _PyCFrame in the stack copy, or 3.13's frame variable, and next_instr from its registers), its callers as read, after %q", float64(s.Lag.Microseconds())/float64(max(late, 1)), profile.InterpUnverified)
	switch {
	case stopped:
		how = "read while the thread was stopped (ptrace)"
	case s.CaptureOff == "" && late == 0:
		how = "copied at the sample by a BPF program on the perf events (every one)"
		if s.CapturedDeep > 0 {
			how = fmt.Sprintf("copied at the sample by a BPF program on the perf events (every one; in %d deeper than %d frames the outer ones read after the sample, behind %q)", s.CapturedDeep, bpf.MaxFrames, profile.InterpUnverified)
		}
	case s.CaptureOff == "":
		how = fmt.Sprintf("copied at the sample by a BPF program on the perf events for %d; %d %s (%d without a record: before the interpreter was seen, or %d dropped by a full ring; %d whose copy failed)",
			s.Captured, late, how, s.NoRecord, s.CaptureDropped, s.CaptureFailed)
	default:
		how += " (no BPF capture: " + s.CaptureOff + ")"
	}
	if s.NoDWARF != "" {
		how += "; structure offsets: " + s.NoDWARF
	}
	n := fmt.Sprintf("python: %d of %d samples in the eval loop carry Python frames, %d marked %q (%d changed since the sample, %d without next_instr, %d did not match the native stack, %d failed a check, %d unreadable); %s",
		s.Spliced, s.Eval, s.Marked(), profile.InterpUnreadable, s.Moved, s.Unverified, s.Mismatch, s.Bad, s.Unread, how)
	if !stopped && s.Marked()*20 > s.Eval && s.Captured*2 < s.Eval {
		n += "; --sampler ptrace reads them exactly"
	}
	return n
}

// pyState is the sampler's Python reading: the interpreter objects by
// file, a reader per process, and the locations interned so far.
type pyState struct {
	objs     map[string]*python.Object // nil: not an interpreter
	seen     bool                      // a sample ran an eval loop
	procs    map[int32]*pyProc
	interned map[profile.Addr]bool
	pending  []profile.InterpFrame
	mapping  int // datafile mapping index of profile.InterpPath, -1 before use
	evalAt   []int
	regs     []unwind.FrameRegs
	dwarf    map[string]*pyDWARF
	reads    int
	frames   []python.Frame
	out      []profile.Location
}

// pyProc is the reader of one process and the object it reads with.
type pyProc struct {
	file string
	bias uint64 // an exec maps the same file elsewhere
	rd   *python.Process
}

func newPyState() *pyState {
	return &pyState{objs: map[string]*python.Object{}, procs: map[int32]*pyProc{}, interned: map[profile.Addr]bool{}, mapping: -1}
}

// object returns the interpreter of file, nil if it is not one. An
// interpreter that cannot be read (not a python executable that links
// libpython) is said in the stats.
func (s *Sampler) pyObject(file string) *python.Object {
	py := s.py
	o, ok := py.objs[file]
	if !ok {
		if python.Candidate(file) {
			if s.pycap != nil {
				return s.pyObjectAsync(file) // pybpf.go: at once, the DWARF read meanwhile
			}
			var err error
			o, err = python.Open(file) // nil: not an interpreter, remembered
			s.pyOpened(o, err)
		}
		py.objs[file] = o
	}
	return o
}

// pyOpened says in the stats what opening an interpreter object gave.
func (s *Sampler) pyOpened(o *python.Object, err error) {
	s.mu.Lock()
	ps := &s.stats.Python
	if err != nil && !errors.Is(err, python.ErrNotPython) && ps.NotRead == "" {
		ps.NotRead = err.Error()
	}
	if o != nil && o.NoDWARF != "" && ps.NoDWARF == "" {
		ps.NoDWARF = o.NoDWARF
	}
	s.mu.Unlock()
}

// splicePython replaces the _PyEval_EvalFrameDefault frames of a sample's
// stack (stack[i] is pcs[i]) with the Python frames each ran, read from
// the thread now: the frames from the innermost up to and including an
// entry frame stand for the innermost eval frame, and so on outwards. A
// stack whose Python part cannot be read keeps its native frames and gets
// one profile.InterpUnreadable frame before the innermost eval frame.
//
// When the unwinder stopped short of the stack's root (complete false: at
// CPython 3.12's -X perf trampolines in anonymous memory, which have no
// CFI, and through which every Python call then goes), the native stack
// holds only the innermost eval frames: they are matched with as many
// innermost eval calls of the chain, and the chain's outer frames, whose
// native callers are unknown, are left out.
func (s *Sampler) splicePython(p *process, r *perfevent.Record, pcs []uint64, stack []profile.Location, complete bool) []profile.Location {
	py := s.py
	py.evalAt = py.evalAt[:0]
	var obj *python.Object
	var file string
	var bias uint64
	for i, pc := range pcs {
		if pc >= kernelStart {
			continue
		}
		pl := p.find(pc)
		if pl == nil || pl.file == "" {
			continue
		}
		o := s.pyObject(pl.file)
		if o == nil || (obj != nil && o != obj) {
			continue
		}
		addr := pc - pl.fileBias
		if i > 0 {
			addr-- // a return address: the call is before it
		}
		if o.IsEval(addr) {
			obj, file, bias = o, pl.file, pl.fileBias
			py.evalAt = append(py.evalAt, i)
		}
	}
	if len(py.evalAt) == 0 {
		return stack
	}
	py.seen = true
	pp := py.procs[p.pid]
	if pp == nil || pp.file != file || pp.bias != bias || pp.rd.Object() != obj {
		pid := int(p.pid)
		pp = &pyProc{file: file, bias: bias, rd: python.NewProcess(obj, bias, func(b []byte, addr uint64) error {
			n, err := unix.ReadProcessMemory(pid, b, addr)
			if err == nil && n < len(b) {
				err = fmt.Errorf("read %d of %d bytes", n, len(b))
			}
			return err
		})}
		pp.rd.SetMemoryV(func(bufs [][]byte, addrs []uint64) error {
			n, err := unix.ReadProcessMemoryV(pid, bufs, addrs)
			want := 0
			for _, b := range bufs {
				want += len(b)
			}
			if err == nil && n < want {
				err = fmt.Errorf("read %d of %d bytes", n, want)
			}
			return err
		})
		py.procs[p.pid] = pp
	}
	// verified is how many frames, innermost first, are the sample's.
	frames, verified, err := s.pyCaptured(pp, r, py.frames[:0])
	exact := verified > 0
	var lag time.Duration
	if !exact {
		smp := python.Sample{Stopped: s.stopped}
		if len(r.Regs) > 7 {
			smp.SP, smp.Stack = r.Regs[7], r.Stack
		}
		if !s.stopped {
			smp.NextInstr, smp.Frame = s.nextInstr(p, r, obj, file)
		}
		frames, err = pp.rd.Read(int32(r.TID), smp, py.frames[:0])
		lag = time.Duration(unix.MonotonicNow() - int64(r.Time))
		verified = 1 // checked against the sample's next_instr
	}
	if s.stopped {
		exact, verified = true, len(frames)
	}
	py.frames = frames
	if err == nil {
		entries := 0
		for i, f := range frames {
			if f.Entry {
				entries++
				if !complete && entries == len(py.evalAt) {
					frames = frames[:i+1]
					break
				}
			}
		}
		if entries != len(py.evalAt) {
			err = fmt.Errorf("%d entry frames for %d eval frames", entries, len(py.evalAt))
		}
	}
	s.mu.Lock()
	ps := &s.stats.Python
	ps.Eval++
	if !exact && lag > 0 {
		ps.Lag += lag
	}
	switch {
	case err == nil:
		ps.Spliced++
	case errors.Is(err, python.ErrMoved):
		ps.Moved++
	case errors.Is(err, python.ErrUnverified):
		ps.Unverified++
	case errors.Is(err, python.ErrBadFrame):
		ps.Bad++
	case errors.Is(err, python.ErrRead), errors.Is(err, python.ErrNoThread):
		ps.Unread++
	default:
		ps.Mismatch++
	}
	s.mu.Unlock()

	out := py.out[:0]
	k, next := 0, 0 // the next eval frame, the next Python frame
	for i, loc := range stack {
		if k < len(py.evalAt) && py.evalAt[k] == i {
			k++
			if err != nil {
				if k == 1 {
					out = append(out, s.interpLoc(profile.InterpUnreadable, "", 0))
				}
				out = append(out, loc)
				continue
			}
			for next < len(frames) {
				f := frames[next]
				next++
				out = append(out, s.interpLoc(f.Func, f.File, f.Line))
				if next == verified && len(frames) > verified {
					// Only the innermost frame is checked against the
					// sample (a read after it), or the frames were
					// copied up to bpf.MaxFrames: the callers are as
					// the read found them.
					out = append(out, s.interpLoc(profile.InterpUnverified, "", 0))
				}
				if f.Entry {
					break
				}
			}
			continue
		}
		out = append(out, loc)
	}
	// The next sample builds its stack in the array stack had: out and
	// it must not share one.
	py.out = stack
	return out
}

// interpLoc returns the location of a Python frame, interning it.
func (s *Sampler) interpLoc(fn, file string, line int) profile.Location {
	py := s.py
	if py.mapping < 0 {
		m := profile.Mapping{Path: profile.InterpPath}
		py.mapping = s.newMapping()
		s.mappings[m] = py.mapping
		s.w.WriteMapping(py.mapping, &m)
	}
	id := profile.InterpID(fn, file, line)
	if !py.interned[id] {
		py.interned[id] = true
		py.pending = append(py.pending, profile.InterpFrame{ID: id, Func: fn, File: file, Line: line})
	}
	return profile.Location{Mapping: int32(py.mapping), Addr: id}
}

// flushInterp writes the locations interned since the last call.
func (s *Sampler) flushInterp() error {
	if s.py == nil || len(s.py.pending) == 0 {
		return nil
	}
	err := s.w.WriteInterp(s.py.pending)
	s.py.pending = s.py.pending[:0]
	return err
}

// pyDWARF is the compiled next_instr (and, for 3.13, frame) of an
// interpreter object's eval loop.
type pyDWARF struct {
	expr  *dwarfvar.Expr // nil when the DWARF does not give it
	frame *dwarfvar.Expr // 3.13's frame; nil before 3.13 or when not given
}

// nextInstr evaluates next_instr in the innermost _PyEval_EvalFrameDefault
// frame of a perf sample, from the registers the CFI recovers there and
// the stack copy: the instruction the interpreter ran at the sample; and,
// for CPython 3.13, whose thread state holds the current frame where
// 3.11's and 3.12's _PyCFrame on the stack did, the frame variable: the
// frame it ran. 0 when it cannot (optimized out at that pc, no dwarf
// unwinder).
func (s *Sampler) nextInstr(p *process, r *perfevent.Record, obj *python.Object, file string) (next, frame uint64) {
	ru, ok := s.opts.Unwinder.(RegsUnwinder)
	if !ok || len(r.Regs) <= 7 {
		return 0, 0
	}
	py := s.py
	if py.dwarf == nil {
		py.dwarf = map[string]*pyDWARF{}
	}
	d := py.dwarf[file]
	if d == nil {
		d = &pyDWARF{}
		if prog, err := dwarfvar.Open(file); err == nil {
			d.expr, _ = prog.Compile("_PyEval_EvalFrameDefault", "next_instr")
			if obj.Layout.Version >= 13 {
				d.frame, _ = prog.Compile("_PyEval_EvalFrameDefault", "frame")
			}
		}
		py.dwarf[file] = d
	}
	if d.expr == nil {
		return 0, 0
	}
	objAt := func(pc uint64) (string, uint64, bool) {
		pl := p.find(pc)
		if pl == nil || pl.file == "" {
			return "", 0, false
		}
		return pl.file, pl.fileBias, true
	}
	py.regs, _ = ru.UnwindRegs(r.Regs, r.Stack, objAt, py.regs[:0])
	mem := &sampleMemory{tid: int(r.TID), stack: r.Stack, sp: r.Regs[7], reads: &py.reads}
	for j := range py.regs {
		pc := py.regs[j].PC
		if j > 0 {
			pc--
		}
		path, bias, ok := objAt(pc)
		if !ok || path != file || !obj.IsEval(pc-bias) {
			continue
		}
		ef := &exprFrame{frames: py.regs, j: j, obj: objAt, mem: mem}
		v, err := d.expr.Eval(ef, pc, bias)
		if err != nil || v.Kind != dwarfvar.Pointer {
			return 0, 0
		}
		if d.frame != nil {
			if f, err := d.frame.Eval(ef, pc, bias); err == nil && f.Kind == dwarfvar.Pointer {
				frame = f.Uint
			}
		}
		return v.Uint, frame
	}
	return 0, 0
}
