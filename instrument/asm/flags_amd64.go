package asm

import "strings"

// flagEffect is what an instruction does to the arithmetic flags (CF, PF,
// AF, ZF, SF, OF) as far as the counter's increment cares: an increment may
// be inserted before an instruction only when no flag value written before
// that point can still be read.
type flagEffect uint8

const (
	// flagsNone: neither reads nor writes the flags (mov, lea, push, SSE
	// arithmetic).
	flagsNone flagEffect = iota
	// flagsRead: reads at least one flag (jcc, setcc, cmovcc, adc, sbb,
	// pushf), or is unknown, which must be assumed to read them.
	flagsRead
	// flagsKill: writes every flag without reading any (add, cmp, test, and
	// the ABI's rule that flags do not survive a call).
	flagsKill
)

// conditions are the x86 condition-code suffixes of jcc, setcc and cmovcc.
var conditions = map[string]bool{
	"o": true, "no": true, "b": true, "c": true, "nae": true, "ae": true, "nb": true, "nc": true,
	"e": true, "z": true, "ne": true, "nz": true, "be": true, "na": true, "a": true, "nbe": true,
	"s": true, "ns": true, "p": true, "pe": true, "np": true, "po": true, "l": true, "nge": true,
	"ge": true, "nl": true, "le": true, "ng": true, "g": true, "nle": true,
}

// killers write all six flags and read none. Shifts and rotates are absent
// on purpose: a shift by a count of 0 leaves the flags alone, and inc/dec
// keep CF.
var killers = map[string]bool{
	"add": true, "sub": true, "and": true, "or": true, "xor": true, "cmp": true, "test": true,
	"neg": true, "imul": true, "mul": true, "div": true, "idiv": true,
	"popcnt": true, "lzcnt": true, "tzcnt": true, "andn": true, "bextr": true, "blsi": true,
	"blsmsk": true, "blsr": true, "bzhi": true,
	"comiss": true, "comisd": true, "ucomiss": true, "ucomisd": true,
	"vcomiss": true, "vcomisd": true, "vucomiss": true, "vucomisd": true,
	"ptest": true, "vptest": true, "vtestps": true, "vtestpd": true,
	"fcomi": true, "fcomip": true, "fucomi": true, "fucomip": true,
	"xadd": true, "cmpxchg": true, "cmpxchg8b": true, "cmpxchg16b": true,
	"popf": true, "popfq": true, "call": true, "rdrand": true, "rdseed": true,
}

// readers read flags; everything else they do is irrelevant here.
var readers = map[string]bool{
	"adc": true, "sbb": true, "rcl": true, "rcr": true, "pushf": true, "pushfq": true,
	"lahf": true, "cmc": true, "into": true, "adcx": true, "adox": true,
	"loope": true, "loopne": true, "loopz": true, "loopnz": true,
	"fcmovb": true, "fcmove": true, "fcmovbe": true, "fcmovu": true, "fcmovnb": true,
	"fcmovne": true, "fcmovnbe": true, "fcmovnu": true,
}

// neutral instructions neither read nor write flags (the common ones; the
// rest of the neutral set is recognised by shape in classify).
var neutral = map[string]bool{
	"lea": true, "push": true, "pop": true, "nop": true, "leave": true, "ret": true, "jmp": true,
	"xchg": true, "bswap": true, "not": true, "cltq": true, "cltd": true, "cqto": true, "cwtl": true,
	"cqo": true, "cdqe": true, "cdq": true, "cwd": true, "cbw": true, "cwde": true,
	"endbr64": true, "endbr32": true, "ud2": true, "hlt": true, "int3": true, "syscall": true,
	"rdtsc": true, "rdtscp": true, "cpuid": true, "pause": true, "lfence": true, "mfence": true, "sfence": true,
	"prefetcht0": true, "prefetcht1": true, "prefetcht2": true, "prefetchnta": true, "prefetchw": true,
	"stos": true, "lods": true, "movs": true, "fld": true, "fst": true, "fstp": true, "fxch": true,
	"fadd": true, "faddp": true, "fsub": true, "fsubp": true, "fsubr": true, "fsubrp": true,
	"fmul": true, "fmulp": true, "fdiv": true, "fdivp": true, "fdivr": true, "fdivrp": true,
	"fild": true, "fistp": true, "fisttp": true, "fldz": true, "fld1": true, "fchs": true, "fabs": true,
	"fnstcw": true, "fldcw": true, "fnstsw": true, "fstcw": true, "fwait": true, "wait": true,
	"emms": true, "vzeroupper": true, "vzeroall": true, "xgetbv": true,
	// Partial or conditional writers (a shift by 0 writes nothing; inc and
	// dec keep CF): scanning goes on past them, which is the safe reading.
	"shl": true, "shr": true, "sal": true, "sar": true, "rol": true, "ror": true, "shld": true, "shrd": true,
	"inc": true, "dec": true, "bt": true, "bts": true, "btr": true, "btc": true, "bsf": true, "bsr": true,
	"sahf": true, "cmps": true, "scas": true,
	"crc32": true, "shlx": true, "shrx": true, "sarx": true, "rorx": true, "mulx": true, "pdep": true, "pext": true,
	"movbe": true, "clflush": true, "ldmxcsr": true, "stmxcsr": true, "vldmxcsr": true, "vstmxcsr": true,
	"fxsave": true, "fxrstor": true, "xsave": true, "xrstor": true, "xsavec": true, "rdfsbase": true,
}

// sizeSuffix strips an AT&T operand-size suffix ("addl" → "add") when the
// stripped name is in set.
func sizeSuffix(m string, set map[string]bool) (string, bool) {
	if set[m] {
		return m, true
	}
	if n := len(m); n > 1 && strings.IndexByte("bwlq", m[n-1]) >= 0 && set[m[:n-1]] {
		return m[:n-1], true
	}
	return m, false
}

// isCondJump reports whether m is a conditional jump (jcc, jrcxz, loop*).
func isCondJump(m string) bool {
	if m == "jmp" || m == "jmpq" || !strings.HasPrefix(m, "j") {
		return m == "loop" || m == "loope" || m == "loopne" || m == "loopz" || m == "loopnz"
	}
	return conditions[m[1:]] || m == "jcxz" || m == "jecxz" || m == "jrcxz"
}

// isJump reports whether m is an unconditional jump.
func isJump(m string) bool { return m == "jmp" || m == "jmpq" || m == "ljmp" }

// isCall reports whether m is a call.
func isCall(m string) bool { return m == "call" || m == "callq" || m == "lcall" }

// isReturn reports whether m ends execution of the function here (return,
// trap, halt).
func isReturn(m string) bool {
	switch m {
	case "ret", "retq", "retl", "lret", "lretq", "iret", "iretq", "ud2", "hlt", "sysret", "sysretq":
		return true
	}
	return false
}

// classify returns the flag effect of mnemonic m (lower case, no prefixes).
// Unknown mnemonics read the flags: a slower counter sequence is always
// correct, a plain increment before a flag reader is not.
func classify(m string) flagEffect {
	if isCondJump(m) {
		if strings.HasPrefix(m, "loop") && m != "loope" && m != "loopne" && m != "loopz" && m != "loopnz" {
			return flagsNone
		}
		if m == "jcxz" || m == "jecxz" || m == "jrcxz" {
			return flagsNone
		}
		return flagsRead
	}
	if isCall(m) {
		return flagsKill
	}
	if strings.HasPrefix(m, "set") && conditions[m[3:]] {
		return flagsRead
	}
	if strings.HasPrefix(m, "cmov") {
		c := m[4:]
		if conditions[c] {
			return flagsRead
		}
		if n := len(c); n > 1 && strings.IndexByte("wlq", c[n-1]) >= 0 && conditions[c[:n-1]] {
			return flagsRead
		}
	}
	if _, ok := sizeSuffix(m, readers); ok {
		return flagsRead
	}
	if _, ok := sizeSuffix(m, killers); ok {
		return flagsKill
	}
	if _, ok := sizeSuffix(m, neutral); ok {
		return flagsNone
	}
	switch {
	case strings.HasPrefix(m, "mov"), strings.HasPrefix(m, "cvt"), strings.HasPrefix(m, "vcvt"),
		strings.HasPrefix(m, "vmov"), strings.HasPrefix(m, "vbroadcast"), strings.HasPrefix(m, "vperm"),
		strings.HasPrefix(m, "vinsert"), strings.HasPrefix(m, "vextract"), strings.HasPrefix(m, "vfmadd"),
		strings.HasPrefix(m, "vfmsub"), strings.HasPrefix(m, "vfnmadd"), strings.HasPrefix(m, "vfnmsub"),
		strings.HasPrefix(m, "vpbroadcast"), strings.HasPrefix(m, "vgather"), strings.HasPrefix(m, "vpgather"),
		strings.HasPrefix(m, "prefetch"), strings.HasPrefix(m, "punpck"), strings.HasPrefix(m, "vpunpck"),
		strings.HasPrefix(m, "pshuf"), strings.HasPrefix(m, "vpshuf"), strings.HasPrefix(m, "unpck"),
		strings.HasPrefix(m, "vunpck"), strings.HasPrefix(m, "shuf"), strings.HasPrefix(m, "vshuf"),
		strings.HasPrefix(m, "pinsr"), strings.HasPrefix(m, "vpinsr"), strings.HasPrefix(m, "pextr"),
		strings.HasPrefix(m, "vpextr"), strings.HasPrefix(m, "blend"), strings.HasPrefix(m, "vblend"),
		strings.HasPrefix(m, "vpblend"), strings.HasPrefix(m, "pblend"), strings.HasPrefix(m, "round"),
		strings.HasPrefix(m, "vround"), strings.HasPrefix(m, "palignr"), strings.HasPrefix(m, "vpalignr"):
		return flagsNone
	}
	// SSE/AVX packed and scalar arithmetic, logic and compares into
	// registers ("addsd", "vmulps", "pxor", "pcmpeqb", "vpaddd", "cmpltsd")
	// leave the flags alone.
	base := strings.TrimPrefix(m, "v")
	for _, suf := range []string{"ss", "sd", "ps", "pd"} {
		if strings.HasSuffix(base, suf) && len(base) > 2 {
			return flagsNone
		}
	}
	if strings.HasPrefix(base, "p") && base != "popf" && base != "pushf" && !strings.HasPrefix(base, "ptest") {
		return flagsNone
	}
	return flagsRead
}
