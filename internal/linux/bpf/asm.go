package bpf

import "encoding/binary"

// Reg is a BPF register: R0 holds return values, R1-R5 arguments, R6-R9
// survive calls, R10 is the read-only frame pointer.
type Reg uint8

// The registers.
const (
	R0 Reg = iota
	R1
	R2
	R3
	R4
	R5
	R6
	R7
	R8
	R9
	R10
)

// Insn is one struct bpf_insn (Documentation/bpf/standardization/
// instruction-set.rst): opcode, destination and source registers, offset
// and immediate.
type Insn struct {
	Op       uint8
	Dst, Src Reg
	Off      int16
	Imm      int32
}

// Opcode parts, under their kernel names (include/uapi/linux/bpf_common.h,
// bpf.h).
const (
	BPF_LD    = 0x00
	BPF_LDX   = 0x01
	BPF_ST    = 0x02
	BPF_STX   = 0x03
	BPF_JMP   = 0x05
	BPF_ALU64 = 0x07

	BPF_W  = 0x00
	BPF_H  = 0x08
	BPF_B  = 0x10
	BPF_DW = 0x18

	BPF_IMM    = 0x00
	BPF_MEM    = 0x60
	BPF_ATOMIC = 0xc0

	BPF_K = 0x00
	BPF_X = 0x08

	BPF_ADD = 0x00
	BPF_AND = 0x50
	BPF_RSH = 0x70
	BPF_MOV = 0xb0

	BPF_JA   = 0x00
	BPF_JEQ  = 0x10
	BPF_JNE  = 0x50
	BPF_CALL = 0x80
	BPF_EXIT = 0x90

	// BPF_PSEUDO_MAP_FD in the source register of a 64-bit immediate load
	// says its immediate is a map descriptor the kernel replaces by the
	// map's address.
	BPF_PSEUDO_MAP_FD = 1
)

// Helper function numbers (enum bpf_func_id in include/uapi/linux/bpf.h).
const (
	FnMapLookupElem     = 1
	FnMapUpdateElem     = 2
	FnMapDeleteElem     = 3
	FnGetCurrentPidTgid = 14
	FnGetAttachCookie   = 174
)

// Size is the width of a memory access: BPF_B, BPF_H, BPF_W or BPF_DW.
type Size uint8

// Mov64Imm is dst = imm.
func Mov64Imm(dst Reg, imm int32) Insn {
	return Insn{Op: BPF_ALU64 | BPF_MOV | BPF_K, Dst: dst, Imm: imm}
}

// Mov64Reg is dst = src.
func Mov64Reg(dst, src Reg) Insn { return Insn{Op: BPF_ALU64 | BPF_MOV | BPF_X, Dst: dst, Src: src} }

// Add64Imm is dst += imm.
func Add64Imm(dst Reg, imm int32) Insn {
	return Insn{Op: BPF_ALU64 | BPF_ADD | BPF_K, Dst: dst, Imm: imm}
}

// And64Imm is dst &= imm (imm sign-extended).
func And64Imm(dst Reg, imm int32) Insn {
	return Insn{Op: BPF_ALU64 | BPF_AND | BPF_K, Dst: dst, Imm: imm}
}

// RSh64Imm is dst >>= imm (logical).
func RSh64Imm(dst Reg, imm int32) Insn {
	return Insn{Op: BPF_ALU64 | BPF_RSH | BPF_K, Dst: dst, Imm: imm}
}

// LoadMem is dst = *(size *)(src + off).
func LoadMem(dst, src Reg, off int16, size Size) Insn {
	return Insn{Op: BPF_LDX | BPF_MEM | uint8(size), Dst: dst, Src: src, Off: off}
}

// StoreMem is *(size *)(dst + off) = src.
func StoreMem(dst Reg, off int16, src Reg, size Size) Insn {
	return Insn{Op: BPF_STX | BPF_MEM | uint8(size), Dst: dst, Src: src, Off: off}
}

// StoreImm is *(size *)(dst + off) = imm.
func StoreImm(dst Reg, off int16, imm int32, size Size) Insn {
	return Insn{Op: BPF_ST | BPF_MEM | uint8(size), Dst: dst, Off: off, Imm: imm}
}

// AtomicAdd64 is lock *(u64 *)(dst + off) += src.
func AtomicAdd64(dst Reg, off int16, src Reg) Insn {
	return Insn{Op: BPF_STX | BPF_ATOMIC | BPF_DW, Dst: dst, Src: src, Off: off, Imm: BPF_ADD}
}

// LoadMapFD is dst = the map of descriptor fd: a 64-bit immediate load,
// two instructions.
func LoadMapFD(dst Reg, fd int) [2]Insn {
	return [2]Insn{{Op: BPF_LD | BPF_DW | BPF_IMM, Dst: dst, Src: BPF_PSEUDO_MAP_FD, Imm: int32(fd)}, {}}
}

// JEqImm jumps off instructions forward (after the next) when dst == imm.
func JEqImm(dst Reg, imm int32, off int16) Insn {
	return Insn{Op: BPF_JMP | BPF_JEQ | BPF_K, Dst: dst, Off: off, Imm: imm}
}

// JNEImm jumps off instructions forward when dst != imm.
func JNEImm(dst Reg, imm int32, off int16) Insn {
	return Insn{Op: BPF_JMP | BPF_JNE | BPF_K, Dst: dst, Off: off, Imm: imm}
}

// Call calls helper function fn; the result is in R0, R1-R5 are clobbered.
func Call(fn int32) Insn { return Insn{Op: BPF_JMP | BPF_CALL, Imm: fn} }

// Exit returns R0.
func Exit() Insn { return Insn{Op: BPF_JMP | BPF_EXIT} }

// Encode appends the 8-byte little-endian encoding of each instruction to
// b (x86-64 and arm64 are little-endian).
func Encode(b []byte, insns []Insn) []byte {
	for _, in := range insns {
		b = append(b, in.Op, uint8(in.Dst)&0xf|uint8(in.Src)<<4)
		b = binary.LittleEndian.AppendUint16(b, uint16(in.Off))
		b = binary.LittleEndian.AppendUint32(b, uint32(in.Imm))
	}
	return b
}
