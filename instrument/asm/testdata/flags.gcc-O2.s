	.file	"flags.c"
	.text
	.p2align 4
	.type	sparse, @function
sparse:
.LFB12:
	.cfi_startproc
	cmpl	$40000, %edi
	je	.L4
	jg	.L3
	movl	$7, %eax
	cmpl	$200, %edi
	je	.L1
	movl	$9, %eax
	cmpl	$3000, %edi
	jne	.L12
.L1:
	ret
	.p2align 4,,10
	.p2align 3
.L12:
	xorl	%eax, %eax
	cmpl	$10, %edi
	sete	%al
	ret
	.p2align 4,,10
	.p2align 3
.L3:
	movl	$5, %eax
	cmpl	$500000, %edi
	je	.L1
	xorl	%eax, %eax
	cmpl	$6000000, %edi
	sete	%al
	addl	%eax, %eax
	ret
	.p2align 4,,10
	.p2align 3
.L4:
	movl	$4, %eax
	ret
	.cfi_endproc
.LFE12:
	.size	sparse, .-sparse
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"%ld %lu\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB15:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	movq	$-500, %rcx
	movl	$1, %r11d
	xorl	%esi, %esi
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movabsq	$-6275696437447579415, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	jmp	.L19
	.p2align 4,,10
	.p2align 3
.L26:
	movl	$1, %eax
	movl	$3, %edi
	cmpq	$17, %rcx
	jne	.L14
.L17:
	movl	%ecx, %edi
	leaq	(%rax,%rsi), %rdx
	movq	%rcx, %r10
	movq	%rcx, %r8
	imull	%ecx, %edi
	imull	$250, %edi, %edi
	call	sparse
	movslq	%eax, %rsi
	leaq	(%r11,%r11,2), %rax
	xorq	%rax, %r10
	addq	%rdx, %rsi
	addq	%rax, %r10
	cmpq	%r10, %rax
	leaq	7(%r10), %rdi
	cmovb	%rax, %rdi
	xorl	%r9d, %r9d
	movq	%r8, %rax
	addq	$1, %rax
	movq	%r9, %rdx
	adcq	$0, %rdx
	addq	%r10, %rdi
	addq	$1, %rcx
	movq	%rdx, %rbp
	mulq	%r11
	imulq	%r11, %rbp
	addq	%rdx, %rbp
	xorq	%rbp, %rdi
	movq	%rdi, %r11
	cmpq	$500, %rcx
	je	.L25
.L19:
	cmpq	$16, %rcx
	jg	.L26
	movl	$-3, %edi
.L14:
	movq	%rcx, %r10
	imulq	%rcx, %r10
	movq	%r10, %rax
	imulq	%rbx
	movq	%r10, %rax
	sarq	$63, %rax
	addq	%r10, %rdx
	sarq	$6, %rdx
	subq	%rax, %rdx
	leaq	(%rdx,%rdx,2), %rax
	salq	$5, %rax
	addq	%rdx, %rax
	movq	%r10, %rdx
	subq	%rax, %rdx
	cmpq	$39, %rdx
	jg	.L16
	leal	-1(%rdi), %eax
	cltq
	jmp	.L17
	.p2align 4,,10
	.p2align 3
.L16:
	xorl	%eax, %eax
	cmpq	$40, %rdx
	setne	%al
	addl	%edi, %eax
	cltq
	jmp	.L17
.L25:
	movabsq	$755578637259143235, %rax
	movq	%rdi, %rdx
	shrq	$5, %rdx
	mulq	%rdx
	shrq	$7, %rdx
	imulq	$100000, %rdx, %rax
	movq	%rdi, %rdx
	leaq	.LC0(%rip), %rdi
	subq	%rax, %rdx
	xorl	%eax, %eax
	call	printf@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE15:
	.size	main, .-main
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
