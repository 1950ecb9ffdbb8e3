package sample

import (
	"strings"
	"testing"

	"sonde/profile"
)

// The chains are the kernel frames sonde record -k --off-cpu found on
// Linux 6.18 (symbolized by report's kallsyms): a pipe read, whose
// __x64_sys_read tail-calls ksys_read, a nanosleep, a ppoll, whose
// entry calls do_sys_poll, a wait4 (kernel_wait4), and a call whose
// entry left no frame and whose helper has no helper's name (epoll_wait's
// do_epoll_wait, called from do_syscall_64).
func TestKernelSyscall(t *testing.T) {
	kallsyms := `ffffffff81000000 T _stext
ffffffff81100000 T __schedule
ffffffff81100800 T schedule
ffffffff81200000 t anon_pipe_read
ffffffff81300000 T vfs_read
ffffffff81300400 T ksys_read
ffffffff81300600 T __x64_sys_read
ffffffff81400000 T do_nanosleep
ffffffff81400400 T __x64_sys_clock_nanosleep
ffffffff81500000 T do_sys_poll
ffffffff81500400 T __x64_sys_ppoll
ffffffff81600000 T do_syscall_64
ffffffff81610000 T do_wait
ffffffff81610400 T kernel_wait4
ffffffff81620000 T do_epoll_wait
ffffffff81620400 T ep_poll
ffffffff81700000 d some_data
`
	k := parseKernelSyscalls(strings.NewReader(kallsyms))
	nr := func(name string) profile.Addr {
		a, ok := profile.SyscallNumber(name)
		if !ok {
			t.Fatalf("no number for %s", name)
		}
		return a
	}
	tests := []struct {
		name  string
		chain []uint64
		want  profile.Addr
		ok    bool
	}{
		{"read through ksys_read", []uint64{0xffffffff81100010, 0xffffffff81100810, 0xffffffff81200020, 0xffffffff81300020, 0xffffffff81300420, 0xffffffff81600020}, nr("read"), true},
		{"clock_nanosleep", []uint64{0xffffffff81100010, 0xffffffff81400020, 0xffffffff81400420, 0xffffffff81600020}, nr("clock_nanosleep"), true},
		{"ppoll over do_sys_poll", []uint64{0xffffffff81100010, 0xffffffff81500020, 0xffffffff81500420, 0xffffffff81600020}, nr("ppoll"), true},
		{"wait4 through kernel_wait4", []uint64{0xffffffff81100010, 0xffffffff81610010, 0xffffffff81610410, 0xffffffff81600020}, nr("wait4"), true},
		{"the frame the dispatcher called", []uint64{0xffffffff81100010, 0xffffffff81620410, 0xffffffff81620010, 0xffffffff81600020}, nr("epoll_wait"), true},
		{"preempted in user mode", []uint64{0xffffffff81100010, 0xffffffff81100810}, 0, false},
		{"no chain", nil, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := k.syscall(tt.chain)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %s, %v; want %s, %v", profile.WaitName(got), ok, profile.WaitName(tt.want), tt.ok)
			}
		})
	}
	var none *kernelSyscalls
	if _, ok := none.syscall([]uint64{1}); ok {
		t.Error("nil table named a call")
	}
}
