package bpf

import "fmt"

// More opcode parts (include/uapi/linux/bpf.h, bpf_common.h).
const (
	BPF_SUB = 0x10
	BPF_MUL = 0x20
	BPF_OR  = 0x40
	BPF_LSH = 0x60

	BPF_JGT = 0x20
	BPF_JGE = 0x30
	BPF_JLT = 0xa0
)

// More helper function numbers (enum bpf_func_id).
const (
	FnKtimeGetNs     = 5
	FnProbeReadUser  = 112
	FnRingbufOutput  = 130
	FnRingbufReserve = 131
	FnRingbufSubmit  = 132
)

// Add64Reg is dst += src.
func Add64Reg(dst, src Reg) Insn { return Insn{Op: BPF_ALU64 | BPF_ADD | BPF_X, Dst: dst, Src: src} }

// Sub64Reg is dst -= src.
func Sub64Reg(dst, src Reg) Insn { return Insn{Op: BPF_ALU64 | BPF_SUB | BPF_X, Dst: dst, Src: src} }

// Mul64Imm is dst *= imm.
func Mul64Imm(dst Reg, imm int32) Insn {
	return Insn{Op: BPF_ALU64 | BPF_MUL | BPF_K, Dst: dst, Imm: imm}
}

// Or64Reg is dst |= src.
func Or64Reg(dst, src Reg) Insn { return Insn{Op: BPF_ALU64 | BPF_OR | BPF_X, Dst: dst, Src: src} }

// LSh64Imm is dst <<= imm.
func LSh64Imm(dst Reg, imm int32) Insn {
	return Insn{Op: BPF_ALU64 | BPF_LSH | BPF_K, Dst: dst, Imm: imm}
}

// Asm assembles a program whose jumps name labels instead of counting
// instructions: Jump and JumpReg leave the offset to Insns, which
// resolves each label, forward or backward. A backward jump makes a
// loop, which the verifier (Linux 5.3, commit 2589726d12a1 "bpf:
// introduce bounded loops") accepts when it can see the loop end: the
// loop's counter must be compared with a constant.
type Asm struct {
	insns  []Insn
	labels map[string]int
	refs   map[int]string // instruction index -> label it jumps to
	err    error
}

// Add appends instructions.
func (a *Asm) Add(in ...Insn) { a.insns = append(a.insns, in...) }

// AddMapFD appends dst = the map of descriptor fd.
func (a *Asm) AddMapFD(dst Reg, fd int) {
	m := LoadMapFD(dst, fd)
	a.insns = append(a.insns, m[:]...)
}

// Label marks the place of the next instruction as label.
func (a *Asm) Label(label string) {
	if a.labels == nil {
		a.labels = map[string]int{}
	}
	if _, dup := a.labels[label]; dup && a.err == nil {
		a.err = fmt.Errorf("assemble: label %s defined twice", label)
	}
	a.labels[label] = len(a.insns)
}

// Jump appends conditional jump op (BPF_JEQ, BPF_JNE, BPF_JGT, BPF_JGE,
// BPF_JLT; BPF_JA jumps always) comparing dst with imm, to label.
func (a *Asm) Jump(op uint8, dst Reg, imm int32, label string) {
	a.ref(label)
	a.insns = append(a.insns, Insn{Op: BPF_JMP | op | BPF_K, Dst: dst, Imm: imm})
}

// JumpReg appends conditional jump op comparing dst with src, to label.
func (a *Asm) JumpReg(op uint8, dst, src Reg, label string) {
	a.ref(label)
	a.insns = append(a.insns, Insn{Op: BPF_JMP | op | BPF_X, Dst: dst, Src: src})
}

// Goto appends an unconditional jump to label.
func (a *Asm) Goto(label string) { a.Jump(BPF_JA, 0, 0, label) }

func (a *Asm) ref(label string) {
	if a.refs == nil {
		a.refs = map[int]string{}
	}
	a.refs[len(a.insns)] = label
}

// Insns returns the program with every jump's offset resolved.
func (a *Asm) Insns() ([]Insn, error) {
	if a.err != nil {
		return nil, a.err
	}
	out := append([]Insn(nil), a.insns...)
	for i, label := range a.refs {
		at, ok := a.labels[label]
		if !ok {
			return nil, fmt.Errorf("assemble: no label %s", label)
		}
		off := at - (i + 1)
		if off < -1<<15 || off >= 1<<15 {
			return nil, fmt.Errorf("assemble: jump to %s of %d instructions", label, off)
		}
		out[i].Off = int16(off)
	}
	return out, nil
}
