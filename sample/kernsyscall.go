package sample

import (
	"bufio"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"sonde/profile"
)

// kernelSyscalls finds the system call a kernel call chain is in, by the
// kernel's symbol table (/proc/kallsyms): the innermost frame in a
// system call's entry function (__x64_sys_NAME, __do_sys_NAME, …).
type kernelSyscalls struct {
	starts []uint64 // sorted start addresses of the text symbols
	nrs    []int32  // the system call number of each symbol, -1 for none
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
var syscallPrefixes = []string{"__x64_sys_", "__ia32_sys_", "__do_sys_", "__se_sys_", "__sys_"}

// parseKernelSyscalls parses kallsyms text: "ADDR TYPE NAME [MODULE]".
func parseKernelSyscalls(r io.Reader) *kernelSyscalls {
	type sym struct {
		a  uint64
		nr int32
	}
	var syms []sym
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 || (f[1] != "t" && f[1] != "T") {
			continue
		}
		a, err := strconv.ParseUint(f[0], 16, 64)
		if err != nil || a == 0 {
			continue
		}
		syms = append(syms, sym{a, syscallNumberOf(f[2])})
	}
	sort.Slice(syms, func(i, j int) bool { return syms[i].a < syms[j].a })
	k := &kernelSyscalls{starts: make([]uint64, len(syms)), nrs: make([]int32, len(syms))}
	for i, s := range syms {
		k.starts[i], k.nrs[i] = s.a, s.nr
	}
	return k
}

// syscallNumberOf returns the x86-64 number of the system call whose entry
// function is name, -1 if name is none.
func syscallNumberOf(name string) int32 {
	for _, p := range syscallPrefixes {
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
	for _, ip := range kern {
		i := sort.Search(len(k.starts), func(i int) bool { return k.starts[i] > ip-1 }) - 1
		if i >= 0 && k.nrs[i] >= 0 {
			return profile.Addr(k.nrs[i]), true
		}
	}
	return 0, false
}
