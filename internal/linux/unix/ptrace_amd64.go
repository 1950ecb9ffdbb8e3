package unix

import xunix "golang.org/x/sys/unix"

// PtraceUserRegs reads the user registers of stopped tracee tid in the
// order of perf's PERF_SAMPLE_REGS_USER on x86-64 with the mask sonde's
// unwinder uses (AX, BX, CX, DX, SI, DI, BP, SP, IP, R8-R15), appending
// them to out.
func PtraceUserRegs(tid int, out []uint64) ([]uint64, error) {
	var r xunix.PtraceRegs
	if err := xunix.PtraceGetRegs(tid, &r); err != nil {
		return out, err
	}
	return append(out, r.Rax, r.Rbx, r.Rcx, r.Rdx, r.Rsi, r.Rdi, r.Rbp, r.Rsp, r.Rip,
		r.R8, r.R9, r.R10, r.R11, r.R12, r.R13, r.R14, r.R15), nil
}
