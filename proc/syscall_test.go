package proc

import (
	"errors"
	"testing"
)

// The texts are /proc/TID/syscall of Linux 6.18 (a sleep(1) in
// clock_nanosleep, number 230), and the kernel's other two forms
// (proc(5)).
func TestParseSyscall(t *testing.T) {
	tests := []struct {
		name, in string
		want     Syscall
		err      error
		bad      bool
	}{
		{"blocked in a call", "230 0x0 0x0 0x7ffd69ff1950 0x7ffd69ff1990 0x0 0x0 0x7ffd69ff1938 0x7ff511997503\n", Syscall{Nr: 230, SP: 0x7ffd69ff1938, PC: 0x7ff511997503}, nil, false},
		{"blocked outside a call", "-1 0x7ffd69ff1938 0x401000\n", Syscall{Nr: -1, SP: 0x7ffd69ff1938, PC: 0x401000}, nil, false},
		{"running", "running\n", Syscall{}, ErrRunning, false},
		{"empty", "", Syscall{}, nil, true},
		{"bad number", "x 0x1 0x2\n", Syscall{}, nil, true},
		{"bad address", "-1 0xzz 0x2\n", Syscall{}, nil, true},
		{"fields for the number", "-1 0 0 0 0 0 0 0x1 0x2\n", Syscall{}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSyscall(tt.in, "syscall")
			switch {
			case tt.err != nil:
				if !errors.Is(err, tt.err) {
					t.Fatalf("err %v, want %v", err, tt.err)
				}
			case tt.bad:
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("err %v, want a ParseError", err)
				}
			default:
				if err != nil || got != tt.want {
					t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
				}
			}
		})
	}
}

func FuzzParseSyscall(f *testing.F) {
	for _, s := range []string{"230 0x0 0x0 0x7ffd69ff1950 0x7ffd69ff1990 0x0 0x0 0x7ffd69ff1938 0x7ff511997503\n", "-1 0x1 0x2", "running"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ParseSyscall(s, "syscall")
	})
}
