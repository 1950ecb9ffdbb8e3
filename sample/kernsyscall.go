package sample

import (
	"io"
	"os"
	"sort"
	"strings"

	"sonde/internal/kallsyms"
	"sonde/profile"
)

// kernelSyscalls finds the system call a kernel call chain is in, by the
// kernel's symbol table (/proc/kallsyms): the innermost frame in a
// system call's entry function (__x64_sys_NAME, __do_sys_NAME, …), or,
// where the entry tail-called its helper and left no frame (read's
// __x64_sys_read jumps to ksys_read, wait4's to kernel_wait4), the
// innermost frame in a helper named for the call (ksys_NAME,
// kernel_NAME, do_sys_NAME), or else the frame the system call
// dispatcher (do_syscall_64) called, if its name less a do_ or __ prefix
// is a call's.
type kernelSyscalls struct {
	starts   []uint64 // sorted start addresses of the text symbols
	nrs      []int32  // the system call number of each symbol, -1 for none
	helper   []bool   // the symbol is a helper, not an entry
	near     []int32  // the number its name names less do_ or __, -1 for none
	dispatch []bool   // the symbol is the system call dispatcher
}

// loadKernelSyscalls reads /proc/kallsyms; with kptr_restrict (every
// address 0) or without it, the table is empty and no call is named.
func loadKernelSyscalls() *kernelSyscalls {
	f, err := os.Open("/proc/kallsyms")
	if err != nil {
		return &kernelSyscalls{}
	}
	defer f.Close()
	return parseKernelSyscalls(f)
}

// syscallPrefixes are the names the kernel gives a system call's entry
// function (include/linux/syscalls.h, arch/x86/include/asm/syscall_wrapper.h).
var syscallPrefixes = []string{"__x64_sys_", "__ia32_sys_", "__do_sys_", "__se_sys_"}

// helperPrefixes are the names of helpers that entries tail-call.
var helperPrefixes = []string{"ksys_", "kernel_", "do_sys_"}

// nearPrefixes are stripped from the name of the function the dispatcher
// called.
var nearPrefixes = []string{"do_", "__", ""}

// dispatchers call a system call's entry (arch/x86/entry/common.c).
var dispatchers = map[string]bool{"do_syscall_64": true, "x64_sys_call": true, "do_int80_syscall_32": true, "do_fast_syscall_32": true, "ia32_sys_call": true}

// parseKernelSyscalls parses kallsyms text: "ADDR TYPE NAME [MODULE]".
func parseKernelSyscalls(r io.Reader) *kernelSyscalls {
	type sym struct {
		a        uint64
		nr       int32
		helper   bool
		near     int32
		dispatch bool
	}
	var syms []sym
	kallsyms.Each(r, func(ks kallsyms.Symbol) { // a read error leaves the table short: fewer calls named
		if ks.Type != "t" && ks.Type != "T" {
			return
		}
		nr, helper := syscallNumberOf(ks.Name, syscallPrefixes), false
		if nr < 0 {
			nr, helper = syscallNumberOf(ks.Name, helperPrefixes), true
		}
		syms = append(syms, sym{ks.Addr, nr, helper && nr >= 0, syscallNumberOf(ks.Name, nearPrefixes), dispatchers[ks.Name]})
	})
	sort.Slice(syms, func(i, j int) bool { return syms[i].a < syms[j].a })
	n := len(syms)
	k := &kernelSyscalls{starts: make([]uint64, n), nrs: make([]int32, n), helper: make([]bool, n), near: make([]int32, n), dispatch: make([]bool, n)}
	for i, s := range syms {
		k.starts[i], k.nrs[i], k.helper[i], k.near[i], k.dispatch[i] = s.a, s.nr, s.helper, s.near, s.dispatch
	}
	return k
}

// syscallNumberOf returns the x86-64 number of the system call that a
// function named name with one of prefixes serves, -1 if none.
func syscallNumberOf(name string, prefixes []string) int32 {
	for _, p := range prefixes {
		if !strings.HasPrefix(name, p) {
			continue
		}
		call := strings.TrimPrefix(name, p)
		if nr, ok := profile.SyscallNumber(call); ok {
			return int32(nr)
		}
		// newfstat is fstat's entry, newuname uname's.
		if nr, ok := profile.SyscallNumber(strings.TrimPrefix(call, "new")); ok {
			return int32(nr)
		}
	}
	return -1
}

// syscall returns the number of the system call the kernel chain kern
// (innermost first) is in.
func (k *kernelSyscalls) syscall(kern []uint64) (profile.Addr, bool) {
	if k == nil {
		return 0, false
	}
	// An entry anywhere wins over a helper (ppoll's entry calls
	// do_sys_poll).
	helper, near, prev := -1, -1, -1
	for _, ip := range kern {
		i := sort.Search(len(k.starts), func(i int) bool { return k.starts[i] > ip-1 }) - 1
		if i >= 0 && k.dispatch[i] && prev >= 0 && near < 0 {
			near = int(k.near[prev])
		}
		prev = i
		if i < 0 || k.nrs[i] < 0 {
			continue
		}
		if !k.helper[i] {
			return profile.Addr(k.nrs[i]), true
		}
		if helper < 0 {
			helper = int(k.nrs[i])
		}
	}
	if helper >= 0 {
		return profile.Addr(helper), true
	}
	if near >= 0 {
		return profile.Addr(near), true
	}
	return 0, false
}
