package asm

import (
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		m    string
		want flagEffect
	}{
		{"jg", flagsRead}, {"jne", flagsRead}, {"setbe", flagsRead}, {"cmovgl", flagsRead}, {"cmovne", flagsRead},
		{"adcq", flagsRead}, {"sbbl", flagsRead}, {"pushfq", flagsRead}, {"frobnicate", flagsRead},
		{"cmpl", flagsKill}, {"testb", flagsKill}, {"xorl", flagsKill}, {"addq", flagsKill}, {"call", flagsKill},
		{"ucomisd", flagsKill}, {"imull", flagsKill}, {"popfq", flagsKill},
		{"movl", flagsNone}, {"leaq", flagsNone}, {"pushq", flagsNone}, {"addsd", flagsNone}, {"vpxor", flagsNone},
		{"xorps", flagsNone}, {"cvttsd2si", flagsNone}, {"incl", flagsNone}, {"sarq", flagsNone}, {"jmp", flagsNone},
		{"stosq", flagsNone}, {"cltq", flagsNone}, {"nopw", flagsNone}, {"jrcxz", flagsNone},
	}
	for _, tt := range tests {
		t.Run(tt.m, func(t *testing.T) {
			if got := classify(tt.m); got != tt.want {
				t.Errorf("classify(%q) = %d, want %d", tt.m, got, tt.want)
			}
		})
	}
}

// The expected blocks below follow from the definition (leaders: referenced
// labels, global labels, instructions after jumps, calls and returns).
func TestBlocks(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		instrs []int  // instructions per block
		live   []bool // flags live at each block's start
		// counters: the measured ones (Knuth and Stevenson, derived by
		// hand: blocks minus the edges of a spanning tree of the graph
		// whose vertices are the port components, ENTRY/EXIT included).
		counters int
	}{
		{
			name: "branches",
			src: `	.text
	.globl	f
	.type	f, @function
f:
	cmpl	$1, %edi
	je	.L2
	jg	.L3
	movl	$0, %eax
	ret
.L2:
	movl	$1, %eax
.L9:
	ret
.L3:
	movl	$2, %eax
	ret
`,
			instrs: []int{2, 1, 2, 2, 2},
			live:   []bool{false, true, false, false, false},
			// Components {ENTRY,f}, {f out,.L2 in,jg in}, {jg out,ret
			// in,.L3 in}, {ret outs,EXIT}: 4 vertices, 6 edges.
			counters: 3,
		},
		{
			name: "call splits, jump table labels lead",
			src: `	.text
g:
	pushq	%rbx
	call	h@PLT
	movl	%eax, %ebx; addl $1, %ebx
	jmp	*.L7(,%rax,8)
.L5:
	popq	%rbx
	ret
	.section	.rodata
.L7:
	.quad	.L5
`,
			instrs: []int{2, 3, 2},
			live:   []bool{false, false, false},
			// The call may not return and the jump table's target is
			// entered from ENTRY: {ENTRY,g in,.L5 in} and the rest; the
			// jump block is a self-loop; 2 vertices, 4 edges.
			counters: 3,
		},
		{
			name: "flags flow through a block that does not touch them",
			src: `	.text
k:
	testl	%edi, %edi
	jne	.L1
	movl	$3, %eax
.L1:
	movl	%esi, %eax
	jb	.L4
	ret
.L4:
	ret
`,
			instrs: []int{2, 1, 2, 1, 1},
			live:   []bool{false, true, true, false, false},
			// The movl block sits inside one component (a self-loop):
			// 4 vertices, 6 edges.
			counters: 3,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Instrument([]byte(tt.src), &Options{Scope: "u.c"})
			if err != nil {
				t.Fatal(err)
			}
			var instrs []int
			var live []bool
			for _, b := range res.Blocks {
				instrs = append(instrs, b.Instrs)
				live = append(live, b.FlagsLive)
			}
			if !equal(instrs, tt.instrs) || !equal(live, tt.live) {
				t.Errorf("blocks: instrs %v live %v, want %v %v\n%s", instrs, live, tt.instrs, tt.live, res.Asm)
			}
			// Every original byte survives, in order.
			if !subsequence(tt.src, string(res.Asm)) {
				t.Errorf("instrumented text lost original bytes:\n%s", res.Asm)
			}
			if n := strings.Count(string(res.Asm), "incq\t.Lsonde_c+") + strings.Count(string(res.Asm), "movq\t%rax, .Lsonde_c+"); n != res.Counters {
				t.Errorf("%d counter increments for %d counters", n, res.Counters)
			}
			if res.Counters != tt.counters {
				t.Errorf("%d counters, want %d", res.Counters, tt.counters)
			}
		})
	}
}

func equal[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// subsequence reports whether a's bytes appear in b in order.
func subsequence(a, b string) bool {
	i := 0
	for j := 0; j < len(b) && i < len(a); j++ {
		if a[i] == b[j] {
			i++
		}
	}
	return i == len(a)
}

func TestFileDirectives(t *testing.T) {
	tests := []struct {
		name, src, wantFile, wantScope string
	}{
		{"gcc dwarf5", "\t.file\t\"m.c\"\n\t.file 0 \"/src\" \"m.c\"\n\t.text\nf:\n\t.file 1 \"m.c\"\n\t.loc 1 7 3\n\tret\n", "/src/m.c", "/src/m.c"},
		{"clang dwarf5", "\t.text\n\t.file\t0 \"/w\" \"a.c\" md5 0x1234\nf:\n\t.file\t1 \"/usr/include\" \"s.h\" md5 0x99\n\t.loc\t1 7 0\n\tret\n", "/usr/include/s.h", "/w/a.c"},
		{"dwarf4 relative", "\t.file\t\"x.c\"\n\t.text\nf:\n\t.file 1 \"sub/x.c\"\n\t.loc 1 7\n\tret\n", "/cwd/sub/x.c", "/cwd/x.c"},
		{"octal escape", "\t.text\n\t.file 0 \"/d\" \"\\303\\251.c\"\nf:\n\t.loc 0 7\n\tret\n", "/d/é.c", "/d/é.c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Instrument([]byte(tt.src), &Options{Dir: "/cwd"})
			if err != nil {
				t.Fatal(err)
			}
			u := res.Units[0]
			if u.File != tt.wantFile || u.Line != 7 || u.Scope != tt.wantScope {
				t.Errorf("unit %s:%d scope %s, want %s:7 scope %s", u.File, u.Line, u.Scope, tt.wantFile, tt.wantScope)
			}
		})
	}
}

func TestBadLoc(t *testing.T) {
	_, err := Instrument([]byte("\t.text\nf:\n\t.loc 3 1\n\tret\n"), nil)
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("err = %v, want one naming line 3", err)
	}
}
