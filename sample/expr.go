package sample

import (
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"sonde/dwarfvar"
	"sonde/internal/linux/unix"
	"sonde/profile"
	"sonde/unwind"
)

// RegsUnwinder unwinds a stack copy frame by frame with each frame's
// recovered registers (unwind.DWARF does).
type RegsUnwinder interface {
	// UnwindRegs appends to frames the frames of the sample, innermost
	// first, with the registers the CFI recovers in each; complete says
	// whether it reached the outermost frame.
	UnwindRegs(regs []uint64, stack []byte, obj unwind.ObjectAt, frames []unwind.FrameRegs) ([]unwind.FrameRegs, bool)
}

// Exprs evaluates record --expr expressions from DWARF at samples (an
// ExprEvaluator): it unwinds the sample's stack copy to the frame of the
// expression's function and evaluates the compiled expression against that
// frame's recovered registers, the stack copy, and other memory read with
// process_vm_readv. Each expression is compiled once per (object,
// function) and the objects' DWARF is read once per path.
//
// Memory inside the stack copy is the stack as it was at the sample. Other
// memory (globals, the heap, the red zone below the stack pointer) is read
// when Eval runs: under the perf sampler that is some milliseconds after
// the sample, while the thread runs on; under the ptrace sampler the
// thread is stopped, and every value is the sample's.
//
// Eval is called from the sampler's one goroutine; Prepare and Stats may
// be called from others.
type Exprs struct {
	defs []profile.ExprDef
	unw  RegsUnwinder

	mu      sync.Mutex
	objects map[string]*exprObject // by object path
	applies map[applyKey]bool      // does expression i apply to exe?
	frames  []unwind.FrameRegs
	stats   ExprStats
	idx     []int // scratch: the expressions that apply to a sample

	// Per expression: the executables of the sampled processes it
	// applied to, in the order first seen, with why its function
	// cannot be found there ("" when it can), and how many values it
	// gave. Silent matches would read as "no values", never as why.
	seen   []map[string]string
	order  [][]string
	values []int
}

// ExprStats counts what Exprs did.
type ExprStats struct {
	// Samples is the number of samples evaluated (those of processes
	// that some expression applies to).
	Samples int
	// OK, OptimizedOut and Unavailable count the values by status.
	OK, OptimizedOut, Unavailable int
	// Reads counts memory reads outside the stack copy (process_vm_readv).
	Reads int
	// LiveSamples counts the samples of a running thread (perf) whose
	// values read memory outside the stack copy; LiveLag sums, and
	// MaxLag bounds, how long after the sample that memory was read.
	LiveSamples     int
	LiveLag, MaxLag time.Duration
	// Time is the time spent evaluating (unwinding included), Setup
	// excluded.
	Time time.Duration
	// Setup is the time spent reading objects' DWARF, finding functions
	// and compiling expressions (once per object and function).
	Setup time.Duration
}

type applyKey struct {
	expr      int
	exe, comm string
}

// exprObject is one object's DWARF and what was compiled against it.
type exprObject struct {
	x     *Exprs
	prog  *dwarfvar.Program
	err   error
	funcs map[string]*exprFunc
}

// exprFunc is one function of an object: where it is and its compiled
// expressions, by index in Exprs.defs.
type exprFunc struct {
	ranges [][2]uint64 // link-time; empty when the object lacks the function
	exprs  map[int]*dwarfvar.Expr
	errs   map[int]error
}

// NewExprs returns an evaluator of defs (run-local index = position) that
// unwinds with unw.
func NewExprs(defs []profile.ExprDef, unw RegsUnwinder) *Exprs {
	x := &Exprs{defs: defs, unw: unw, objects: map[string]*exprObject{}, applies: map[applyKey]bool{}}
	x.seen = make([]map[string]string, len(defs))
	x.order = make([][]string, len(defs))
	x.values = make([]int, len(defs))
	for i := range defs {
		x.seen[i] = map[string]string{}
	}
	return x
}

// MatchProg reports whether the program pattern of an expression matches an
// executable: a glob (path.Match) or a substring of its base name, as PCT's
// EXEC patterns matched.
func MatchProg(pattern, exe string) bool {
	base := filepath.Base(exe)
	if exe == "" {
		return false
	}
	if ok, err := path.Match(pattern, base); err == nil && ok {
		return true
	}
	return strings.Contains(base, pattern)
}

// Prepare compiles, against executable exe (or the library it needs that
// holds the function), every expression whose program pattern matches it,
// so that a function that is not there or an expression sonde cannot
// evaluate is an error before the run. It returns
// the number of expressions that match exe. Errors name the expression;
// an expression that does not compile wraps a *dwarfvar.CompileError.
func (x *Exprs) Prepare(exe string) (int, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	n := 0
	for i, d := range x.defs {
		if !MatchProg(d.Prog, exe) {
			continue
		}
		n++
		if err := x.locate(i, exe); err != nil {
			return n, err
		}
	}
	return n, nil
}

// locate finds expression i's function in exe or a library it needs and
// compiles the expression there. x.mu is held. Errors name the expression.
func (x *Exprs) locate(i int, exe string) error {
	d := x.defs[i]
	// The function is in the executable or in a library it needs
	// (python3's functions are in libpython).
	objs := append([]string{exe}, neededLibraries(exe)...)
	var firstErr error
	for _, path := range objs {
		o := x.object(path)
		if o.err != nil {
			if path == exe {
				firstErr = o.err
			}
			continue
		}
		f := o.function(d.Func)
		if len(f.ranges) == 0 {
			continue
		}
		if _, err := o.compile(f, i, d); err != nil {
			return fmt.Errorf("expression %q: %w", d.Spec, err)
		}
		return nil
	}
	if firstErr != nil {
		return fmt.Errorf("expression %q: %w", d.Spec, firstErr)
	}
	return fmt.Errorf("expression %q: function %s not found in the DWARF of %s or the libraries it needs", d.Spec, d.Func, exe)
}

// Missed returns one line for each expression that applied to sampled
// processes but gave no value, saying why: its function could not be found
// or compiled in their executables (no DWARF, a stripped program run under
// a script, a missing separate debug file), or it was found but never on a
// sampled stack. Expressions that matched no sampled process are said too.
func (x *Exprs) Missed() []string {
	x.mu.Lock()
	defer x.mu.Unlock()
	var out []string
	for i, d := range x.defs {
		if x.values[i] > 0 {
			continue
		}
		if len(x.order[i]) == 0 {
			out = append(out, fmt.Sprintf("expression %q: no value: no sampled process ran a program matching %q", d.Spec, d.Prog))
			continue
		}
		var why []string
		for _, exe := range x.order[i] {
			if r := x.seen[i][exe]; r != "" {
				why = append(why, r)
			} else {
				why = append(why, fmt.Sprintf("%s never on a sampled stack of %s", d.Func, exe))
			}
		}
		out = append(out, fmt.Sprintf("expression %q: no value: %s", d.Spec, strings.Join(why, "; ")))
	}
	return out
}

// neededLibraries returns the paths of the shared libraries exe names in
// DT_NEEDED that can be found as the dynamic loader would look for them:
// DT_RPATH and DT_RUNPATH ($ORIGIN expanded), $LD_LIBRARY_PATH, then the
// system directories (ld.so(8)). Libraries not found are left out.
func neededLibraries(exe string) []string {
	f, err := elf.Open(exe)
	if err != nil {
		return nil
	}
	defer f.Close()
	needed, _ := f.DynString(elf.DT_NEEDED)
	var dirs []string
	for _, tag := range []elf.DynTag{elf.DT_RPATH, elf.DT_RUNPATH} {
		paths, _ := f.DynString(tag)
		for _, p := range paths {
			for _, d := range strings.Split(p, ":") {
				d = strings.ReplaceAll(strings.ReplaceAll(d, "${ORIGIN}", "$ORIGIN"), "$ORIGIN", filepath.Dir(exe))
				dirs = append(dirs, d)
			}
		}
	}
	if lp := os.Getenv("LD_LIBRARY_PATH"); lp != "" {
		dirs = append(dirs, strings.Split(lp, ":")...)
	}
	dirs = append(dirs, "/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib", "/usr/local/lib")
	var out []string
	for _, lib := range needed {
		for _, d := range dirs {
			p := filepath.Join(d, lib)
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// object returns the DWARF of the object at path, read once. x.mu is held.
func (x *Exprs) object(path string) *exprObject {
	o := x.objects[path]
	if o == nil {
		defer x.setupTime(time.Now())
		o = &exprObject{funcs: map[string]*exprFunc{}, x: x}
		o.prog, o.err = dwarfvar.Open(path)
		if o.err != nil {
			o.err = fmt.Errorf("read DWARF of %s: %w", path, o.err)
		}
		x.objects[path] = o
	}
	return o
}

// function returns fn's entry in o, looking its ranges up once.
func (o *exprObject) function(fn string) *exprFunc {
	f := o.funcs[fn]
	if f == nil {
		defer o.x.setupTime(time.Now())
		f = &exprFunc{exprs: map[int]*dwarfvar.Expr{}, errs: map[int]error{}}
		if o.prog != nil {
			f.ranges, _ = o.prog.FuncRanges(fn)
		}
		o.funcs[fn] = f
	}
	return f
}

// compile compiles expression i in f once.
func (o *exprObject) compile(f *exprFunc, i int, d profile.ExprDef) (*dwarfvar.Expr, error) {
	if e, ok := f.exprs[i]; ok {
		return e, nil
	}
	if err, ok := f.errs[i]; ok {
		return nil, err
	}
	defer o.x.setupTime(time.Now())
	e, err := o.prog.Compile(d.Func, d.Expr)
	if err != nil {
		f.errs[i] = err
		return nil, err
	}
	f.exprs[i] = e
	return e, nil
}

func (f *exprFunc) holds(addr uint64) bool {
	for _, r := range f.ranges {
		if addr >= r[0] && addr < r[1] {
			return true
		}
	}
	return false
}

// setupTime adds the time since start to Stats.Setup. x.mu is held.
func (x *Exprs) setupTime(start time.Time) { x.stats.Setup += time.Since(start) }

// Stats returns the counts so far.
func (x *Exprs) Stats() ExprStats {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.stats
}

// Eval implements ExprEvaluator.
func (x *Exprs) Eval(in *ExprInput, out []profile.ExprValue) []profile.ExprValue {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.idx = x.idx[:0]
	for i, d := range x.defs {
		k := applyKey{i, in.Exe, ""}
		if in.Exe == "" {
			k.comm = in.Comm // no executable known: the command name decides
		}
		ok, seen := x.applies[k]
		if !seen {
			ok = MatchProg(d.Prog, in.Exe) || in.Exe == "" && MatchProg(d.Prog, in.Comm)
			x.applies[k] = ok
		}
		if ok {
			x.idx = append(x.idx, i)
			x.applied(i, in.Exe, in.Comm)
		}
	}
	if len(x.idx) == 0 || len(in.Regs) == 0 {
		return out
	}
	start, setup := time.Now(), x.stats.Setup
	x.stats.Samples++
	x.frames, _ = x.unw.UnwindRegs(in.Regs, in.Stack, in.Obj, x.frames[:0])
	var sp uint64
	if len(x.frames) > 0 {
		sp = x.frames[0].Regs[7]
	}
	reads0 := x.stats.Reads
	mem := &sampleMemory{tid: int(in.TID), stack: in.Stack, sp: sp, reads: &x.stats.Reads}
	for _, i := range x.idx {
		d := x.defs[i]
		for j := range x.frames {
			fr := &x.frames[j]
			pc := fr.PC
			if j > 0 {
				pc-- // a return address: the call is the instruction before
			}
			path, bias, ok := in.Obj(pc)
			if !ok {
				continue
			}
			o := x.object(path)
			if o.err != nil {
				continue
			}
			f := o.function(d.Func)
			if !f.holds(pc - bias) {
				continue
			}
			v := profile.ExprValue{Expr: int32(i)}
			e, err := o.compile(f, i, d)
			if err == nil {
				var val dwarfvar.Value
				val, err = e.Eval(&exprFrame{frames: x.frames, j: j, obj: in.Obj, mem: mem}, pc, bias)
				if err == nil {
					v.Status, v.Text = profile.ExprOK, val.String()
					v.Num, v.HasNum = val.Number()
				}
			}
			switch {
			case err == nil:
				x.stats.OK++
			case errors.Is(err, dwarfvar.ErrOptimizedOut):
				v.Status = profile.ExprOptimizedOut
				x.stats.OptimizedOut++
			default:
				v.Status, v.Text = profile.ExprUnavailable, err.Error()
				x.stats.Unavailable++
			}
			out = append(out, v)
			x.values[i]++
			break // the innermost frame of the function wins
		}
	}
	if x.stats.Reads > reads0 && !in.Stopped {
		x.stats.LiveSamples++
		x.stats.LiveLag += in.Lag
		x.stats.MaxLag = max(x.stats.MaxLag, in.Lag)
	}
	x.stats.Time += time.Since(start) - (x.stats.Setup - setup)
	return out
}

// applied notes that expression i applies to a sample of exe (or, with no
// executable known, of command comm), and the first time, whether its
// function can be found there. x.mu is held.
func (x *Exprs) applied(i int, exe, comm string) {
	key := exe
	if key == "" {
		key = comm
	}
	if _, ok := x.seen[i][key]; ok {
		return
	}
	why := ""
	if exe == "" {
		why = fmt.Sprintf("the executable of %s is unknown", comm)
	} else if err := x.locate(i, exe); err != nil {
		why = strings.TrimPrefix(err.Error(), fmt.Sprintf("expression %q: ", x.defs[i].Spec))
	}
	x.seen[i][key] = why
	x.order[i] = append(x.order[i], key)
}

// exprFrame is unwound frame j as dwarfvar sees it. It is a
// dwarfvar.CallerFrame, so that a parameter's value at entry
// (DW_OP_entry_value) is found from its caller's call site, as gdb does.
type exprFrame struct {
	frames []unwind.FrameRegs
	j      int
	obj    ObjectAt
	mem    *sampleMemory
}

func (f *exprFrame) Reg(n int) (uint64, bool) {
	fr := &f.frames[f.j]
	if n < 0 || n >= len(fr.Regs) {
		return 0, false
	}
	return fr.Regs[n], fr.Known[n]
}

func (f *exprFrame) CFA() (uint64, bool) { return f.frames[f.j].CFA, f.frames[f.j].CFA != 0 }

// Caller implements dwarfvar.CallerFrame: the next frame out, its return
// address, and the object that holds the call before it.
func (f *exprFrame) Caller() (dwarfvar.Frame, uint64, string, uint64, bool) {
	if f.j+1 >= len(f.frames) {
		return nil, 0, "", 0, false
	}
	pc := f.frames[f.j+1].PC
	path, bias, ok := f.obj(pc - 1)
	if !ok {
		return nil, 0, "", 0, false
	}
	return &exprFrame{frames: f.frames, j: f.j + 1, obj: f.obj, mem: f.mem}, pc, path, bias, true
}

func (f *exprFrame) ReadMemory(addr uint64, buf []byte) error { return f.mem.read(addr, buf) }

// sampleMemory reads a sampled thread's memory: from the stack copy when
// the bytes are in it, else from the live process.
type sampleMemory struct {
	tid   int
	stack []byte
	sp    uint64 // runtime address of stack[0]
	reads *int
}

func (m *sampleMemory) read(addr uint64, buf []byte) error {
	if addr >= m.sp && addr-m.sp <= uint64(len(m.stack)) && uint64(len(buf)) <= uint64(len(m.stack))-(addr-m.sp) {
		copy(buf, m.stack[addr-m.sp:])
		return nil
	}
	*m.reads++
	n, err := unix.ReadProcessMemory(m.tid, buf, addr)
	if err != nil {
		return fmt.Errorf("cannot read memory at %#x: %w", addr, err)
	}
	if n < len(buf) {
		return fmt.Errorf("cannot read memory at %#x: short read", addr)
	}
	return nil
}
