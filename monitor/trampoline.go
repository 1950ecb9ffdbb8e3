package monitor

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"sort"

	"sonde/internal/linux/unix"
	"sonde/proc"
	"sonde/profile"
)

// The run-time half of the trampoline engine. Each patched site's first
// bytes become `jmp rel32` to a trampoline in pages sonde maps into the
// target (within ±1 GiB of the object, so that every rel32 reaches):
//
//	lock incq CNT(%rip)          ; at a function entry: flags are dead
//	lea -128(%rsp),%rsp; pushfq; lock incq CNT(%rip); popfq; lea 128(%rsp),%rsp
//	                             ; elsewhere: keep flags and the red zone
//	movb $1,CNT(%rip)            ; --coverage: no flags touched
//	<displaced instructions, relocated>
//	jmp SITE+LEN
//
// The counters live in a memfd that sonde maps too and the target maps
// shared (MAP_SHARED, opened through /proc/SONDE/fd/N): sonde reads them
// without a system call, forked children add to the same counters (their
// fork shares the mapping), and a target killed by SIGKILL or gone
// through exec loses nothing. A hit costs a few nanoseconds instead of a
// trap; `lock` makes threads' totals exact.

// counterRegion is one object's counters in one address space and the
// children forked from it.
type counterRegion struct {
	obj  int    // Result.Objects index
	mem  []byte // 8 bytes per site of the object, sonde's mapping
	fd   int
	only []bool // by site index: counted here
	// seen records, in a coverage run, the sites whose bytes uncover has
	// harvested (and cleared).
	seen []bool
}

// armKey names an object planted in a space.
type armKey struct {
	o     *Object
	start uint64
}

// trampStats counts, for the run's note, how sites were planted.
type trampStats struct {
	patched, covered, int3 int
	removed                int // coverage: jumps removed after their windows ran again
	why                    map[string]int
}

// counter increments, by mode.
var (
	incFlagsDead = []byte{0xf0, 0x48, 0xff, 0x05}                               // lock incq rel32(%rip)
	incPre       = []byte{0x48, 0x8d, 0x64, 0x24, 0x80, 0x9c}                   // lea -128(%rsp),%rsp; pushfq
	incPost      = []byte{0x9d, 0x48, 0x8d, 0xa4, 0x24, 0x80, 0x00, 0x00, 0x00} // popfq; lea 128(%rsp),%rsp
	setByte      = []byte{0xc6, 0x05}                                           // movb $imm8,rel32(%rip)
)

// emitter writes trampolines at offset 0 of the region they will be
// mapped at: the fields that point into the object (the jump back,
// relocated branches, RIP-relative operands, pushed return addresses) are
// left as relocations, filled in when the region's address and the
// object's bias are known (relocate); the counters sit at fixed offsets
// from the code (codeSize + 8 x site), so their fields are final once
// codeSize is known (fixCounters).
type emitter struct {
	buf  []byte
	rels []textRel
	cnts []cntRel
	// entryB holds, by link-time address, where the trampolines of the
	// windows with fall sites continue after their counters (entry B,
	// planner.fold) and where the counters of an entry instruction start
	// (planner.enter); toB the rel32 fields that jump there, filled by
	// fixEntries.
	entryB map[uint64]uint32
	toB    []bRel
}

// bRel is a rel32 field of the code that jumps to the entry B of the
// window at target.
type bRel struct {
	off    uint32
	target uint64
}

// fixEntries fills the jumps to entries B (see planner.fold): they stay
// in the code, so they are final once all of it is emitted.
func (e *emitter) fixEntries() error {
	for _, b := range e.toB {
		to, ok := e.entryB[b.target]
		if !ok {
			return fmt.Errorf("plan: a trampoline jumps to the entry B of %#x, which has none", b.target)
		}
		binary.LittleEndian.PutUint32(e.buf[b.off:], uint32(int32(int64(to)-int64(b.off+4))))
	}
	return nil
}

// textRel is a field of the code that points into the object.
type textRel struct {
	off uint32 // the field's offset in the code
	// end is the offset of the end of the instruction for a rel32
	// (field = target - (base+end)); 0 for an absolute 64-bit address.
	end    uint32
	target uint64 // link-time address
}

// cntRel is a rel32 field pointing to the counter of site.
type cntRel struct {
	off, end uint32
	site     int32
}

// textRel32 appends a rel32 to link-time address target, the instruction
// ending tail bytes after the field.
func (e *emitter) textRel32(target uint64, tail int) {
	off := len(e.buf)
	e.rels = append(e.rels, textRel{off: uint32(off), end: uint32(off + 4 + tail), target: target})
	e.buf = append(e.buf, 0, 0, 0, 0)
}

// textAbs64 appends link-time address target as a 64-bit word.
func (e *emitter) textAbs64(target uint64) {
	e.rels = append(e.rels, textRel{off: uint32(len(e.buf)), target: target})
	e.buf = append(e.buf, 0, 0, 0, 0, 0, 0, 0, 0)
}

// counter appends the increment of the counter of site.
func (e *emitter) counter(site int, flagsDead, coverage bool) {
	cnt := func(tail int) {
		off := len(e.buf)
		e.cnts = append(e.cnts, cntRel{off: uint32(off), end: uint32(off + 4 + tail), site: int32(site)})
		e.buf = append(e.buf, 0, 0, 0, 0)
	}
	switch {
	case coverage:
		e.buf = append(e.buf, setByte...)
		cnt(1)
		e.buf = append(e.buf, 1)
	case flagsDead:
		e.buf = append(e.buf, incFlagsDead...)
		cnt(0)
	default:
		e.buf = append(e.buf, incPre...)
		e.buf = append(e.buf, incFlagsDead...)
		cnt(0)
		e.buf = append(e.buf, incPost...)
	}
}

// fixCounters fills the counter fields for counters at codeSize + 8 x site.
func (e *emitter) fixCounters(codeSize uint64) {
	for _, c := range e.cnts {
		d := int64(codeSize) + 8*int64(c.site) - int64(c.end)
		binary.LittleEndian.PutUint32(e.buf[c.off:], uint32(int32(d)))
	}
}

// insn appends the relocated form of in; toB: a direct jump to the window
// at its target goes to that window's entry B.
func (e *emitter) insn(in *winInsn, toB bool) {
	oldNext := in.addr + uint64(len(in.code))
	if toB && (in.kind == relJmp || in.kind == relJcc) {
		if in.kind == relJmp {
			e.buf = append(e.buf, 0xe9)
		} else {
			e.buf = append(e.buf, 0x0f, 0x80|in.cc)
		}
		e.toB = append(e.toB, bRel{off: uint32(len(e.buf)), target: in.target})
		e.buf = append(e.buf, 0, 0, 0, 0)
		return
	}
	switch in.kind {
	case relCopy:
		e.buf = append(e.buf, in.code...)
	case relRIP:
		e.ripInsn(in.code, in.pcrelOff, oldNext)
	case relJmp:
		e.buf = append(e.buf, 0xe9)
		e.textRel32(in.target, 0)
	case relJcc:
		e.buf = append(e.buf, 0x0f, 0x80|in.cc)
		e.textRel32(in.target, 0)
	case relCall:
		// pushq RET(%rip); jmp target; RET: .quad original return
		e.buf = append(e.buf, 0xff, 0x35)
		e.buf = binary.LittleEndian.AppendUint32(e.buf, jmpLen)
		e.buf = append(e.buf, 0xe9)
		e.textRel32(in.target, 0)
		e.textAbs64(oldNext)
	case relCallInd:
		// pushq RET(%rip); jmp *x (ModRM /2 -> /4); RET: .quad original return
		e.buf = append(e.buf, 0xff, 0x35)
		e.buf = binary.LittleEndian.AppendUint32(e.buf, uint32(len(in.code)))
		code := append([]byte(nil), in.code...)
		code[in.modrm] = code[in.modrm]&^0x38 | 4<<3
		if in.ripRel {
			e.ripInsn(code, in.pcrelOff, oldNext)
		} else {
			e.buf = append(e.buf, code...)
		}
		e.textAbs64(oldNext)
	}
}

// ripInsn appends code with its RIP-relative disp32 (at off) made a
// relocation to where it pointed from its old place (next instruction at
// link-time address oldNext).
func (e *emitter) ripInsn(code []byte, off int, oldNext uint64) {
	abs := oldNext + uint64(int64(int32(binary.LittleEndian.Uint32(code[off:]))))
	start := len(e.buf)
	e.buf = append(e.buf, code...)
	e.rels = append(e.rels, textRel{off: uint32(start + off), end: uint32(start + len(code)), target: abs})
}

// trampoline appends the whole trampoline of w. In a count run a window
// with fall sites counts them first (entry A) and the jumps that fold
// redirected come in after them (entry B); a coverage run has neither.
func (e *emitter) trampoline(w *window, coverage bool) {
	folded := !coverage && w.fall != nil
	if folded {
		for _, s := range w.fall {
			e.counter(s, w.insns[0].flagsDead, false) // entry A is where insns[0] is
		}
		if e.entryB == nil {
			e.entryB = map[uint64]uint32{}
		}
		e.entryB[w.addr] = uint32(len(e.buf))
	}
	for i := range w.insns {
		in := &w.insns[i]
		if in.entry && !coverage {
			if e.entryB == nil {
				e.entryB = map[uint64]uint32{}
			}
			e.entryB[in.addr] = uint32(len(e.buf))
		}
		for _, s := range in.count {
			e.counter(s, in.flagsDead || w.flagsDead && i == 0 && s == w.site && !folded, coverage)
		}
		e.insn(in, in.toB && !coverage)
	}
	if !w.ends {
		e.buf = append(e.buf, 0xe9)
		e.textRel32(w.addr+uint64(w.size), 0)
	}
	for len(e.buf)%16 != 0 {
		e.buf = append(e.buf, 0xcc)
	}
}

// relocate fills the relocations rels (relRecLen-byte records, see
// textRel) of code, placed at run-time address base in a process where
// the object's bias is bias.
func relocate(code, rels []byte, base, bias uint64) error {
	return relocateAt(code, 0, rels, base, bias)
}

// relocateAt is relocate for the piece of the code at offset origin.
func relocateAt(code []byte, origin uint32, rels []byte, base, bias uint64) error {
	le := binary.LittleEndian
	for k := 0; k+relRecLen <= len(rels); k += relRecLen {
		off, end, t := le.Uint32(rels[k:]), le.Uint32(rels[k+4:]), le.Uint64(rels[k+8:])+bias
		off -= origin
		if end == 0 {
			le.PutUint64(code[off:], t)
			continue
		}
		at := base + uint64(end)
		d := int64(t - at)
		if d != int64(int32(d)) {
			return fmt.Errorf("%#x is out of rel32 reach of %#x", t, at)
		}
		le.PutUint32(code[off:], uint32(int32(d)))
	}
	return nil
}

// writeRelocated writes code, relocated (see relocate) for base and
// bias, at base through mem, a piece at a time: the pieces are relocated
// in a buffer that stays in cache, where a relocated copy of the whole
// code (4 MB for libpython's lines) cost fresh pages. rels are sorted by
// offset (prepared.check).
func writeRelocated(mem Memory, code, rels []byte, base, bias uint64) error {
	const piece = 256 << 10
	buf := make([]byte, 0, piece+8)
	le := binary.LittleEndian
	k := 0
	for lo := 0; lo < len(code); {
		hi := min(lo+piece, len(code))
		// The relocations of the piece; one that straddles its end
		// takes the piece up to the end of its field.
		k0 := k
		for k+relRecLen <= len(rels) && int(le.Uint32(rels[k:])) < hi {
			w := 4
			if le.Uint32(rels[k+4:]) == 0 {
				w = 8
			}
			hi = max(hi, int(le.Uint32(rels[k:]))+w)
			k += relRecLen
		}
		buf = append(buf[:0], code[lo:hi]...)
		if err := relocateAt(buf, uint32(lo), rels[k0:k], base, bias); err != nil {
			return err
		}
		if _, err := mem.WriteMemory(buf, base+uint64(lo)); err != nil {
			return err
		}
		lo = hi
	}
	return nil
}

// armedTramps is one object's trampolines in one address space.
type armedTramps struct {
	pp   *prepared
	bias uint64
	base uint64 // run-time address of the trampolines
	reg  *counterRegion
	// patched says, by pp.wins index, that the jump is in place.
	patched []bool
	// live counts the patched windows.
	live int
}

// clone copies a for a forked child, whose memory holds the same jumps.
func (a *armedTramps) clone() *armedTramps {
	c := *a
	c.patched = append([]bool(nil), a.patched...)
	return &c
}

// armTrampolines places the trampolines of p in space sp (process pid,
// stopped thread tid, every other thread of sp stopped) and puts their
// jumps into img, a copy of the text that the caller writes back; it
// returns the sites left to int3 breakpoints and that image (nil when no
// jump is placed). rips are the pcs of sp's threads.
func (r *ptraceRun) armTrampolines(tid, pid int, sp *space, p *placed, oi int, rips []uint64) ([]int, *textImage) {
	o := p.obj
	pp := o.prepared(r.opts.Coverage)
	all := func(why string) []int {
		s := make([]int, 0, len(o.Sites))
		for si := range o.Sites {
			s = append(s, si)
		}
		if why != "" {
			r.stats.why[why] += len(s)
		}
		return s
	}
	if pp.err != nil {
		return all(pp.err.Error()), nil
	}
	if pp.n == 0 {
		return all("no patchable site"), nil
	}
	le := binary.LittleEndian
	bps := make([]uint64, 0, len(sp.bps))
	for a := range sp.bps {
		bps = append(bps, a)
	}
	slices.Sort(bps)
	bias := uint64(0)
	found := false
	use := make([]bool, pp.n)
	keep := make([]bool, len(o.Sites)) // sites counted by trampolines here
	n := 0
	// The text to read: what the chosen windows and hops span, within
	// each mapping (windows in address order mostly fall in the mapping
	// of the last one looked up, [mlo, mhi)).
	var spans []span
	var mlo, mhi uint64
	mark := func(i int) {
		rec := pp.recs[winRecLen*i : winRecLen*(i+1)]
		use[i] = true
		n++
		for k, e := le.Uint32(rec[24:]), le.Uint32(rec[24:])+le.Uint32(rec[28:]); k < e; k++ {
			keep[le.Uint32(pp.sites[4*k:])] = true
		}
	}
	var slack [][2]int // windows whose hop is in the slack of another, and that other
	for i := 0; i < pp.n; i++ {
		rec := pp.recs[winRecLen*i : winRecLen*(i+1)]
		addr, hop, size := le.Uint64(rec), le.Uint64(rec[8:]), uint64(le.Uint32(rec[20:]))
		a := addr + bias
		if !found || a < mlo || a+size > mhi {
			ra, ok := p.runtimeAddr(profile.Addr(addr))
			if !ok {
				continue
			}
			b := ra - addr
			if found && b != bias {
				return all("object mapped with two biases"), nil
			}
			bias, found, a = b, true, ra
			mlo, mhi = p.mappingOf(a)
			if a+size > mhi {
				continue
			}
		}
		if insideAny(rips, a, int(size)) || anyIn(bps, a, a+size) {
			continue
		}
		lo, hi := a, a+size
		if hop != 0 {
			h := hop + bias
			if h < mlo || h+jmpLen > mhi || insideAny(rips, h-1, jmpLen+1) || anyIn(bps, h, h+jmpLen) {
				continue
			}
			lo, hi = min(lo, h), max(hi, h+jmpLen)
			if j := pp.host(i); j >= 0 {
				// A hop in another window's slack goes in with that
				// window only, and never in a coverage run, which
				// removes windows one by one (planner.slackHop).
				if r.opts.Coverage {
					continue
				}
				slack = append(slack, [2]int{i, j})
			} else {
				mark(i)
			}
		} else {
			mark(i)
		}
		if l := len(spans) - 1; l >= 0 && spans[l].hi > mlo {
			spans[l].lo, spans[l].hi = min(spans[l].lo, lo), max(spans[l].hi, hi)
		} else {
			spans = append(spans, span{lo, hi})
		}
	}
	for _, uh := range slack {
		if use[uh[1]] {
			mark(uh[0])
		}
	}
	var int3 []int
	for si := range o.Sites {
		if !keep[si] {
			int3 = append(int3, si)
		}
	}
	if n == 0 {
		return int3, nil
	}
	cntSize := (uint64(8*len(o.Sites)) + uint64(unix.Pagesize()) - 1) &^ (uint64(unix.Pagesize()) - 1)
	lo, hi := o.Sites[0].Addr, o.Sites[len(o.Sites)-1].Addr
	base, cnt, err := r.pages.mapRegion(tid, pid, sp.mem, uint64(lo)+bias, uint64(hi)+bias, pp.codeSize, cntSize)
	if err != nil {
		r.stats.why["mapping trampoline pages failed: "+err.Error()] += len(o.Sites)
		return all(""), nil
	}
	reg := &counterRegion{obj: oi, mem: cnt, fd: -1}
	r.regions = append(r.regions, reg)
	reg.only = keep
	if err := writeRelocated(sp.mem, pp.code, pp.rels, base, bias); err != nil {
		reg.only = nil
		r.stats.why["write trampolines failed: "+err.Error()] += len(o.Sites)
		return all(""), nil
	}
	// The jumps, into a copy of the text. A window and its hop go in
	// together, and only where both hold the file's bytes: anything else
	// is another tool's breakpoint (a uprobe on the same file writes int3
	// into every process that maps it, and puts its byte back when
	// removed, over whatever is there).
	img := sp.readText(spans)
	at := &armedTramps{pp: pp, bias: bias, base: base, reg: reg, patched: make([]bool, pp.n)}
	if len(pp.deps) > 0 {
		// Windows that go in together (planner.fold) or not at all: a
		// jump left in place at a folded window's jump would count its
		// fall sites.
		drop := func(i int, why string) {
			use[i] = false
			pp.win(i).sites.each(func(c int) {
				keep[c] = false
				int3 = append(int3, c)
				r.stats.why[why]++
			})
		}
		textOK := func(i int) bool {
			w := pp.win(i)
			cur := img.at(w.addr+bias, uint64(w.size))
			return cur != nil && bytes.Equal(cur, w.want)
		}
		for changed := true; changed; {
			changed = false
			for k := 0; k+8 <= len(pp.deps); k += 8 {
				a, b := int(le.Uint32(pp.deps[k:])), int(le.Uint32(pp.deps[k+4:]))
				switch {
				case use[a] && use[b] && (!textOK(a) || !textOK(b)):
					drop(a, "text differs from the file (another tool's breakpoint?)")
					drop(b, "text differs from the file (another tool's breakpoint?)")
				case use[a] && !use[b]:
					drop(a, "a window it goes in with cannot")
				case use[b] && !use[a]:
					drop(b, "a window it goes in with cannot")
				default:
					continue
				}
				changed = true
			}
		}
	}
	var jump [maxWindow]byte
	// The windows whose hop lies in another's slack go in last, where
	// that other went in: its jump has put 0xcc where their hop goes.
	user := make(map[int]int, len(slack))
	for _, uh := range slack {
		user[uh[0]] = uh[1]
	}
	place := func(i int) {
		rec := pp.recs[winRecLen*i : winRecLen*(i+1)]
		addr, hop, off, size := le.Uint64(rec), le.Uint64(rec[8:]), le.Uint32(rec[16:]), uint64(le.Uint32(rec[20:]))
		wa, ha := le.Uint32(rec[32:]), le.Uint32(rec[36:])
		a, h := addr+bias, hop+bias
		cur := img.at(a, size)
		ok := cur != nil && bytes.Equal(cur, pp.want[wa:uint64(wa)+size])
		var hcur []byte
		if j, slackHop := user[i]; ok && slackHop {
			// The host's bytes, the hop's among them, were checked.
			hcur = img.at(h, jmpLen)
			ok = hcur != nil && at.patched[j]
		} else if ok && hop != 0 {
			hcur = img.at(h, jmpLen)
			ok = hcur != nil && bytes.Equal(hcur, pp.hopWant[ha:ha+jmpLen])
		}
		if !ok {
			why := "text differs from the file (another tool's breakpoint?)"
			if _, slackHop := user[i]; slackHop && hcur != nil {
				why = "hop's host window not patched"
			}
			pp.win(i).sites.each(func(c int) {
				keep[c] = false
				int3 = append(int3, c)
				r.stats.why[why]++
			})
			return
		}
		j := jump[:size]
		to := base + uint64(off)
		if hop != 0 {
			hcur[0] = 0xe9
			le.PutUint32(hcur[1:], uint32(int32(int64(to-(h+jmpLen)))))
			img.touch(h, jmpLen)
			j[0], j[1] = 0xeb, byte(int8(int64(hop)-int64(addr+hopLen)))
			j = j[hopLen:]
		} else {
			j[0] = 0xe9
			le.PutUint32(j[1:], uint32(int32(int64(to-(a+jmpLen)))))
			j = j[jmpLen:]
		}
		for k := range j {
			j[k] = 0xcc // never run: nothing jumps inside the window
		}
		copy(cur, jump[:size])
		img.touch(a, size)
		at.patched[i] = true
		at.live++
		r.stats.patched++
		r.stats.covered += int(le.Uint32(rec[28:])) - 1
	}
	for i := 0; i < pp.n; i++ {
		if _, slackHop := user[i]; use[i] && !slackHop {
			place(i)
		}
	}
	for _, uh := range slack {
		if use[uh[0]] {
			place(uh[0])
		}
	}
	if r.opts.Coverage {
		pp.startIndex(len(o.Sites)) // for uncover
	}
	sp.tramps = append(sp.tramps, at)
	for why, n := range pp.why {
		r.stats.why[why] += n
	}
	return int3, img
}

// anyIn reports whether a of as (sorted) lies in [lo, hi).
func anyIn(as []uint64, lo, hi uint64) bool {
	i, _ := slices.BinarySearch(as, lo)
	return i < len(as) && as[i] < hi
}

func countInner(w *window) int {
	n := 0
	for _, in := range w.insns {
		n += len(in.count)
	}
	return n - 1
}

// insideAny reports whether a pc of rips lies in (a, a+size).
func insideAny(rips []uint64, a uint64, size int) bool {
	for _, pc := range rips {
		if pc > a && pc < a+uint64(size) {
			return true
		}
	}
	return false
}

// patchAt is bytes to write at addr, over the bytes want (nil: whatever
// is there).
type patchAt struct {
	addr  uint64
	bytes []byte
	want  []byte
	idx   int
}

// writePatches writes the patches (sorted by address), reading and
// writing runs of patches less than gap bytes apart in one go, and calls done for each one
// written. It leaves alone, and returns the idx of, the patches whose
// bytes are not want.
func (sp *space) writePatches(ps []patchAt, gap uint64, done func(*patchAt)) ([]int, error) {
	var f func(*patchAt, []byte)
	if done != nil {
		f = func(p *patchAt, _ []byte) { done(p) }
	}
	return sp.writePatchesFrom(ps, gap, f)
}

// writePatchesFrom is writePatches whose done also gets the bytes each
// patch replaced.
func (sp *space) writePatchesFrom(ps []patchAt, gap uint64, done func(p *patchAt, old []byte)) ([]int, error) {
	var skipped []int
	var buf []byte
	for i := 0; i < len(ps); {
		j := i + 1
		end := ps[i].addr + uint64(len(ps[i].bytes))
		for j < len(ps) && ps[j].addr < end+gap {
			end = max(end, ps[j].addr+uint64(len(ps[j].bytes)))
			j++
		}
		start := ps[i].addr
		if uint64(cap(buf)) < end-start {
			buf = make([]byte, end-start)
		}
		buf = buf[:end-start]
		if _, err := sp.mem.ReadMemory(buf, start); err != nil {
			return skipped, fmt.Errorf("read text at %#x of process %d: %w", start, sp.pid, err)
		}
		for k := i; k < j; k++ {
			p := &ps[k]
			off := p.addr - start
			if p.want != nil && !bytes.Equal(buf[off:off+uint64(len(p.want))], p.want) {
				skipped = append(skipped, p.idx)
				continue
			}
			if done != nil {
				done(p, buf[off:off+uint64(len(p.bytes))])
			}
			copy(buf[off:], p.bytes)
		}
		if _, err := sp.mem.WriteMemory(buf, start); err != nil {
			return skipped, fmt.Errorf("patch text at %#x of process %d: %w", start, sp.pid, err)
		}
		i = j
	}
	return skipped, nil
}

// unpatch puts back the file's bytes under the jumps of a's windows wins
// (indices in address order; nil: every patched one), and returns how
// many it removed: each window's own bytes first, then its hop (which
// nothing jumps to any more). A thread stopped on a hop must have been
// moved off it (offHops).
func (sp *space) unpatch(a *armedTramps, wins []int32) int {
	var ps, hs []patchAt
	add := func(i int) {
		if a.patched[i] {
			w := a.pp.win(i)
			ps = append(ps, patchAt{addr: w.addr + a.bias, bytes: w.want, idx: i})
			if w.hop != 0 {
				hs = append(hs, patchAt{addr: w.hop + a.bias, bytes: w.hopWant, idx: i})
			}
		}
	}
	if wins == nil {
		for i := 0; i < a.pp.n; i++ {
			add(i)
		}
	} else {
		for _, i := range wins {
			add(int(i))
		}
	}
	// Runs of windows less than a page apart: a few windows scattered
	// over the text cost a write each, not a copy of the whole text, and
	// the thousands of a coverage run's first looks fewer writes (with
	// libpython: 6.4-7.5 ms for 19,500 windows, 7.8-8.8 ms with runs of
	// windows 256 bytes apart).
	n := 0
	sp.writePatches(ps, 4096, func(p *patchAt) { a.patched[p.idx] = false; a.live--; n++ })
	sort.Slice(hs, func(i, j int) bool { return hs[i].addr < hs[j].addr })
	sp.writePatches(hs, 256, nil)
	return n
}

// offHops moves the threads of sp stopped on a hop (its jmp rel8 taken,
// its jmp rel32 not yet) to the trampoline that hop jumps to, as the jump
// would: the hop can then be put back.
func (r *ptraceRun) offHops(sp *space) {
	var regs unix.PtraceRegs
	for t, o := range r.threads {
		if o.sp != sp || o.running || unix.PtraceGetRegs(t, &regs) != nil {
			continue
		}
		for _, a := range sp.tramps {
			if to, ok := a.hopTarget(pc(&regs)); ok {
				setPC(&regs, to)
				unix.PtraceSetRegs(t, &regs)
				break
			}
		}
	}
}

// hopTarget returns where the hop at run-time address h jumps, if a
// patched window of a has its hop there.
func (a *armedTramps) hopTarget(h uint64) (uint64, bool) {
	i, ok := a.pp.hopWindow(len(a.reg.only), h-a.bias)
	if !ok || !a.patched[i] {
		return 0, false
	}
	return a.base + uint64(a.pp.win(i).off), true
}

// regionMapper gets an object's trampoline and counter pages into a
// target: the seam between arming, which needs only the target's Memory,
// and the system calls that map pages in it (remotePages), so that arming
// runs unchanged against a byte slice in tests.
type regionMapper interface {
	// mapRegion maps codeSize bytes of trampoline pages (private, r-x)
	// and, right after them, cntSize bytes of counters shared with sonde
	// in process pid (stopped thread tid, memory mem), within rel32 reach
	// of [lo, hi]. It returns the pages' run-time address and sonde's
	// view of the counters, which unmapCounters releases.
	mapRegion(tid, pid int, mem Memory, lo, hi, codeSize, cntSize uint64) (base uint64, counters []byte, err error)
	// unmapCounters releases sonde's view of counters mapRegion gave.
	unmapCounters(counters []byte)
}

// remotePages maps trampoline and counter pages into a traced process by
// running mmap and openat in it (remoteSyscall), the counters in a memfd
// that sonde maps too.
type remotePages struct{}

// mapRegion implements regionMapper.
func (remotePages) mapRegion(tid, pid int, tmem Memory, lo, hi, codeSize, cntSize uint64) (uint64, []byte, error) {
	maps, err := proc.Maps(pid)
	if err != nil {
		return 0, nil, err
	}
	size := codeSize + cntSize
	base, ok := findGap(maps, proc.Exe(pid), lo, hi, size)
	if !ok {
		return 0, nil, fmt.Errorf("no free range of %d bytes within 1 GiB of %#x-%#x", size, lo, hi)
	}
	fd, mem, err := unix.MemfdCreate("sonde-counters", int(cntSize))
	if err != nil {
		return 0, nil, fmt.Errorf("memfd: %w", err)
	}
	defer unix.Close(fd)
	got, err := remoteSyscall(tid, pid, tmem, unix.SYS_MMAP, base, codeSize, unix.PROT_READ|unix.PROT_EXEC,
		unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_FIXED_NOREPLACE, ^uint64(0), 0)
	if err == nil && got != base {
		err = fmt.Errorf("mmap gave %#x, not %#x", got, base)
	}
	if err != nil {
		unix.Munmap(mem)
		return 0, nil, fmt.Errorf("map trampoline pages: %w", err)
	}
	path := fmt.Sprintf("/proc/%d/fd/%d\x00", os.Getpid(), fd)
	pathAt := base + codeSize - 64
	if _, err := tmem.WriteMemory([]byte(path), pathAt); err != nil {
		unix.Munmap(mem)
		return 0, nil, err
	}
	fdcwd := int64(unix.AT_FDCWD)
	tfd, err := remoteSyscall(tid, pid, tmem, unix.SYS_OPENAT, uint64(fdcwd), pathAt, unix.O_RDWR|unix.O_CLOEXEC)
	if err != nil {
		unix.Munmap(mem)
		return 0, nil, fmt.Errorf("open the counters in the target: %w", err)
	}
	got, err = remoteSyscall(tid, pid, tmem, unix.SYS_MMAP, base+codeSize, cntSize, unix.PROT_READ|unix.PROT_WRITE,
		unix.MAP_SHARED|unix.MAP_FIXED_NOREPLACE, tfd, 0)
	remoteSyscall(tid, pid, tmem, unix.SYS_CLOSE, tfd)
	if err == nil && got != base+codeSize {
		err = fmt.Errorf("mmap gave %#x, not %#x", got, base+codeSize)
	}
	if err != nil {
		unix.Munmap(mem)
		return 0, nil, fmt.Errorf("map counter pages: %w", err)
	}
	return base, mem, nil
}

// unmapCounters implements regionMapper.
func (remotePages) unmapCounters(counters []byte) { unix.Munmap(counters) }

// findGap returns a page-aligned start of size free bytes within 1 GiB of
// [lo, hi], away from where brk and the stack grow.
func findGap(maps []proc.Mapping, exe string, lo, hi, size uint64) (uint64, bool) {
	const reach = 1 << 30
	const brkRoom, stackRoom = 256 << 20, 64 << 20
	type rng struct{ s, e uint64 }
	var used []rng
	for _, m := range maps {
		used = append(used, rng{m.Start, m.Limit})
		switch {
		case m.Path == "[heap]" || m.Path == exe:
			used = append(used, rng{m.Limit, m.Limit + brkRoom})
		case m.Path == "[stack]":
			used = append(used, rng{m.Start - stackRoom, m.Start})
		}
	}
	used = append(used, rng{0, 1 << 20}, rng{1 << 47, ^uint64(0)})
	sort.Slice(used, func(i, j int) bool { return used[i].s < used[j].s })
	const page = 4096
	best, bestDist := uint64(0), uint64(reach)
	end := uint64(0)
	for _, u := range used {
		if u.s > end && u.s-end >= size {
			g0, g1 := (end+page-1)&^(page-1), u.s&^(page-1)
			if g1 > g0 && g1-g0 >= size {
				var a, d uint64
				switch {
				case g1 <= lo:
					a = g1 - size
					d = hi - a
				case g0 >= hi:
					a = g0
					d = a + size - lo
				default:
					continue // cannot be: [lo, hi] is mapped
				}
				if d < bestDist {
					best, bestDist = a, d
				}
			}
		}
		end = max(end, u.e)
	}
	return best, best != 0
}

// credit adds the trampoline counters to the result and unmaps them.
func (r *ptraceRun) credit() {
	r.creditTo(r.res)
	for _, reg := range r.regions {
		r.pages.unmapCounters(reg.mem)
	}
	r.regions = nil
}

// creditTo adds the trampolines' counters to res (r.res or a snapshot).
func (r *ptraceRun) creditTo(res *Result) {
	for _, reg := range r.regions {
		n := len(res.Objects[reg.obj].Sites)
		for si := 0; si < n && 8*si+8 <= len(reg.mem); si++ {
			if si >= len(reg.only) || !reg.only[si] {
				continue
			}
			v := binary.LittleEndian.Uint64(reg.mem[8*si:])
			if si < len(reg.seen) && reg.seen[si] {
				v = 1
			}
			if v == 0 {
				continue
			}
			if r.opts.Coverage {
				v = 1
			}
			res.addSiteCount(reg.obj, si, v)
		}
	}
}

// finishTrampolines credits the counters and says in a note how the sites
// were planted.
func (r *ptraceRun) finishTrampolines() {
	r.credit()
	st := &r.stats
	if r.opts.NoTrampolines || st.patched+st.int3 == 0 {
		return
	}
	note := fmt.Sprintf("ptrace engine: %d sites jump to trampolines (%d more counted inside their windows), %d keep int3 breakpoints",
		st.patched, st.covered, st.int3)
	if r.opts.Coverage {
		note += fmt.Sprintf("; %d jumps removed once their windows ran again", st.removed)
	}
	type kv struct {
		why string
		n   int
	}
	var whys []kv
	for w, n := range st.why {
		whys = append(whys, kv{w, n})
	}
	sort.Slice(whys, func(i, j int) bool {
		return whys[i].n > whys[j].n || whys[i].n == whys[j].n && whys[i].why < whys[j].why
	})
	for i, w := range whys {
		if i == 4 {
			break
		}
		note += fmt.Sprintf("; %d %s", w.n, w.why)
	}
	r.res.Notes = append(r.res.Notes, note)
}
