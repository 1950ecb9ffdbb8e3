package asm

import (
	"fmt"
	"strings"
	"testing"
)

// The expected counters and formulas are worked out by hand from Knuth and
// Stevenson's construction (see derive.go): each block joins the component
// of its in-port to that of its out-port; a spanning tree of that graph,
// the virtual ENTRY/EXIT block first and then blocks in order, leaves the
// rest measured.
func TestDerive(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		measured []int    // blocks with counters of their own
		derived  []string // formula of each derived block, in block order
	}{
		{
			// {ENTRY,f in}, {f out,B1 in,L1 in}, {B1 out,L1 out,L2 in},
			// {L2 out,EXIT}: 4 vertices, 5 edges; the tree takes X, B0,
			// B1; B2 and B3 are measured (counters 0 and 1); B0 = B3,
			// B1 = B3 - B2.
			name: "diamond",
			src: `	.text
f:
	testl	%edi, %edi
	je	.L1
	movl	$1, %eax
	jmp	.L2
.L1:
	movl	$2, %eax
.L2:
	ret
`,
			measured: []int{2, 3},
			derived:  []string{"+c1", "-c0+c1"},
		},
		{
			// A call may not return (exit, longjmp, a throw): its block
			// leaves to EXIT as well, so the block after it, entered
			// only from it, is not derived from it.
			name: "call that may not return",
			src: `	.text
g:
	pushq	%rbx
	call	h
	movl	$1, %eax
	popq	%rbx
	ret
`,
			measured: []int{0, 1},
		},
		{
			// A one-block loop is a self-loop of the graph: always
			// measured. The block before it and the exit are derived:
			// {ENTRY,k in}, {k out,L3 in,L3 out,ret in}, {ret out,EXIT}.
			name: "one-block loop",
			src: `	.text
k:
	movq	%rdi, %rdx
.L3:
	addq	$4, %rdx
	cmpq	%rsi, %rdx
	jne	.L3
	ret
`,
			measured: []int{1, 2},
			derived:  []string{"+c1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Instrument([]byte(tt.src), &Options{Scope: "u.c"})
			if err != nil {
				t.Fatal(err)
			}
			var measured []int
			var derived []string
			for _, b := range res.Blocks {
				if b.Counter < res.Counters {
					measured = append(measured, b.Index)
					continue
				}
				var f strings.Builder
				for _, tm := range res.Derived[b.Counter-res.Counters] {
					sign := "+"
					if tm.Neg {
						sign = "-"
					}
					fmt.Fprintf(&f, "%sc%d", sign, tm.Counter)
				}
				derived = append(derived, f.String())
			}
			if !equal(measured, tt.measured) || !equal(derived, tt.derived) {
				t.Errorf("measured %v derived %v, want %v %v", measured, derived, tt.measured, tt.derived)
			}
			if n := strings.Count(string(res.Asm), ".Lsonde_c+"); n != res.Counters {
				t.Errorf("%d counter references for %d measured counters:\n%s", n, res.Counters, res.Asm)
			}
		})
	}
}

// The register a one-block loop counts in: the first of r11, r10, r9, r8,
// rcx, rsi, rdi, rdx, rax, rbx, r12-r15 that the loop does not name, that
// is dead where the loop exits, and that the function writes anyway or
// that no caller in the unit keeps across a call to it (-fipa-ra), worked
// out by hand for each case.
func TestRegLoops(t *testing.T) {
	loop := `
	movq	%rdi, %rdx
	.p2align 4
.L3:
	addl	(%rdx), %eax
	addq	$4, %rdx
	cmpq	%rsi, %rdx
	jne	.L3
`
	tests := []struct {
		name, src string
		reg       string // "" for a memory counter
		spill     bool   // reg is saved below the red zone around the loop
	}{
		// No caller in the unit: callers elsewhere assume the ABI's
		// clobbers, so any dead call-clobbered register will do.
		{"no caller in the unit", "\t.text\nf:\n\tmovl\t$0, %eax" + loop + "\tret\n", "r11", false},
		{"r11 read after the loop", "\t.text\nf:\n\tmovl\t$0, %eax" + loop + "\taddl\t%r11d, %eax\n\tret\n", "r10", false},
		{"flags read after the loop", "\t.text\nf:\n\tmovl\t$0, %eax" + loop + "\tsete\t%al\n\tret\n", "", false},
		{"entered by a jump too", "\t.text\nf:\n\tmovl\t$0, %eax\n\ttestl\t%eax, %eax\n\tje\t.L3" + loop + "\tret\n", "", false},
		// Every register may be live after it: r11 is saved around the
		// loop.
		{"cpuid after the loop", "\t.text\nf:\n\tmovl\t$0, %eax" + loop + "\tcpuid\n\tret\n", "r11", true},
		{"loop addresses the stack", "\t.text\nf:\n\tmovl\t$0, %eax" + strings.Replace(loop, "(%rdx)", "8(%rsp,%rdx)", 1) + "\tcpuid\n\tret\n", "", false},
		{
			// f does not write r11, but its one caller writes it and
			// does not read it after the call.
			"local callee, caller clobbers r11",
			"\t.text\nf:\n\tmovl\t$0, %eax" + loop + "\tret\ng:\n\tmovl\t$5, %r11d\n\tcall\tf\n\tret\n", "r11", false,
		},
		{
			// -fipa-ra: g keeps r11 across the call to f, which does not
			// write it; g writes no other free register, so g's own
			// callers may keep those across calls to g.
			"local callee, caller keeps r11 across",
			"\t.text\nf:\n\tmovl\t$0, %eax" + loop + "\tret\ng:\n\tmovl\t$5, %r11d\n\tcall\tf\n\tmovl\t%r11d, %eax\n\tret\n", "r11", true,
		},
		{
			// h calls f through an alias and keeps r11 across: -fipa-ra
			// resolves aliases, so f may not clobber r11 (it saves it).
			"callee called through an alias",
			"\t.text\nf:\n\tmovl\t$0, %eax" + loop + "\tret\n\t.set\tg, f\nh:\n\tmovl\t$5, %r11d\n\tcall\tg\n\tmovl\t%r11d, %eax\n\tret\n", "r11", true,
		},
		{
			// The same, but f writes rcx itself.
			"local callee writes rcx",
			"\t.text\nf:\n\txorl\t%ecx, %ecx\n\tmovl\t$0, %eax" + loop + "\tret\ng:\n\tmovl\t$5, %r11d\n\tcall\tf\n\tmovl\t%r11d, %eax\n\tret\n", "rcx", false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Instrument([]byte(tt.src), &Options{Scope: "u.c"})
			if err != nil {
				t.Fatal(err)
			}
			asm := string(res.Asm)
			got := ""
			for _, r := range gprNames {
				if strings.Contains(asm, "addq\t%"+r+", .Lsonde_c+") {
					got = r
				}
			}
			if got != tt.reg {
				t.Fatalf("loop counted in %q, want %q:\n%s", got, tt.reg, asm)
			}
			if got == "" {
				return
			}
			// Zeroed on the way in (before the alignment and the label),
			// counted in the loop, flushed on the way out.
			r32 := gpr32[regAlias[got][0]]
			save, restore := "", "\n"
			if tt.spill {
				save = "\tleaq\t-128(%rsp), %rsp\n\tpushq\t%" + got + "\n"
				restore = "(%rip)\n\tpopq\t%" + got + "\n\tleaq\t128(%rsp), %rsp\n"
			}
			in := strings.Index(asm, save+"\tmovl\t$0, %"+r32+"\n\t.p2align 4\n.L3:")
			out := strings.Index(asm, "\tjne\t.L3\n\taddq\t%"+got+", .Lsonde_c+")
			if tt.spill && !strings.Contains(asm[out:], restore) {
				out = -1
			}
			count := strings.Index(asm, ".L3:\n\tleaq\t1(%"+got+"), %"+got+"\n\taddl")
			if in < 0 || out < 0 || count < 0 {
				t.Errorf("zeroing, count or flush missing:\n%s", asm)
			}
			if !subsequence(tt.src, asm) {
				t.Errorf("instrumented text lost original bytes:\n%s", asm)
			}
		})
	}
}
