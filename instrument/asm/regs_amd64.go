package asm

import "strings"

// General-purpose register liveness, for keeping the count of a one-block
// loop in a register that is dead there (see loopCounters). The analysis is
// conservative in one direction only: a register may be reported live when
// it is dead, never dead when it is live. Anything it does not recognise
// (an unknown mnemonic, a string instruction, inline assembly, an indirect
// jump) uses every register.

// regSet is a set of the 16 general-purpose registers, bit i for register
// number i in gprNames order.
type regSet uint16

const allRegs regSet = 0xffff

// gprNames are the 64-bit names, in the hardware's numbering.
var gprNames = [16]string{"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"}

const (
	regRAX = 0
	regRDX = 2
	regRSP = 4
	regRBP = 5
)

// regAlias maps every name of a general-purpose register (without "%") to
// its number and width in bytes; width 0 is the high byte (ah).
var regAlias = func() map[string][2]int {
	m := map[string][2]int{}
	legacy := []struct{ q, d, w, b, h string }{
		{"rax", "eax", "ax", "al", "ah"}, {"rcx", "ecx", "cx", "cl", "ch"},
		{"rdx", "edx", "dx", "dl", "dh"}, {"rbx", "ebx", "bx", "bl", "bh"},
		{"rsp", "esp", "sp", "spl", ""}, {"rbp", "ebp", "bp", "bpl", ""},
		{"rsi", "esi", "si", "sil", ""}, {"rdi", "edi", "di", "dil", ""},
	}
	for i, l := range legacy {
		m[l.q], m[l.d], m[l.w], m[l.b] = [2]int{i, 8}, [2]int{i, 4}, [2]int{i, 2}, [2]int{i, 1}
		if l.h != "" {
			m[l.h] = [2]int{i, 0}
		}
	}
	for i := 8; i < 16; i++ {
		n := gprNames[i]
		m[n], m[n+"d"], m[n+"w"], m[n+"b"] = [2]int{i, 8}, [2]int{i, 4}, [2]int{i, 2}, [2]int{i, 1}
	}
	return m
}()

// Registers by role in the System V x86-64 ABI.
var (
	argRegs    = regSet(1<<regRAX | 1<<1 | 1<<regRDX | 1<<6 | 1<<7 | 1<<8 | 1<<9 | 1<<10) // rdi rsi rdx rcx r8 r9, al (varargs), r10 (static chain)
	calleeRegs = regSet(1<<3 | 1<<regRBP | 1<<12 | 1<<13 | 1<<14 | 1<<15)
	retRegs    = regSet(1<<regRAX|1<<regRDX|1<<regRSP) | calleeRegs
)

// operand is one AT&T operand: a register (reg >= 0, with its width), or
// something else whose registers (a memory operand's base and index) are
// only read.
type operand struct {
	reg   int
	width int
	uses  regSet
}

// splitOperands splits AT&T operands at the commas outside parentheses.
func splitOperands(args string) []string {
	var ops []string
	depth, start := 0, 0
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				ops = append(ops, strings.TrimSpace(args[start:i]))
				start = i + 1
			}
		}
	}
	if s := strings.TrimSpace(args[start:]); s != "" || len(ops) > 0 {
		ops = append(ops, s)
	}
	return ops
}

// parseOperand reads one operand; ok is false for text with a register
// name it does not know (then every register must be assumed used).
func parseOperand(s string) (operand, bool) {
	op := operand{reg: -1}
	s = strings.TrimPrefix(s, "*")
	if strings.HasPrefix(s, "%") && !strings.ContainsAny(s, ":(") {
		r, ok := regAlias[s[1:]]
		if !ok {
			// %xmm0, %st(1), %k1...: not a general-purpose register.
			return op, isOtherReg(s[1:])
		}
		op.reg, op.width = r[0], r[1]
		op.uses = 1 << r[0]
		return op, true
	}
	// Memory, immediate or symbol: every %name in it is read.
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= '0' && s[j] <= '9') {
			j++
		}
		name := s[i+1 : j]
		if r, ok := regAlias[name]; ok {
			op.uses |= 1 << r[0]
		} else if name != "rip" && name != "fs" && name != "gs" && name != "cs" && name != "ds" &&
			name != "es" && name != "ss" && !isOtherReg(name) {
			return op, false
		}
		i = j - 1
	}
	return op, true
}

func isOtherReg(n string) bool {
	for _, p := range []string{"xmm", "ymm", "zmm", "st", "k", "mm"} {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// regEffect returns the registers instruction in reads (uses) and the ones
// it overwrites whole without reading (defs: a 32- or 64-bit write), and
// the registers it writes in any way (writes, for the -fipa-ra rule). An
// instruction it does not know uses every register.
func regEffect(in *instr) (uses, defs, writes regSet) {
	// What is not recognised uses everything and is not taken to write
	// anything: both are the safe side.
	if in.app || in.st.prefixed && !in.st.lockPrefix && !strings.HasPrefix(in.st.text, "notrack") {
		return allRegs, 0, 0 // inline asm, rep-prefixed string instructions
	}
	m := in.st.name
	var ops []operand
	var memUses regSet
	for _, s := range splitOperands(in.st.args) {
		op, ok := parseOperand(s)
		if !ok {
			return allRegs, 0, 0
		}
		ops = append(ops, op)
		memUses |= op.uses
	}
	last := func() *operand {
		if len(ops) == 0 {
			return nil
		}
		return &ops[len(ops)-1]
	}
	// dst marks the last operand written; full says the write may kill.
	dst := func(full bool) {
		if l := last(); l != nil && l.reg >= 0 {
			writes |= 1 << l.reg
			if full && (l.width == 4 || l.width == 8) {
				defs |= 1 << l.reg
				// A pure write does not read its destination.
				src := regSet(0)
				for _, o := range ops[:len(ops)-1] {
					src |= o.uses
				}
				memUses = src
			}
		}
	}
	base, _ := sizeSuffix(m, rmwOps)
	switch {
	case isCondJump(m):
		if m == "jcxz" || m == "jecxz" || m == "jrcxz" || strings.HasPrefix(m, "loop") {
			return allRegs, 0, 0
		}
		return memUses, 0, 0
	case isJump(m):
		if t := strings.TrimSpace(in.st.args); strings.HasPrefix(t, "*") {
			return allRegs, 0, 0
		}
		return memUses, 0, 0 // a tail call is dealt with by the caller (no successor block)
	case isCall(m):
		return memUses | argRegs | 1<<regRSP, 0, 0
	case isReturn(m):
		return retRegs, 0, 0
	case m == "push" || m == "pushq":
		return memUses | 1<<regRSP, 0, 0
	case m == "pop" || m == "popq":
		dst(true)
		return memUses | 1<<regRSP, defs, writes
	case m == "leave" || m == "leaveq":
		return 1<<regRBP | 1<<regRSP, 0, 1<<regRBP | 1<<regRSP
	case m == "cltq" || m == "cwtl" || m == "cbtw":
		return 1 << regRAX, 0, 1 << regRAX
	case m == "cqto" || m == "cltd" || m == "cwtd":
		return 1 << regRAX, 1 << regRDX, 1 << regRDX
	case rmwOps[base]:
		dst(false)
		if (base == "imul" || base == "mul" || base == "div" || base == "idiv") && len(ops) < 2 {
			// One operand: %rdx:%rax is the implicit destination.
			return memUses | 1<<regRAX | 1<<regRDX, 0, 1<<regRAX | 1<<regRDX
		}
		if base == "imul" && len(ops) == 3 {
			dst(true)
		}
		return memUses, 0, writes
	case isReadOnly(m):
		return memUses, 0, 0
	case strings.HasPrefix(m, "cmov") || strings.HasPrefix(m, "set"):
		dst(false) // conditional or partial: the old value may survive
		return memUses, 0, writes
	case isPureWrite(m):
		dst(true)
		return memUses, defs, writes
	case m == "nop" || strings.HasPrefix(m, "nop") || m == "endbr64" || strings.HasPrefix(m, "prefetch") ||
		m == "lfence" || m == "sfence" || m == "mfence" || m == "pause" || m == "vzeroupper":
		return memUses, 0, 0
	case isVector(m):
		// Explicit operands only; a general-purpose destination is
		// counted as written but not killed.
		dst(false)
		return memUses, 0, writes
	}
	return allRegs, 0, 0
}

// rmwOps read and write their last operand and read the others.
var rmwOps = map[string]bool{
	"add": true, "sub": true, "adc": true, "sbb": true, "and": true, "or": true, "xor": true,
	"inc": true, "dec": true, "neg": true, "not": true, "imul": true, "mul": true, "div": true, "idiv": true,
	"shl": true, "shr": true, "sal": true, "sar": true, "rol": true, "ror": true, "rcl": true, "rcr": true,
	"shld": true, "shrd": true, "bts": true, "btr": true, "btc": true, "bswap": true, "xchg": true, "xadd": true,
	"bsf": true, "bsr": true, // the destination is unchanged for a zero source
	"shlx": true, "shrx": true, "sarx": true, "rorx": true, "andn": true, "bzhi": true, "bextr": true,
	"pdep": true, "pext": true, "blsr": true, "blsi": true, "blsmsk": true, "crc32": true,
}

// readOnlyOps read every operand and write no register.
var readOnlyOps = map[string]bool{"cmp": true, "test": true, "bt": true}

func isReadOnly(m string) bool { _, ok := sizeSuffix(m, readOnlyOps); return ok }

// isPureWrite reports whether m overwrites its last operand without
// reading it: moves (not the string instruction movs), lea, popcnt...
func isPureWrite(m string) bool {
	switch m {
	case "movsb", "movsw", "movsl", "movsq", "movs":
		return false // the string instructions (sign extensions have two suffixes)
	}
	if b, ok := sizeSuffix(m, map[string]bool{"mov": true, "lea": true, "popcnt": true, "lzcnt": true, "tzcnt": true, "movabs": true}); ok && b != "" {
		return true
	}
	return strings.HasPrefix(m, "movz") || strings.HasPrefix(m, "movs") && len(m) == 6
}

// isVector reports whether m is an SSE/AVX instruction, which touches
// general-purpose registers only through its explicit operands. The
// string compares (implicit %rax, %rdx, %rcx) and maskmov (%rdi) are not.
func isVector(m string) bool {
	if strings.Contains(m, "str") || strings.HasPrefix(m, "maskmov") || strings.HasPrefix(m, "vmaskmov") {
		return false
	}
	base := strings.TrimPrefix(m, "v")
	for _, suf := range []string{"ss", "sd", "ps", "pd"} {
		if strings.HasSuffix(base, suf) && len(base) > 2 {
			return true
		}
	}
	return strings.HasPrefix(m, "cvt") || strings.HasPrefix(m, "vcvt") || strings.HasPrefix(base, "p") &&
		base != "popf" && base != "pushf" && !strings.HasPrefix(base, "pop") && !strings.HasPrefix(base, "push") ||
		strings.HasPrefix(base, "movd") || strings.HasPrefix(base, "movq") && m != "movq" ||
		strings.HasPrefix(base, "unpck") || strings.HasPrefix(base, "shuf") || strings.HasPrefix(base, "broadcast") ||
		strings.HasPrefix(base, "insert") || strings.HasPrefix(base, "extract") || strings.HasPrefix(base, "perm") ||
		strings.HasPrefix(base, "fmadd") || strings.HasPrefix(base, "fmsub") || strings.HasPrefix(base, "fnm") ||
		strings.HasPrefix(base, "blend") || strings.HasPrefix(base, "round") || strings.HasPrefix(base, "movdq") ||
		strings.HasPrefix(base, "movup") || strings.HasPrefix(base, "movap")
}

// mentions returns the registers an instruction names explicitly, in any
// operand.
func mentions(in *instr) (regSet, bool) {
	var s regSet
	for _, o := range splitOperands(in.st.args) {
		op, ok := parseOperand(o)
		if !ok {
			return allRegs, false
		}
		s |= op.uses
	}
	return s, true
}
