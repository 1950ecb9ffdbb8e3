package trampoline

import (
	"encoding/binary"
	"fmt"
)

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
		e.buf = binary.LittleEndian.AppendUint32(e.buf, JmpLen)
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

// Relocate fills the relocations rels (RelRecLen-byte records, see
// textRel) of code, placed at run-time address base in a process where
// the object's bias is bias.
func Relocate(code, rels []byte, base, bias uint64) error {
	return RelocateAt(code, 0, rels, base, bias)
}

// RelocateAt is Relocate for the piece of the code at offset origin.
func RelocateAt(code []byte, origin uint32, rels []byte, base, bias uint64) error {
	le := binary.LittleEndian
	for k := 0; k+RelRecLen <= len(rels); k += RelRecLen {
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
