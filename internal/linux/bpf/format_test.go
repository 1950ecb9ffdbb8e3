package bpf

import (
	"reflect"
	"testing"
)

// newtaskFormat is /sys/kernel/tracing/events/task/task_newtask/format of
// Linux 6.18 (cat, as root).
const newtaskFormat = `name: task_newtask
ID: 205
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;

	field:pid_t pid;	offset:8;	size:4;	signed:1;
	field:char comm[16];	offset:12;	size:16;	signed:0;
	field:u64 clone_flags;	offset:32;	size:8;	signed:0;
	field:short oom_score_adj;	offset:40;	size:2;	signed:1;

print fmt: "pid=%d comm=%s clone_flags=%llx oom_score_adj=%hd", REC->pid, REC->comm, REC->clone_flags, REC->oom_score_adj
`

func TestParseFormat(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		id      uint64
		fields  map[string]Field // a subset
		wantErr bool
	}{
		{"task_newtask", newtaskFormat, 205, map[string]Field{
			"pid":         {"pid", 8, 4},
			"comm":        {"comm", 12, 16},
			"clone_flags": {"clone_flags", 32, 8},
			"common_type": {"common_type", 0, 2},
		}, false},
		{"no-id", "format:\n\tfield:int x;\toffset:0;\tsize:4;\tsigned:1;\n", 0, nil, true},
		{"bad-offset", "ID: 3\n\tfield:int x;\toffset:zz;\tsize:4;\n", 0, nil, true},
		{"no-size", "ID: 3\n\tfield:int x;\toffset:4;\n", 0, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFormat([]byte(tc.in))
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want error %v", err, tc.wantErr)
			}
			if err != nil {
				return
			}
			if f.ID != tc.id {
				t.Errorf("ID %d, want %d", f.ID, tc.id)
			}
			for k, want := range tc.fields {
				if got := f.Fields[k]; got != want {
					t.Errorf("field %s: %+v, want %+v", k, got, want)
				}
			}
		})
	}
}

func TestParseCPUList(t *testing.T) {
	tests := []struct {
		in   string
		want []int
		bad  bool
	}{
		{"0", []int{0}, false},
		{"0-1", []int{0, 1}, false},
		{"0-3,6", []int{0, 1, 2, 3, 6}, false},
		{"3-1", nil, true},
		{"", nil, true},
		{"x", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseCPUList(tc.in)
			if (err != nil) != tc.bad {
				t.Fatalf("error %v", err)
			}
			if !tc.bad && !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%v, want %v", got, tc.want)
			}
		})
	}
}

// TestEncode checks the instruction encoding against the bytes clang 14
// emits for the same instructions (clang -O2 -target bpf -mcpu=v3 -c of
// small C functions, then llvm-objdump -d: "r0 = r2" bf 20 ..., "lock
// *(u64 *)(r1 + 0) += r2" db 21 ..., "r0 >>= 32" 77 00 00 00 20 ...,
// "call 14" 85 00 00 00 0e ..., "*(u32 *)(r10 - 4) = r0" 63 0a fc ff
// ..., "r0 = *(u32 *)(r10 - 4)" 61 a0 fc ff ..., "exit" 95 ...).
func TestEncode(t *testing.T) {
	tests := []struct {
		name string
		in   Insn
		want []byte
	}{
		{"rsh", RSh64Imm(R0, 32), []byte{0x77, 0x00, 0, 0, 0x20, 0, 0, 0}},
		{"mov", Mov64Reg(R0, R2), []byte{0xbf, 0x20, 0, 0, 0, 0, 0, 0}},
		{"atomic-add", AtomicAdd64(R1, 0, R2), []byte{0xdb, 0x21, 0, 0, 0, 0, 0, 0}},
		{"ldx", LoadMem(R0, R10, -4, BPF_W), []byte{0x61, 0xa0, 0xfc, 0xff, 0, 0, 0, 0}},
		{"stx", StoreMem(R10, -4, R0, BPF_W), []byte{0x63, 0x0a, 0xfc, 0xff, 0, 0, 0, 0}},
		{"call", Call(FnGetCurrentPidTgid), []byte{0x85, 0, 0, 0, 0x0e, 0, 0, 0}},
		{"exit", Exit(), []byte{0x95, 0, 0, 0, 0, 0, 0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Encode(nil, []Insn{tc.in}); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("% x, want % x", got, tc.want)
			}
		})
	}
}
