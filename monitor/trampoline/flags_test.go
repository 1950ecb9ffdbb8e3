package trampoline

import (
	"testing"

	"sonde/monitor/units"
)

// TestFlagsDeadAt checks the flag liveness scan on hand-assembled code
// (encodings from the Intel SDM, checked with objdump -D -b binary -m
// i386:x86-64): flags are dead only when a full writer comes first.
func TestFlagsDeadAt(t *testing.T) {
	var (
		movLoad = []byte{0x48, 0x8b, 0x45, 0xf8}       // mov -0x8(%rbp),%rax
		cmp     = []byte{0x48, 0x83, 0xf8, 0x01}       // cmp $0x1,%rax
		jne     = []byte{0x75, 0x00}                   // jne .+2
		add     = []byte{0x83, 0xc0, 0x01}             // add $0x1,%eax
		inc     = []byte{0xff, 0xc0}                   // inc %eax (CF kept)
		call    = []byte{0xe8, 0, 0, 0, 0}             // call .+5
		setne   = []byte{0x0f, 0x95, 0xc0}             // setne %al
		lea     = []byte{0x48, 0x8d, 0x44, 0x24, 0x08} // lea 0x8(%rsp),%rax
		test    = []byte{0x85, 0xc0}                   // test %eax,%eax
		endbr   = []byte{0xf3, 0x0f, 0x1e, 0xfa}       // endbr64
		xor     = []byte{0x31, 0xc0}                   // xor %eax,%eax
		adc     = []byte{0x83, 0xd0, 0x00}             // adc $0x0,%eax (reads CF)
		pushf   = []byte{0x9c}                         // pushfq
		ret     = []byte{0xc3}
	)
	cat := func(bs ...[]byte) []byte {
		var out []byte
		for _, b := range bs {
			out = append(out, b...)
		}
		return out
	}
	tests := []struct {
		name string
		code []byte
		dead bool
	}{
		{"mov then cmp", cat(movLoad, cmp, jne), true},
		{"cmp first", cat(cmp, jne), true},
		{"jcc reads", cat(movLoad, jne, cmp), false},
		{"add", cat(movLoad, add, ret), true},
		{"inc keeps CF", cat(inc, jne), false},
		{"call", cat(movLoad, call, cmp), false},
		{"setcc reads", cat(setne, cmp), false},
		{"lea then test", cat(lea, test), true},
		{"endbr64 then xor", cat(endbr, xor), true},
		{"adc reads CF", cat(adc, cmp), false},
		{"pushfq reads", cat(pushf, cmp), false},
		{"ret", cat(movLoad, ret), false},
		{"function ends", cat(movLoad, movLoad), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			const base = 0x1000
			p := &planner{text: []textSeg{{vaddr: base, data: tc.code}}}
			fn := units.Func{Addr: base, Size: uint64(len(tc.code))}
			if got := p.flagsDeadAt(fn, base); got != tc.dead {
				t.Errorf("flagsDeadAt = %v, want %v", got, tc.dead)
			}
		})
	}
}
