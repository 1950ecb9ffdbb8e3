/* tramp.c: the shapes the ptrace engine's trampolines must relocate, each
   run a known number of times and checked against valgrind's counts of the
   same binary: hand-written entries (a RIP-relative load, a call and an
   indirect call in the displaced bytes, a conditional jump and a jump back
   to the entry, a 6-byte and a 3-byte function, a loop head 2 bytes into
   an entry), a switch (a jump table at
   -O2) and setjmp/longjmp through counted frames. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

long tramp_var;
long (*tramp_fptr)(void);

long helper(void);
long rip_load(void);
long call_first(void);
long call_ind(void);
long loop_entry(long n);
long six_bytes(void);
long three_bytes(void);
int hop_entry(int n);
volatile long hop_sink;

/* Entries written by hand so that their first bytes are what they say. */
__asm__(
	".text\n"
	".globl helper\n.type helper,@function\n.p2align 4\n"
	"helper:\n"
	"	movq $7, %rax\n"
	"	ret\n"
	".size helper, .-helper\n"

	/* movq tramp_var(%rip),%rax: 7 bytes, RIP-relative */
	".globl rip_load\n.type rip_load,@function\n.p2align 4\n"
	"rip_load:\n"
	"	movq tramp_var(%rip), %rax\n"
	"	addq $1, %rax\n"
	"	movq %rax, tramp_var(%rip)\n"
	"	ret\n"
	".size rip_load, .-rip_load\n"

	/* push %rbx; call helper: the call ends the 6-byte window and must
	   return to the original code after it */
	".globl call_first\n.type call_first,@function\n.p2align 4\n"
	"call_first:\n"
	"	pushq %rbx\n"
	"	call helper\n"
	"	popq %rbx\n"
	"	addq $1, %rax\n"
	"	ret\n"
	".size call_first, .-call_first\n"

	/* push %rbx; call *tramp_fptr(%rip): an indirect RIP-relative call */
	".globl call_ind\n.type call_ind,@function\n.p2align 4\n"
	"call_ind:\n"
	"	pushq %rbx\n"
	"	call *tramp_fptr(%rip)\n"
	"	popq %rbx\n"
	"	ret\n"
	".size call_ind, .-call_ind\n"

	/* test; je (rel8, relocated to rel32); the loop jumps back to the
	   entry, so the entry counts calls plus iterations */
	".globl loop_entry\n.type loop_entry,@function\n.p2align 4\n"
	"loop_entry:\n"
	"	testq %rdi, %rdi\n"
	"	je 1f\n"
	"	decq %rdi\n"
	"	jmp loop_entry\n"
	"1:	movq $1, %rax\n"
	"	ret\n"
	".size loop_entry, .-loop_entry\n"

	/* movl $1,%eax (5 bytes); ret: a window of one instruction */
	".globl six_bytes\n.type six_bytes,@function\n.p2align 4\n"
	"six_bytes:\n"
	"	movl $1, %eax\n"
	"	ret\n"
	".size six_bytes, .-six_bytes\n"

	/* xorl %eax,%eax (2 bytes), then a loop head: a branch target 2 bytes
	   into a site that is itself one (the entry). No 5-byte window fits
	   and none can start earlier: a jmp rel8 to a hop in the dead bytes
	   after the ret, which jumps to the trampoline */
	".globl hop_entry\n.type hop_entry,@function\n.p2align 4\n"
	"hop_entry:\n"
	"	xorl %eax, %eax\n"
	"1:	addl $1, %eax\n"
	"	cmpl %edi, %eax\n"
	"	jl 1b\n"
	"	ret\n"
	"	.skip 6, 0xcc\n"
	".size hop_entry, .-hop_entry\n"

	/* xorl %eax,%eax; ret: 3 bytes; the jump also covers 2 bytes of the
	   alignment padding after the ret, which nothing jumps to */
	".globl three_bytes\n.type three_bytes,@function\n.p2align 4\n"
	"three_bytes:\n"
	"	xorl %eax, %eax\n"
	"	ret\n"
	".size three_bytes, .-three_bytes\n");

__attribute__((noinline)) int pick(int x)
{
	switch (x % 9) {
	case 0:
		return 11;
	case 1:
		return x + 3;
	case 2:
		return x * 5;
	case 3:
		return -x;
	case 4:
		return x ^ 0x55;
	case 5:
		return x >> 1;
	case 6:
		return x - 9;
	case 7:
		return x * x;
	default:
		return 1;
	}
}

static jmp_buf env;

__attribute__((noinline)) void deep(int n)
{
	if (n == 0)
		longjmp(env, 1);
	deep(n - 1);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	long sum = 0;
	int jumps = 0;

	tramp_fptr = helper;
	for (long i = 0; i < n; i++) {
		sum += rip_load();
		sum += call_first();
		sum += call_ind();
		sum += loop_entry(i % 5);
		sum += six_bytes();
		sum += three_bytes();
		hop_sink += hop_entry((int)(i % 3) + 1);
		sum += pick((int)i);
	}
	for (int k = 0; k < 10; k++) {
		if (setjmp(env) == 0)
			deep(k);
		else
			jumps++;
	}
	printf("tramp %ld %d\n", sum, jumps);
	return 0;
}
