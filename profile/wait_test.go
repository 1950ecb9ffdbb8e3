package profile

import "testing"

// The numbers come from the kernel's uapi header
// (/usr/include/x86_64-linux-gnu/asm/unistd_64.h): read 0, futex 202,
// clock_nanosleep 230.
func TestWaitName(t *testing.T) {
	tests := []struct {
		a    Addr
		want string
	}{
		{0, "off-cpu:read"},
		{202, "off-cpu:futex"},
		{230, "off-cpu:clock_nanosleep"},
		{WaitPreempted, "off-cpu:preempted"},
		{WaitBlocked, "off-cpu:blocked"},
		{9999, "off-cpu:syscall_9999"},
	}
	for _, tt := range tests {
		if got := WaitName(tt.a); got != tt.want {
			t.Errorf("WaitName(%d) = %q, want %q", tt.a, got, tt.want)
		}
	}
	for _, name := range []string{"read", "futex", "clock_nanosleep", "epoll_wait", "wait4"} {
		a, ok := SyscallNumber(name)
		if !ok || WaitName(a) != "off-cpu:"+name {
			t.Errorf("SyscallNumber(%q) = %d, %v", name, a, ok)
		}
	}
	if _, ok := SyscallNumber("nosuch"); ok {
		t.Error("SyscallNumber(nosuch) found")
	}
}

func TestKeepTime(t *testing.T) {
	mk := func() *Profile {
		return &Profile{SampleTypes: OffCPUSampleTypes, Samples: []Sample{
			{Values: []int64{1, 10, 0, 10}, TID: 1},
			{Values: []int64{1, 0, 500, 500}, TID: 2},
			{Values: []int64{1, 10, 0, 10}, TID: 3},
		}}
	}
	tests := []struct {
		name      string
		cpu, off  bool
		wantTIDs  []int32
		wantError bool
	}{
		{"both", true, true, []int32{1, 2, 3}, false},
		{"cpu", true, false, []int32{1, 3}, false},
		{"off", false, true, []int32{2}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mk()
			if err := p.KeepTime(tt.cpu, tt.off); err != nil {
				t.Fatal(err)
			}
			var got []int32
			for _, s := range p.Samples {
				got = append(got, s.TID)
			}
			if len(got) != len(tt.wantTIDs) {
				t.Fatalf("kept %v, want %v", got, tt.wantTIDs)
			}
			for i := range got {
				if got[i] != tt.wantTIDs[i] {
					t.Fatalf("kept %v, want %v", got, tt.wantTIDs)
				}
			}
		})
	}
	cpuOnly := &Profile{SampleTypes: []ValueType{{"samples", "count"}, {"cpu", "nanoseconds"}}, Samples: []Sample{{Values: []int64{1, 10}}}}
	if err := cpuOnly.KeepTime(false, true); err == nil {
		t.Error("--off-cpu of a CPU-only profile: no error")
	}
	if err := cpuOnly.KeepTime(true, false); err != nil || len(cpuOnly.Samples) != 1 {
		t.Errorf("--cpu of a CPU-only profile: %v, %d samples", err, len(cpuOnly.Samples))
	}
}
