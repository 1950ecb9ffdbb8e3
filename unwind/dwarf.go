package unwind

import (
	"encoding/binary"
	"sync"
)

// ObjectAt finds the object placement that holds a runtime address: the
// object's path and the bias to subtract to get a link-time address.
type ObjectAt = func(pc uint64) (path string, bias uint64, ok bool)

// MaxFrames bounds the frames one stack unwinds to.
const MaxFrames = 512

// DWARF unwinds stack copies of x86-64 code with the objects' CFI. Tables
// are read once per object path and kept; it is safe for concurrent use.
type DWARF struct {
	mu     sync.Mutex
	tables map[string]*Table // nil: the object has no usable CFI
}

// NewDWARF returns an unwinder with an empty table cache.
func NewDWARF() *DWARF { return &DWARF{tables: make(map[string]*Table)} }

// The registers sonde asks the kernel for (enum perf_event_x86_regs): AX,
// BX, CX, DX, SI, DI, BP, SP, IP (bits 0-8) and R8-R15 (bits 16-23).
const regsMask = 0x1ff | 0xff<<16

// perfToDWARF maps the registers of a sample, in the order of the bits of
// regsMask, to DWARF register numbers (System V x86-64 psABI, figure 3.36:
// 0 rax, 1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15,
// 16 the return address).
var perfToDWARF = [...]int{0, 3, 2, 1, 4, 5, 6, 7, 16, 8, 9, 10, 11, 12, 13, 14, 15}

// callerSavedRegs are the registers a call may clobber (psABI 3.2.1: rax,
// rdx, rcx, rsi, rdi, r8-r11): unknown in a caller unless the CFI says
// where they were saved.
var callerSavedRegs = [...]uint8{0, 1, 2, 4, 5, 8, 9, 10, 11}

// calleeKnown sets dst to the registers of src known in a caller by the
// default rule: the callee-saved ones src knows. (A copy and a few stores,
// where a loop over the registers branches on every one.)
func calleeKnown(dst, src *[numRegs]bool) {
	*dst = *src
	for _, i := range callerSavedRegs {
		dst[i] = false
	}
}

const (
	regBP = 6
	regSP = 7
	regRA = 16
)

// RegsMask returns the PERF_SAMPLE_REGS_USER mask Unwind needs.
func (d *DWARF) RegsMask() uint64 { return regsMask }

func (d *DWARF) table(path string) *Table {
	d.mu.Lock()
	defer d.mu.Unlock()
	if t, ok := d.tables[path]; ok {
		return t
	}
	t, err := OpenTable(path)
	if err != nil {
		t = nil
	}
	d.tables[path] = t
	return t
}

// Unwind appends the program counter and the return addresses of the
// sample's stack to pcs, outermost last. regs are the sample's user
// registers in the order of RegsMask's bits; stack is the copy of the user
// stack from regs' SP up. complete reports that the walk reached a frame
// whose return address is undefined (_start, a thread's start), the end
// of every well-described stack.
//
// Where an object has no CFI for a pc, the frame-pointer chain is tried for
// that frame.
func (d *DWARF) Unwind(regs []uint64, stack []byte, obj ObjectAt, pcs []uint64) ([]uint64, bool) {
	complete := d.walk(regs, stack, obj, func(fr *FrameRegs) {
		pcs = append(pcs, fr.PC)
	})
	return pcs, complete
}

// walk unwinds the sample's stack and calls visit for every frame,
// innermost first, with the registers recovered there. fr.CFA is zero
// (and fr.Known[regSP] of the next frame false) where no CFI rule gave it.
func (d *DWARF) walk(regs []uint64, stack []byte, obj ObjectAt, visit func(fr *FrameRegs)) bool {
	// The frames' registers and the view of them CFI expressions read
	// escape (fr through visit): from a pool, not an allocation a walk.
	st := walkStates.Get().(*walkState)
	st.frs = [2]FrameRegs{}
	defer func() {
		st.cf.mem.data = nil // the stack copy is the caller's
		walkStates.Put(st)
	}()
	// fr is the frame being unwound, nx its caller's, computed by step:
	// they swap places a frame, where a copy would cost more than the
	// rest of a cached step.
	fr, nx := &st.frs[0], &st.frs[1]
	for i, v := range regs {
		if i < len(perfToDWARF) {
			fr.Regs[perfToDWARF[i]], fr.Known[perfToDWARF[i]] = v, true
		}
	}
	if !fr.Known[regRA] || !fr.Known[regSP] {
		return false
	}
	tables := st.tables(d)
	st.cf = cfiFrame{mem: stackCopy{data: stack, sp: fr.Regs[regSP]}}
	mem := &st.cf.mem
	signal := false
	for depth := 0; ; depth++ {
		r, known := &fr.Regs, &fr.Known
		st.cf.regs, st.cf.known = r, known
		pc := r[regRA]
		fr.PC = pc
		lookup := pc
		if depth > 0 && !signal {
			lookup-- // a return address: the call is the instruction before
		}
		next, nknown := &nx.Regs, &nx.Known
		ok, end := false, false
		var cfa uint64
		if depth < MaxFrames {
			if path, bias, found := obj(pc); found {
				if t := tables.table(d, path); t != nil {
					if f, e, err := t.frameAt(lookup - bias); f != nil {
						if err == nil {
							ok, end, cfa = step(e, r, known, next, nknown, &st.cf)
						}
						signal = f.cie.signal
					}
				}
			}
		}
		fr.CFA = cfa
		visit(fr)
		if end {
			return true
		}
		if depth >= MaxFrames {
			return false
		}
		if !ok {
			// No CFI: follow the frame pointer, as perf's fp chains do.
			bp := r[regBP]
			if !known[regBP] || bp < r[regSP] {
				return false
			}
			ra, ok1 := mem.word(bp + 8)
			nbp, ok2 := mem.word(bp)
			if !ok1 || !ok2 {
				return false
			}
			*next = *r
			calleeKnown(nknown, known)
			next[regRA], next[regSP], next[regBP] = ra, bp+16, nbp
			signal = false
		}
		if !nknown[regRA] || !nknown[regSP] || next[regSP] <= r[regSP] && !signal {
			return false // no progress: a loop or garbage
		}
		if next[regRA] == 0 {
			return true // some runtimes end the chain with a zero return address
		}
		fr, nx = nx, fr
	}
}

// walkState is what one walk keeps on the heap.
type walkState struct {
	frs [2]FrameRegs
	cf  cfiFrame // reads the registers of the frame being unwound
	tc  tableCache
}

// tables returns st's table cache, emptied if it was another DWARF's.
func (st *walkState) tables(d *DWARF) *tableCache {
	if st.tc.d != d {
		st.tc = tableCache{d: d}
	}
	return &st.tc
}

// tableCache remembers the last tables a walk of d used, by object path,
// from one walk to the next (it lives in the pooled walkState): a
// sample's frames are in a few objects, and d.table locks and hashes the
// path. d's tables are never replaced, so an entry stays true.
type tableCache struct {
	d     *DWARF
	paths [4]string
	ts    [4]*Table
	n     int // the entries in use
	last  int // the entry of the last hit, tried first
	next  int // the entry to replace on a miss
}

// table returns d.table(path), from the cache when it holds path.
func (c *tableCache) table(d *DWARF, path string) *Table {
	if c.n > 0 && c.paths[c.last] == path {
		return c.ts[c.last]
	}
	for i := range c.n {
		if c.paths[i] == path {
			c.last = i
			return c.ts[i]
		}
	}
	t := d.table(path)
	c.last = c.next
	c.paths[c.next], c.ts[c.next] = path, t
	c.next = (c.next + 1) % len(c.paths)
	c.n = min(c.n+1, len(c.paths))
	return t
}

// walkStates are the walks' states, reused: the visitors copy the frame
// they are given (Unwind its pc, UnwindRegs the whole frame).
var walkStates = sync.Pool{New: func() any { return new(walkState) }}

// stackCopy is the copy of the user stack a sample carries, from the
// sample's stack pointer sp up.
type stackCopy struct {
	data []byte
	sp   uint64
}

// word reads the 8 bytes at address a; ok is false outside the copy.
func (s *stackCopy) word(a uint64) (uint64, bool) {
	if a < s.sp || a-s.sp > uint64(len(s.data)) || a-s.sp+8 > uint64(len(s.data)) {
		return 0, false
	}
	return binary.LittleEndian.Uint64(s.data[a-s.sp:]), true
}

// step computes the caller's registers from e, the row in effect at the
// frame's pc, and the CFA of the frame. ok is false when a rule cannot be
// evaluated; end is true when the return address is undefined (the
// outermost frame). It sets every register of next and nknown.
func step(e *frameRow, r *[numRegs]uint64, known *[numRegs]bool, next *[numRegs]uint64, nknown *[numRegs]bool, cf *cfiFrame) (ok, end bool, cfa uint64) {
	mem := &cf.mem
	row := &e.row
	if row.cfaExpr != nil {
		v, err := evalCFI(row.cfaExpr, 0, false, cf)
		if err != nil {
			return false, false, 0
		}
		cfa = v
	} else {
		if row.cfaReg >= numRegs || !known[row.cfaReg] {
			return false, false, 0
		}
		cfa = r[row.cfaReg] + uint64(row.cfaOff)
	}
	if e.raEnd {
		return true, true, cfa
	}
	// ruleSame, the default rule of most registers: callee-saved ones
	// keep their value; caller-saved ones may have been clobbered by the
	// callee. The registers with another rule follow.
	*next = *r
	calleeKnown(nknown, known)
	for _, i := range e.rules[:e.nrule] {
		ru := &row.regs[i]
		next[i], nknown[i] = 0, false
		switch ru.kind {
		case ruleOffset:
			next[i], nknown[i] = mem.word(cfa + uint64(ru.n))
		case ruleValOffset:
			next[i], nknown[i] = cfa+uint64(ru.n), true
		case ruleRegister:
			if ru.reg < numRegs {
				next[i], nknown[i] = r[ru.reg], known[ru.reg]
			}
		case ruleExpression:
			if a, err := evalCFI(ru.expr, cfa, true, cf); err == nil {
				next[i], nknown[i] = mem.word(a)
			}
		case ruleValExpr:
			if v, err := evalCFI(ru.expr, cfa, true, cf); err == nil {
				next[i], nknown[i] = v, true
			}
		}
	}
	if ra := e.f.cie.raReg; ra != regRA && ra < numRegs {
		next[regRA], nknown[regRA] = next[ra], nknown[ra]
	}
	next[regSP], nknown[regSP] = cfa, true
	return true, false, cfa
}
