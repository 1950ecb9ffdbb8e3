	.file	"derive.c"
	.text
.Ltext0:
	.file 0 "/build" "derive.c"
	.p2align 4
	.type	threaded, @function
threaded:
.LVL0:
.LFB25:
	.file 1 "derive.c"
	.loc 1 47 1 view -0
	.cfi_startproc
	.loc 1 48 2 view .LVU1
	.loc 1 49 2 view .LVU2
	.loc 1 51 2 view .LVU3
	.loc 1 51 2 is_stmt 0 view .LVU4
	movzbl	(%rdi), %eax
	leaq	ops.0(%rip), %r8
	.loc 1 49 6 view .LVU5
	xorl	%edx, %edx
	.loc 1 51 2 view .LVU6
	andl	$3, %eax
	movq	(%r8,%rax,8), %rcx
	movl	$1, %eax
.LVL1:
	.loc 1 51 2 view .LVU7
	jmp	*%rcx
	.p2align 4,,10
	.p2align 3
.L4:
	.loc 1 53 2 is_stmt 1 view .LVU8
	.loc 1 53 5 is_stmt 0 view .LVU9
	addl	$1, %edx
.LVL2:
	.loc 1 54 2 is_stmt 1 view .LVU10
	cmpl	%esi, %eax
	jl	.L14
.L2:
	.loc 1 62 2 view .LVU11
	.loc 1 63 1 is_stmt 0 view .LVU12
	movl	%edx, %eax
.LVL3:
	.loc 1 63 1 view .LVU13
	ret
.LVL4:
	.p2align 4,,10
	.p2align 3
.L10:
	.loc 1 59 2 is_stmt 1 view .LVU14
	.loc 1 59 5 is_stmt 0 view .LVU15
	subl	$1, %edx
.LVL5:
	.loc 1 60 2 is_stmt 1 view .LVU16
	cmpl	%esi, %eax
	jge	.L2
.L14:
.LVL6:
	.loc 1 60 2 is_stmt 0 discriminator 1 view .LVU17
	movslq	%eax, %rcx
	addl	$1, %eax
.LVL7:
	.loc 1 60 2 discriminator 1 view .LVU18
	movzbl	(%rdi,%rcx), %ecx
	.loc 1 54 2 discriminator 1 view .LVU19
	andl	$3, %ecx
	movq	(%r8,%rcx,8), %rcx
	jmp	*%rcx
	.p2align 4,,10
	.p2align 3
.L8:
	.loc 1 56 2 is_stmt 1 view .LVU20
	.loc 1 56 6 is_stmt 0 view .LVU21
	addl	%edx, %edx
.LVL8:
	.loc 1 57 2 is_stmt 1 view .LVU22
	cmpl	%esi, %eax
	jge	.L2
	.loc 1 57 2 is_stmt 0 view .LVU23
	jmp	.L14
	.cfi_endproc
.LFE25:
	.size	threaded, .-threaded
	.p2align 4
	.type	check, @function
check:
.LVL9:
.LFB26:
	.loc 1 68 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 69 2 view .LVU25
	.loc 1 69 5 is_stmt 0 view .LVU26
	cmpl	%esi, %edi
	je	.L20
	.loc 1 71 1 view .LVU27
	ret
	.p2align 4,,10
	.p2align 3
.L20:
	.loc 1 70 3 is_stmt 1 view .LVU28
	movq	quit(%rip), %rax
	movl	$9, %edi
.LVL10:
	.loc 1 70 3 is_stmt 0 view .LVU29
	jmp	*%rax
.LVL11:
	.loc 1 70 3 view .LVU30
	.cfi_endproc
.LFE26:
	.size	check, .-check
	.p2align 4
	.type	wrap, @function
wrap:
.LVL12:
.LFB27:
	.loc 1 75 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 76 2 view .LVU32
	.loc 1 75 1 is_stmt 0 view .LVU33
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset 3, -16
	.loc 1 75 1 view .LVU34
	movl	%edi, %ebx
	.loc 1 76 2 view .LVU35
	call	check
.LVL13:
	.loc 1 77 2 is_stmt 1 view .LVU36
	.loc 1 77 7 is_stmt 0 view .LVU37
	movl	sink(%rip), %eax
	addl	%ebx, %eax
	.loc 1 78 1 view .LVU38
	popq	%rbx
	.cfi_def_cfa_offset 8
.LVL14:
	.loc 1 77 7 view .LVU39
	movl	%eax, sink(%rip)
	.loc 1 78 1 view .LVU40
	ret
	.cfi_endproc
.LFE27:
	.size	wrap, .-wrap
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC7:
	.string	"%ld\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LVL15:
.LFB28:
	.loc 1 81 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 82 2 view .LVU42
	.loc 1 81 1 is_stmt 0 view .LVU43
	pushq	%r12
	.cfi_def_cfa_offset 16
	.cfi_offset 12, -16
	pushq	%rbp
	.cfi_def_cfa_offset 24
	.cfi_offset 6, -24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset 3, -32
	movl	$300, %ebx
	subq	$64, %rsp
	.cfi_def_cfa_offset 96
	.loc 1 82 39 view .LVU44
	cmpl	$1, %edi
	jle	.L24
.LVL16:
.LBB37:
.LBI37:
	.file 2 "/usr/include/stdlib.h"
	.loc 2 362 1 is_stmt 1 discriminator 1 view .LVU45
.LBB38:
	.loc 2 364 3 discriminator 1 view .LVU46
	.loc 2 364 16 is_stmt 0 discriminator 1 view .LVU47
	movq	8(%rsi), %rdi
.LVL17:
	.loc 2 364 16 discriminator 1 view .LVU48
	movl	$10, %edx
	xorl	%esi, %esi
.LVL18:
	.loc 2 364 16 discriminator 1 view .LVU49
	call	strtol@PLT
.LVL19:
	.loc 2 364 10 discriminator 1 view .LVU50
	movl	%eax, %ebx
.LVL20:
.L24:
	.loc 2 364 10 discriminator 1 view .LVU51
.LBE38:
.LBE37:
	.loc 1 83 2 is_stmt 1 discriminator 4 view .LVU52
.LBB39:
.LBI39:
	.loc 1 13 12 discriminator 4 view .LVU53
.LBB40:
.LBB41:
	.loc 1 16 20 discriminator 4 view .LVU54
.LBB42:
	.loc 1 17 21 discriminator 4 view .LVU55
	.loc 1 17 21 is_stmt 0 discriminator 4 view .LVU56
.LBE42:
	.loc 1 16 26 is_stmt 1 discriminator 4 view .LVU57
	.loc 1 16 20 discriminator 4 view .LVU58
.LBB44:
	.loc 1 17 21 discriminator 4 view .LVU59
	.loc 1 17 12 is_stmt 0 discriminator 4 view .LVU60
	xorl	%edx, %edx
.LBE44:
	.loc 1 16 26 discriminator 4 view .LVU61
	movl	$1, %esi
.LVL21:
	.p2align 4,,10
	.p2align 3
.L25:
.LBB45:
	.loc 1 17 12 view .LVU62
	xorl	%r8d, %r8d
	.p2align 4,,10
	.p2align 3
.L31:
.LVL22:
.LBB43:
	.loc 1 18 22 is_stmt 1 view .LVU63
	.loc 1 19 12 is_stmt 0 view .LVU64
	movl	%r8d, %edi
	movl	%r8d, %eax
	xorl	%esi, %edi
	.loc 1 18 22 view .LVU65
	cmpl	%esi, %r8d
	jge	.L29
.LVL23:
	.p2align 4,,10
	.p2align 3
.L26:
	.loc 1 19 5 is_stmt 1 view .LVU66
	.loc 1 19 16 is_stmt 0 view .LVU67
	movl	%edi, %ecx
	xorl	%eax, %ecx
	.loc 1 18 29 view .LVU68
	addl	$3, %eax
.LVL24:
	.loc 1 19 7 view .LVU69
	addl	%ecx, %edx
.LVL25:
	.loc 1 18 29 is_stmt 1 view .LVU70
	.loc 1 18 22 view .LVU71
	cmpl	%esi, %eax
	jl	.L26
.L29:
	.loc 1 18 22 is_stmt 0 view .LVU72
.LBE43:
	.loc 1 17 27 is_stmt 1 view .LVU73
	addl	$1, %r8d
.LVL26:
	.loc 1 17 21 view .LVU74
	cmpl	%esi, %r8d
	jne	.L31
	.loc 1 17 21 is_stmt 0 view .LVU75
.LBE45:
	.loc 1 16 26 is_stmt 1 view .LVU76
	leal	1(%r8), %esi
.LVL27:
	.loc 1 16 20 view .LVU77
	cmpl	$39, %r8d
	jne	.L25
.LBE41:
	.loc 1 20 2 view .LVU78
.LVL28:
	.loc 1 20 2 is_stmt 0 view .LVU79
.LBE40:
.LBE39:
	.loc 1 83 7 view .LVU80
	movslq	%edx, %r9
.LVL29:
	.loc 1 84 2 is_stmt 1 view .LVU81
.LBB46:
	.loc 1 84 7 view .LVU82
	.loc 1 84 20 view .LVU83
.LBE46:
	.loc 1 83 7 is_stmt 0 view .LVU84
	movl	$1, %edi
.LBB55:
	.loc 1 84 11 view .LVU85
	xorl	%eax, %eax
.LBB47:
.LBB48:
	.loc 1 35 2 view .LVU86
	leaq	.L36(%rip), %r8
.LVL30:
	.p2align 4,,10
	.p2align 3
.L43:
	.loc 1 35 2 view .LVU87
.LBE48:
.LBE47:
	.loc 1 85 3 is_stmt 1 view .LVU88
.LBB51:
.LBI51:
	.loc 1 23 12 view .LVU89
.LBB52:
	.loc 1 25 2 view .LVU90
	.loc 1 26 2 view .LVU91
	.loc 1 27 5 is_stmt 0 view .LVU92
	movl	%eax, %ecx
	.loc 1 30 11 view .LVU93
	movl	sink(%rip), %edx
	.loc 1 27 5 view .LVU94
	sarl	%ecx
	testb	$1, %al
	cmovne	%edi, %ecx
.LVL31:
	.loc 1 30 2 is_stmt 1 view .LVU95
	.loc 1 30 11 is_stmt 0 view .LVU96
	leal	(%rdx,%rcx), %esi
.LVL32:
	.loc 1 30 11 view .LVU97
.LBE52:
.LBE51:
.LBB53:
.LBI47:
	.loc 1 33 12 is_stmt 1 view .LVU98
.LBB49:
	.loc 1 35 2 view .LVU99
	.loc 1 35 12 is_stmt 0 view .LVU100
	movl	%eax, %ecx
	movl	%eax, %edx
	imulq	$613566757, %rcx, %rcx
	shrq	$32, %rcx
	subl	%ecx, %edx
	shrl	%edx
	addl	%ecx, %edx
	shrl	$2, %edx
	leal	0(,%rdx,8), %ecx
	subl	%edx, %ecx
	movl	%eax, %edx
	subl	%ecx, %edx
	.loc 1 35 2 view .LVU101
	cmpl	$5, %edx
	ja	.L34
	.loc 1 35 2 view .LVU102
	movslq	(%r8,%rdx,4), %rdx
	addq	%r8, %rdx
	jmp	*%rdx
	.section	.rodata
	.align 4
	.align 4
.L36:
	.long	.L41-.L36
	.long	.L40-.L36
	.long	.L39-.L36
	.long	.L38-.L36
	.long	.L37-.L36
	.long	.L35-.L36
	.section	.text.startup
	.p2align 4,,10
	.p2align 3
.L37:
	.loc 1 40 10 is_stmt 1 view .LVU103
	.loc 1 40 19 is_stmt 0 view .LVU104
	leal	0(,%rax,4), %edx
	.p2align 4,,10
	.p2align 3
.L42:
.LVL33:
	.loc 1 40 19 view .LVU105
.LBE49:
.LBE53:
	.loc 1 85 23 view .LVU106
	addl	%esi, %edx
	.loc 1 84 28 view .LVU107
	addl	$1, %eax
.LVL34:
	.loc 1 84 20 view .LVU108
	addl	$3, %edi
	.loc 1 85 23 view .LVU109
	movslq	%edx, %rdx
	.loc 1 85 9 view .LVU110
	addq	%rdx, %r9
.LVL35:
	.loc 1 84 28 is_stmt 1 view .LVU111
	.loc 1 84 20 view .LVU112
	cmpl	$200, %eax
	jne	.L43
	movq	%rsp, %rdi
	movdqa	.LC0(%rip), %xmm2
	movdqa	.LC1(%rip), %xmm8
	leaq	64(%rsp), %rdx
	movdqa	.LC2(%rip), %xmm7
	movdqa	.LC3(%rip), %xmm6
	movq	%rdi, %rax
.LVL36:
	.loc 1 84 20 is_stmt 0 view .LVU113
	movdqa	.LC4(%rip), %xmm5
	movdqa	.LC5(%rip), %xmm3
	movdqa	.LC6(%rip), %xmm4
.L44:
	movdqa	%xmm2, %xmm9
	addq	$16, %rax
	paddd	%xmm8, %xmm2
.LBE55:
.LBB56:
	.loc 1 88 3 is_stmt 1 discriminator 3 view .LVU114
	.loc 1 88 13 is_stmt 0 discriminator 3 view .LVU115
	movdqa	%xmm9, %xmm10
	movdqa	%xmm9, %xmm0
	movdqa	%xmm9, %xmm1
	paddd	%xmm7, %xmm10
	punpcklwd	%xmm10, %xmm0
	punpckhwd	%xmm10, %xmm1
	movdqa	%xmm0, %xmm10
	punpcklwd	%xmm1, %xmm0
	punpckhwd	%xmm1, %xmm10
	movdqa	%xmm9, %xmm1
	paddd	%xmm5, %xmm9
	paddd	%xmm6, %xmm1
	punpcklwd	%xmm10, %xmm0
	movdqa	%xmm1, %xmm10
	punpcklwd	%xmm9, %xmm1
	pand	%xmm3, %xmm0
	punpckhwd	%xmm9, %xmm10
	movdqa	%xmm1, %xmm9
	punpckhwd	%xmm10, %xmm9
	punpcklwd	%xmm10, %xmm1
	punpcklwd	%xmm9, %xmm1
	pand	%xmm3, %xmm1
	packuswb	%xmm1, %xmm0
	movdqa	%xmm0, %xmm1
	paddb	%xmm0, %xmm1
	paddb	%xmm1, %xmm1
	paddb	%xmm1, %xmm1
	psubb	%xmm0, %xmm1
	movdqa	%xmm1, %xmm0
	paddb	%xmm4, %xmm0
	.loc 1 88 11 discriminator 3 view .LVU116
	movaps	%xmm0, -16(%rax)
	.loc 1 87 27 is_stmt 1 discriminator 3 view .LVU117
	.loc 1 87 20 discriminator 3 view .LVU118
	cmpq	%rdx, %rax
	jne	.L44
	movl	$20, %esi
	.p2align 4,,10
	.p2align 3
.L45:
.LVL37:
	.loc 1 87 20 is_stmt 0 discriminator 3 view .LVU119
.LBE56:
.LBB57:
	.loc 1 90 3 is_stmt 1 discriminator 3 view .LVU120
	.loc 1 90 12 is_stmt 0 discriminator 3 view .LVU121
	call	threaded
.LVL38:
	.loc 1 89 20 discriminator 3 view .LVU122
	addl	$1, %esi
.LVL39:
	.loc 1 90 12 discriminator 3 view .LVU123
	cltq
	.loc 1 90 9 discriminator 3 view .LVU124
	addq	%rax, %r9
.LVL40:
	.loc 1 89 27 is_stmt 1 discriminator 3 view .LVU125
	.loc 1 89 20 discriminator 3 view .LVU126
	cmpl	$40, %esi
	jne	.L45
.LBE57:
	.loc 1 91 2 view .LVU127
	movq	%r9, %rsi
	leaq	.LC7(%rip), %rdi
	xorl	%eax, %eax
.LBB58:
	.loc 1 93 11 is_stmt 0 view .LVU128
	xorl	%ebp, %ebp
.LBE58:
	.loc 1 91 2 view .LVU129
	call	printf@PLT
.LVL41:
	.loc 1 92 2 is_stmt 1 view .LVU130
	movq	stdout(%rip), %rdi
.LBB60:
	.loc 1 95 18 is_stmt 0 view .LVU131
	leal	5(%rbx), %r12d
.LBE60:
	.loc 1 92 2 view .LVU132
	call	fflush@PLT
.LVL42:
	.loc 1 93 2 is_stmt 1 view .LVU133
.LBB61:
	.loc 1 93 7 view .LVU134
	.loc 1 93 20 view .LVU135
	.p2align 4,,10
	.p2align 3
.L48:
	.loc 1 94 3 view .LVU136
	.loc 1 94 8 is_stmt 0 view .LVU137
	movl	sink(%rip), %eax
	addl	%ebp, %eax
	movl	%eax, sink(%rip)
	.loc 1 95 3 is_stmt 1 view .LVU138
	.loc 1 95 6 is_stmt 0 view .LVU139
	cmpl	%ebp, %r12d
	jne	.L46
	.loc 1 96 4 is_stmt 1 view .LVU140
	movq	quit(%rip), %rax
	movl	$7, %edi
	call	*%rax
.LVL43:
.L46:
	.loc 1 97 3 view .LVU141
	.loc 1 97 8 is_stmt 0 view .LVU142
	movl	sink(%rip), %eax
	.loc 1 98 3 view .LVU143
	movl	%ebx, %esi
	movl	%ebp, %edi
	.loc 1 97 8 view .LVU144
	xorl	%ebp, %eax
	movl	%eax, sink(%rip)
	.loc 1 98 3 is_stmt 1 view .LVU145
	call	wrap
.LVL44:
	.loc 1 99 3 view .LVU146
.LBB59:
	.loc 1 99 8 view .LVU147
	.loc 1 99 21 view .LVU148
	movl	%ebp, %ecx
	.loc 1 99 12 is_stmt 0 view .LVU149
	xorl	%eax, %eax
	.loc 1 99 21 view .LVU150
	andl	$3, %ecx
	je	.L50
.LVL45:
.L47:
	.loc 1 100 4 is_stmt 1 discriminator 3 view .LVU151
	.loc 1 100 9 is_stmt 0 discriminator 3 view .LVU152
	movl	sink(%rip), %edx
	addl	%eax, %edx
	.loc 1 99 31 discriminator 3 view .LVU153
	addl	$1, %eax
.LVL46:
	.loc 1 100 9 discriminator 3 view .LVU154
	movl	%edx, sink(%rip)
	.loc 1 99 31 is_stmt 1 discriminator 3 view .LVU155
.LVL47:
	.loc 1 99 21 discriminator 3 view .LVU156
	cmpl	%eax, %ecx
	jne	.L47
.LVL48:
.L50:
	.loc 1 99 21 is_stmt 0 discriminator 3 view .LVU157
.LBE59:
	.loc 1 93 29 is_stmt 1 view .LVU158
	addl	$1, %ebp
.LVL49:
	.loc 1 93 20 view .LVU159
	cmpl	$1000, %ebp
	jne	.L48
.LBE61:
	.loc 1 102 2 view .LVU160
	.loc 1 103 1 is_stmt 0 view .LVU161
	addq	$64, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 32
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 24
.LVL50:
	.loc 1 103 1 view .LVU162
	popq	%rbp
	.cfi_def_cfa_offset 16
.LVL51:
	.loc 1 103 1 view .LVU163
	popq	%r12
	.cfi_def_cfa_offset 8
.LVL52:
	.loc 1 103 1 view .LVU164
	ret
.LVL53:
	.p2align 4,,10
	.p2align 3
.L38:
	.cfi_restore_state
.LBB62:
.LBB54:
.LBB50:
	.loc 1 39 10 is_stmt 1 view .LVU165
	.loc 1 39 19 is_stmt 0 view .LVU166
	movl	%eax, %edx
	xorl	$85, %edx
	jmp	.L42
	.p2align 4,,10
	.p2align 3
.L39:
	.loc 1 38 10 is_stmt 1 view .LVU167
	.loc 1 38 19 is_stmt 0 view .LVU168
	leal	-3(%rax), %edx
	jmp	.L42
	.p2align 4,,10
	.p2align 3
.L40:
	.loc 1 37 10 is_stmt 1 view .LVU169
	.loc 1 37 19 is_stmt 0 view .LVU170
	leal	(%rax,%rax,4), %edx
	jmp	.L42
	.p2align 4,,10
	.p2align 3
.L41:
	.loc 1 36 10 is_stmt 1 view .LVU171
	.loc 1 36 19 is_stmt 0 view .LVU172
	leal	11(%rax), %edx
	jmp	.L42
	.p2align 4,,10
	.p2align 3
.L35:
	.loc 1 41 10 is_stmt 1 view .LVU173
	.loc 1 41 19 is_stmt 0 view .LVU174
	movl	%eax, %edx
	sarl	%edx
	jmp	.L42
.L34:
	.loc 1 42 11 is_stmt 1 view .LVU175
	.loc 1 42 18 is_stmt 0 view .LVU176
	movl	%eax, %edx
	negl	%edx
	jmp	.L42
.LBE50:
.LBE54:
.LBE62:
	.cfi_endproc
.LFE28:
	.size	main, .-main
	.section	.data.rel.ro.local,"aw"
	.align 32
	.type	ops.0, @object
	.size	ops.0, 32
ops.0:
	.quad	.L4
	.quad	.L8
	.quad	.L10
	.quad	.L2
	.local	sink
	.comm	sink,4,4
	.section	.data.rel,"aw"
	.align 8
	.type	quit, @object
	.size	quit, 8
quit:
	.quad	exit
	.section	.rodata.cst16,"aM",@progbits,16
	.align 16
.LC0:
	.long	0
	.long	1
	.long	2
	.long	3
	.align 16
.LC1:
	.long	16
	.long	16
	.long	16
	.long	16
	.align 16
.LC2:
	.long	4
	.long	4
	.long	4
	.long	4
	.align 16
.LC3:
	.long	8
	.long	8
	.long	8
	.long	8
	.align 16
.LC4:
	.long	12
	.long	12
	.long	12
	.long	12
	.align 16
.LC5:
	.value	255
	.value	255
	.value	255
	.value	255
	.value	255
	.value	255
	.value	255
	.value	255
	.align 16
.LC6:
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.byte	3
	.text
.Letext0:
	.file 3 "/usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h"
	.file 4 "/usr/include/x86_64-linux-gnu/bits/types.h"
	.file 5 "/usr/include/x86_64-linux-gnu/bits/types/struct_FILE.h"
	.file 6 "/usr/include/x86_64-linux-gnu/bits/types/FILE.h"
	.file 7 "/usr/include/stdio.h"
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x82a
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x20
	.long	.LASF66
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.long	.LLRL27
	.quad	0
	.long	.Ldebug_line0
	.uleb128 0x9
	.long	.LASF9
	.byte	0x3
	.byte	0xd6
	.byte	0x17
	.long	0x36
	.uleb128 0x3
	.byte	0x8
	.byte	0x7
	.long	.LASF2
	.uleb128 0x3
	.byte	0x4
	.byte	0x7
	.long	.LASF3
	.uleb128 0x21
	.byte	0x8
	.uleb128 0x3
	.byte	0x1
	.byte	0x8
	.long	.LASF4
	.uleb128 0x15
	.long	0x46
	.uleb128 0x3
	.byte	0x2
	.byte	0x7
	.long	.LASF5
	.uleb128 0x3
	.byte	0x1
	.byte	0x6
	.long	.LASF6
	.uleb128 0x3
	.byte	0x2
	.byte	0x5
	.long	.LASF7
	.uleb128 0x22
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x16
	.long	0x67
	.uleb128 0x3
	.byte	0x8
	.byte	0x5
	.long	.LASF8
	.uleb128 0x9
	.long	.LASF10
	.byte	0x4
	.byte	0x98
	.byte	0x19
	.long	0x73
	.uleb128 0x9
	.long	.LASF11
	.byte	0x4
	.byte	0x99
	.byte	0x1b
	.long	0x73
	.uleb128 0x2
	.long	0x97
	.uleb128 0x3
	.byte	0x1
	.byte	0x6
	.long	.LASF12
	.uleb128 0x15
	.long	0x97
	.uleb128 0x23
	.long	.LASF67
	.byte	0xd8
	.byte	0x5
	.byte	0x31
	.byte	0x8
	.long	0x20d
	.uleb128 0x1
	.long	.LASF13
	.byte	0x33
	.byte	0x7
	.long	0x67
	.byte	0
	.uleb128 0x1
	.long	.LASF14
	.byte	0x36
	.byte	0x9
	.long	0x92
	.byte	0x8
	.uleb128 0x1
	.long	.LASF15
	.byte	0x37
	.byte	0x9
	.long	0x92
	.byte	0x10
	.uleb128 0x1
	.long	.LASF16
	.byte	0x38
	.byte	0x9
	.long	0x92
	.byte	0x18
	.uleb128 0x1
	.long	.LASF17
	.byte	0x39
	.byte	0x9
	.long	0x92
	.byte	0x20
	.uleb128 0x1
	.long	.LASF18
	.byte	0x3a
	.byte	0x9
	.long	0x92
	.byte	0x28
	.uleb128 0x1
	.long	.LASF19
	.byte	0x3b
	.byte	0x9
	.long	0x92
	.byte	0x30
	.uleb128 0x1
	.long	.LASF20
	.byte	0x3c
	.byte	0x9
	.long	0x92
	.byte	0x38
	.uleb128 0x1
	.long	.LASF21
	.byte	0x3d
	.byte	0x9
	.long	0x92
	.byte	0x40
	.uleb128 0x1
	.long	.LASF22
	.byte	0x40
	.byte	0x9
	.long	0x92
	.byte	0x48
	.uleb128 0x1
	.long	.LASF23
	.byte	0x41
	.byte	0x9
	.long	0x92
	.byte	0x50
	.uleb128 0x1
	.long	.LASF24
	.byte	0x42
	.byte	0x9
	.long	0x92
	.byte	0x58
	.uleb128 0x1
	.long	.LASF25
	.byte	0x44
	.byte	0x16
	.long	0x226
	.byte	0x60
	.uleb128 0x1
	.long	.LASF26
	.byte	0x46
	.byte	0x14
	.long	0x22b
	.byte	0x68
	.uleb128 0x1
	.long	.LASF27
	.byte	0x48
	.byte	0x7
	.long	0x67
	.byte	0x70
	.uleb128 0x1
	.long	.LASF28
	.byte	0x49
	.byte	0x7
	.long	0x67
	.byte	0x74
	.uleb128 0x1
	.long	.LASF29
	.byte	0x4a
	.byte	0xb
	.long	0x7a
	.byte	0x78
	.uleb128 0x1
	.long	.LASF30
	.byte	0x4d
	.byte	0x12
	.long	0x52
	.byte	0x80
	.uleb128 0x1
	.long	.LASF31
	.byte	0x4e
	.byte	0xf
	.long	0x59
	.byte	0x82
	.uleb128 0x1
	.long	.LASF32
	.byte	0x4f
	.byte	0x8
	.long	0x230
	.byte	0x83
	.uleb128 0x1
	.long	.LASF33
	.byte	0x51
	.byte	0xf
	.long	0x240
	.byte	0x88
	.uleb128 0x1
	.long	.LASF34
	.byte	0x59
	.byte	0xd
	.long	0x86
	.byte	0x90
	.uleb128 0x1
	.long	.LASF35
	.byte	0x5b
	.byte	0x17
	.long	0x24a
	.byte	0x98
	.uleb128 0x1
	.long	.LASF36
	.byte	0x5c
	.byte	0x19
	.long	0x254
	.byte	0xa0
	.uleb128 0x1
	.long	.LASF37
	.byte	0x5d
	.byte	0x14
	.long	0x22b
	.byte	0xa8
	.uleb128 0x1
	.long	.LASF38
	.byte	0x5e
	.byte	0x9
	.long	0x44
	.byte	0xb0
	.uleb128 0x1
	.long	.LASF39
	.byte	0x5f
	.byte	0xa
	.long	0x2a
	.byte	0xb8
	.uleb128 0x1
	.long	.LASF40
	.byte	0x60
	.byte	0x7
	.long	0x67
	.byte	0xc0
	.uleb128 0x1
	.long	.LASF41
	.byte	0x62
	.byte	0x8
	.long	0x259
	.byte	0xc4
	.byte	0
	.uleb128 0x9
	.long	.LASF42
	.byte	0x6
	.byte	0x7
	.byte	0x19
	.long	0xa3
	.uleb128 0x24
	.long	.LASF68
	.byte	0x5
	.byte	0x2b
	.byte	0xe
	.uleb128 0xf
	.long	.LASF43
	.uleb128 0x2
	.long	0x221
	.uleb128 0x2
	.long	0xa3
	.uleb128 0xa
	.long	0x97
	.long	0x240
	.uleb128 0xb
	.long	0x36
	.byte	0
	.byte	0
	.uleb128 0x2
	.long	0x219
	.uleb128 0xf
	.long	.LASF44
	.uleb128 0x2
	.long	0x245
	.uleb128 0xf
	.long	.LASF45
	.uleb128 0x2
	.long	0x24f
	.uleb128 0xa
	.long	0x97
	.long	0x269
	.uleb128 0xb
	.long	0x36
	.byte	0x13
	.byte	0
	.uleb128 0x2
	.long	0x20d
	.uleb128 0x25
	.long	.LASF56
	.byte	0x7
	.byte	0x90
	.byte	0xe
	.long	0x269
	.uleb128 0x3
	.byte	0x8
	.byte	0x5
	.long	.LASF46
	.uleb128 0x3
	.byte	0x8
	.byte	0x7
	.long	.LASF47
	.uleb128 0x26
	.long	0x293
	.uleb128 0x5
	.long	0x67
	.byte	0
	.uleb128 0x10
	.long	.LASF48
	.byte	0x9
	.byte	0x18
	.long	0x2ad
	.uleb128 0x9
	.byte	0x3
	.quad	quit
	.uleb128 0x2
	.long	0x288
	.uleb128 0x16
	.long	0x2a8
	.uleb128 0x10
	.long	.LASF49
	.byte	0xa
	.byte	0x15
	.long	0x6e
	.uleb128 0x9
	.byte	0x3
	.quad	sink
	.uleb128 0x17
	.long	.LASF50
	.byte	0x2
	.byte	0xb1
	.byte	0x11
	.long	0x73
	.long	0x2e7
	.uleb128 0x5
	.long	0x2ec
	.uleb128 0x5
	.long	0x2f6
	.uleb128 0x5
	.long	0x67
	.byte	0
	.uleb128 0x2
	.long	0x9e
	.uleb128 0x18
	.long	0x2e7
	.uleb128 0x2
	.long	0x92
	.uleb128 0x18
	.long	0x2f1
	.uleb128 0x17
	.long	.LASF51
	.byte	0x7
	.byte	0xe6
	.byte	0xc
	.long	0x67
	.long	0x311
	.uleb128 0x5
	.long	0x269
	.byte	0
	.uleb128 0x27
	.long	.LASF52
	.byte	0x7
	.value	0x164
	.byte	0xc
	.long	0x67
	.long	0x329
	.uleb128 0x5
	.long	0x2e7
	.uleb128 0x28
	.byte	0
	.uleb128 0x29
	.long	.LASF53
	.byte	0x2
	.value	0x27d
	.byte	0xd
	.long	0x33c
	.uleb128 0x5
	.long	0x67
	.byte	0
	.uleb128 0x2a
	.long	.LASF69
	.byte	0x1
	.byte	0x50
	.byte	0x5
	.long	0x67
	.quad	.LFB28
	.quad	.LFE28-.LFB28
	.uleb128 0x1
	.byte	0x9c
	.long	0x613
	.uleb128 0x19
	.long	.LASF54
	.byte	0x50
	.byte	0xe
	.long	0x67
	.long	.LLST6
	.long	.LVUS6
	.uleb128 0x19
	.long	.LASF55
	.byte	0x50
	.byte	0x1b
	.long	0x2f1
	.long	.LLST7
	.long	.LVUS7
	.uleb128 0x1a
	.long	.LASF57
	.byte	0x52
	.byte	0x6
	.long	0x67
	.long	.LLST8
	.long	.LVUS8
	.uleb128 0x1a
	.long	.LASF58
	.byte	0x53
	.byte	0x7
	.long	0x73
	.long	.LLST9
	.long	.LVUS9
	.uleb128 0x10
	.long	.LASF59
	.byte	0x56
	.byte	0x10
	.long	0x613
	.uleb128 0x3
	.byte	0x91
	.sleb128 -96
	.uleb128 0x1b
	.long	.LLRL17
	.long	0x437
	.uleb128 0x6
	.string	"x"
	.byte	0x54
	.byte	0xb
	.long	0x67
	.long	.LLST18
	.long	.LVUS18
	.uleb128 0x2b
	.long	0x794
	.quad	.LBI47
	.byte	.LVU98
	.long	.LLRL19
	.byte	0x1
	.byte	0x55
	.byte	0x19
	.long	0x3fa
	.uleb128 0xc
	.long	0x7a4
	.long	.LLST20
	.long	.LVUS20
	.byte	0
	.uleb128 0x2c
	.long	0x7ae
	.quad	.LBI51
	.byte	.LVU89
	.quad	.LBB51
	.quad	.LBE51-.LBB51
	.byte	0x1
	.byte	0x55
	.byte	0xc
	.uleb128 0xc
	.long	0x7bc
	.long	.LLST21
	.long	.LVUS21
	.uleb128 0x8
	.long	0x7c5
	.long	.LLST22
	.long	.LVUS22
	.byte	0
	.byte	0
	.uleb128 0x11
	.quad	.LBB56
	.quad	.LBE56-.LBB56
	.long	0x456
	.uleb128 0x7
	.string	"i"
	.byte	0x57
	.byte	0xb
	.long	0x67
	.byte	0
	.uleb128 0x11
	.quad	.LBB57
	.quad	.LBE57-.LBB57
	.long	0x491
	.uleb128 0x6
	.string	"r"
	.byte	0x59
	.byte	0xb
	.long	0x67
	.long	.LLST23
	.long	.LVUS23
	.uleb128 0xd
	.quad	.LVL38
	.long	0x6cd
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x2
	.byte	0x74
	.sleb128 0
	.byte	0
	.byte	0
	.uleb128 0x1b
	.long	.LLRL24
	.long	0x500
	.uleb128 0x6
	.string	"i"
	.byte	0x5d
	.byte	0xb
	.long	0x67
	.long	.LLST25
	.long	.LVUS25
	.uleb128 0x11
	.quad	.LBB59
	.quad	.LBE59-.LBB59
	.long	0x4d2
	.uleb128 0x6
	.string	"j"
	.byte	0x63
	.byte	0xc
	.long	0x67
	.long	.LLST26
	.long	.LVUS26
	.byte	0
	.uleb128 0x2d
	.quad	.LVL43
	.long	0x4e5
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x1
	.byte	0x37
	.byte	0
	.uleb128 0xd
	.quad	.LVL44
	.long	0x623
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x76
	.sleb128 0
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x2
	.byte	0x73
	.sleb128 0
	.byte	0
	.byte	0
	.uleb128 0x1c
	.long	0x811
	.quad	.LBI37
	.byte	.LVU45
	.quad	.LBB37
	.quad	.LBE37-.LBB37
	.byte	0x52
	.byte	0x19
	.long	0x54a
	.uleb128 0xc
	.long	0x81f
	.long	.LLST10
	.long	.LVUS10
	.uleb128 0xd
	.quad	.LVL19
	.long	0x2c7
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x1
	.byte	0x3a
	.byte	0
	.byte	0
	.uleb128 0x1c
	.long	0x7cf
	.quad	.LBI39
	.byte	.LVU53
	.quad	.LBB39
	.quad	.LBE39-.LBB39
	.byte	0x53
	.byte	0xf
	.long	0x5e6
	.uleb128 0xc
	.long	0x7dd
	.long	.LLST11
	.long	.LVUS11
	.uleb128 0x8
	.long	0x7e6
	.long	.LLST12
	.long	.LVUS12
	.uleb128 0x1d
	.long	0x7ef
	.quad	.LBB41
	.quad	.LBE41-.LBB41
	.uleb128 0x8
	.long	0x7f0
	.long	.LLST13
	.long	.LVUS13
	.uleb128 0x2e
	.long	0x7f9
	.long	.LLRL14
	.uleb128 0x8
	.long	0x7fa
	.long	.LLST15
	.long	.LVUS15
	.uleb128 0x1d
	.long	0x803
	.quad	.LBB43
	.quad	.LBE43-.LBB43
	.uleb128 0x8
	.long	0x804
	.long	.LLST16
	.long	.LVUS16
	.byte	0
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x2f
	.quad	.LVL41
	.long	0x311
	.long	0x605
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x9
	.byte	0x3
	.quad	.LC7
	.byte	0
	.uleb128 0x30
	.quad	.LVL42
	.long	0x2fb
	.byte	0
	.uleb128 0xa
	.long	0x46
	.long	0x623
	.uleb128 0xb
	.long	0x36
	.byte	0x3f
	.byte	0
	.uleb128 0x1e
	.long	.LASF60
	.byte	0x4a
	.quad	.LFB27
	.quad	.LFE27-.LFB27
	.uleb128 0x1
	.byte	0x9c
	.long	0x67e
	.uleb128 0xe
	.string	"i"
	.byte	0x4a
	.byte	0x30
	.long	0x67
	.long	.LLST4
	.long	.LVUS4
	.uleb128 0xe
	.string	"at"
	.byte	0x4a
	.byte	0x37
	.long	0x67
	.long	.LLST5
	.long	.LVUS5
	.uleb128 0xd
	.quad	.LVL13
	.long	0x67e
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x73
	.sleb128 0
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x3
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0
	.byte	0
	.uleb128 0x1e
	.long	.LASF61
	.byte	0x43
	.quad	.LFB26
	.quad	.LFE26-.LFB26
	.uleb128 0x1
	.byte	0x9c
	.long	0x6cd
	.uleb128 0xe
	.string	"i"
	.byte	0x43
	.byte	0x31
	.long	0x67
	.long	.LLST2
	.long	.LVUS2
	.uleb128 0xe
	.string	"at"
	.byte	0x43
	.byte	0x38
	.long	0x67
	.long	.LLST3
	.long	.LVUS3
	.uleb128 0x31
	.quad	.LVL11
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x1
	.byte	0x39
	.byte	0
	.byte	0
	.uleb128 0x32
	.long	.LASF70
	.byte	0x1
	.byte	0x2e
	.byte	0xc
	.long	0x67
	.quad	.LFB25
	.quad	.LFE25-.LFB25
	.uleb128 0x1
	.byte	0x9c
	.long	0x77f
	.uleb128 0x33
	.long	.LASF59
	.byte	0x1
	.byte	0x2e
	.byte	0x2a
	.long	0x77f
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x34
	.string	"n"
	.byte	0x1
	.byte	0x2e
	.byte	0x34
	.long	0x67
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x35
	.string	"ops"
	.byte	0x1
	.byte	0x30
	.byte	0xf
	.long	0x784
	.uleb128 0x9
	.byte	0x3
	.quad	ops.0
	.uleb128 0x12
	.string	"inc"
	.byte	0x34
	.quad	.L4
	.uleb128 0x12
	.string	"dbl"
	.byte	0x37
	.quad	.L8
	.uleb128 0x12
	.string	"dec"
	.byte	0x3a
	.quad	.L10
	.uleb128 0x36
	.long	.LASF62
	.byte	0x1
	.byte	0x3d
	.byte	0x1
	.quad	.L2
	.uleb128 0x6
	.string	"acc"
	.byte	0x31
	.byte	0x6
	.long	0x67
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x6
	.string	"pc"
	.byte	0x31
	.byte	0xf
	.long	0x67
	.long	.LLST1
	.long	.LVUS1
	.byte	0
	.uleb128 0x2
	.long	0x4d
	.uleb128 0xa
	.long	0x44
	.long	0x794
	.uleb128 0xb
	.long	0x36
	.byte	0x3
	.byte	0
	.uleb128 0x37
	.string	"sw"
	.byte	0x1
	.byte	0x21
	.byte	0xc
	.long	0x67
	.byte	0x1
	.long	0x7ae
	.uleb128 0x13
	.string	"x"
	.byte	0x21
	.byte	0x13
	.long	0x67
	.byte	0
	.uleb128 0x1f
	.long	.LASF63
	.byte	0x17
	.long	0x67
	.long	0x7cf
	.uleb128 0x13
	.string	"x"
	.byte	0x17
	.byte	0x18
	.long	0x67
	.uleb128 0x7
	.string	"r"
	.byte	0x19
	.byte	0x6
	.long	0x67
	.byte	0
	.uleb128 0x1f
	.long	.LASF64
	.byte	0xd
	.long	0x67
	.long	0x811
	.uleb128 0x13
	.string	"n"
	.byte	0xd
	.byte	0x17
	.long	0x67
	.uleb128 0x7
	.string	"s"
	.byte	0xf
	.byte	0x6
	.long	0x67
	.uleb128 0x14
	.uleb128 0x7
	.string	"i"
	.byte	0x10
	.byte	0xb
	.long	0x67
	.uleb128 0x14
	.uleb128 0x7
	.string	"j"
	.byte	0x11
	.byte	0xc
	.long	0x67
	.uleb128 0x14
	.uleb128 0x7
	.string	"k"
	.byte	0x12
	.byte	0xd
	.long	0x67
	.byte	0
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x38
	.long	.LASF71
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0x67
	.byte	0x3
	.uleb128 0x39
	.long	.LASF65
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0x2e7
	.byte	0
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
	.uleb128 0xd
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 5
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x38
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x2
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x3
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0xe
	.byte	0
	.byte	0
	.uleb128 0x4
	.uleb128 0x49
	.byte	0
	.uleb128 0x2
	.uleb128 0x18
	.uleb128 0x7e
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x5
	.uleb128 0x5
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x6
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0x34
	.byte	0
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x9
	.uleb128 0x16
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xa
	.uleb128 0x1
	.byte	0x1
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2f
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0xc
	.uleb128 0x5
	.byte	0
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0xd
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xe
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0xf
	.uleb128 0x13
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3c
	.uleb128 0x19
	.byte	0
	.byte	0
	.uleb128 0x10
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x11
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x12
	.uleb128 0xa
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x11
	.uleb128 0x1
	.byte	0
	.byte	0
	.uleb128 0x13
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x14
	.uleb128 0xb
	.byte	0x1
	.byte	0
	.byte	0
	.uleb128 0x15
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x16
	.uleb128 0x35
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x17
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x18
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x19
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x1a
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x1b
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x1c
	.uleb128 0x1d
	.byte	0x1
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x52
	.uleb128 0x1
	.uleb128 0x2138
	.uleb128 0xb
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x58
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x59
	.uleb128 0xb
	.uleb128 0x57
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x1d
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.byte	0
	.byte	0
	.uleb128 0x1e
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0x21
	.sleb128 39
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x1f
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0x21
	.sleb128 12
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x20
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x20
	.uleb128 0x11
	.byte	0x1
	.uleb128 0x25
	.uleb128 0xe
	.uleb128 0x13
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x1f
	.uleb128 0x1b
	.uleb128 0x1f
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x10
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x21
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x22
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x8
	.byte	0
	.byte	0
	.uleb128 0x23
	.uleb128 0x13
	.byte	0x1
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x24
	.uleb128 0x16
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x25
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3c
	.uleb128 0x19
	.byte	0
	.byte	0
	.uleb128 0x26
	.uleb128 0x15
	.byte	0x1
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x27
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x28
	.uleb128 0x18
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x29
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x87
	.uleb128 0x19
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x2a
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x2b
	.uleb128 0x1d
	.byte	0x1
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x52
	.uleb128 0x1
	.uleb128 0x2138
	.uleb128 0xb
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x58
	.uleb128 0xb
	.uleb128 0x59
	.uleb128 0xb
	.uleb128 0x57
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x2c
	.uleb128 0x1d
	.byte	0x1
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x52
	.uleb128 0x1
	.uleb128 0x2138
	.uleb128 0xb
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x58
	.uleb128 0xb
	.uleb128 0x59
	.uleb128 0xb
	.uleb128 0x57
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x2d
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x2e
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x55
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x2f
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x30
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x31
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x82
	.uleb128 0x19
	.byte	0
	.byte	0
	.uleb128 0x32
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x33
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x34
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x35
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x36
	.uleb128 0xa
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x11
	.uleb128 0x1
	.byte	0
	.byte	0
	.uleb128 0x37
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x20
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x38
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x20
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x39
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.byte	0
	.section	.debug_loclists,"",@progbits
	.long	.Ldebug_loc3-.Ldebug_loc2
.Ldebug_loc2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.Ldebug_loc0:
.LVUS6:
	.uleb128 0
	.uleb128 .LVU48
	.uleb128 .LVU48
	.uleb128 0
.LLST6:
	.byte	0x6
	.quad	.LVL15
	.byte	0x4
	.uleb128 .LVL15-.LVL15
	.uleb128 .LVL17-.LVL15
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL17-.LVL15
	.uleb128 .LFE28-.LVL15
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS7:
	.uleb128 0
	.uleb128 .LVU49
	.uleb128 .LVU49
	.uleb128 0
.LLST7:
	.byte	0x6
	.quad	.LVL15
	.byte	0x4
	.uleb128 .LVL15-.LVL15
	.uleb128 .LVL18-.LVL15
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL18-.LVL15
	.uleb128 .LFE28-.LVL15
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0
.LVUS8:
	.uleb128 .LVU51
	.uleb128 .LVU162
	.uleb128 .LVU162
	.uleb128 .LVU164
	.uleb128 .LVU165
	.uleb128 0
.LLST8:
	.byte	0x6
	.quad	.LVL20
	.byte	0x4
	.uleb128 .LVL20-.LVL20
	.uleb128 .LVL50-.LVL20
	.uleb128 0x1
	.byte	0x53
	.byte	0x4
	.uleb128 .LVL50-.LVL20
	.uleb128 .LVL52-.LVL20
	.uleb128 0x3
	.byte	0x7c
	.sleb128 -5
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL53-.LVL20
	.uleb128 .LFE28-.LVL20
	.uleb128 0x1
	.byte	0x53
	.byte	0
.LVUS9:
	.uleb128 .LVU81
	.uleb128 .LVU130
	.uleb128 .LVU165
	.uleb128 0
.LLST9:
	.byte	0x6
	.quad	.LVL29
	.byte	0x4
	.uleb128 .LVL29-.LVL29
	.uleb128 .LVL41-1-.LVL29
	.uleb128 0x1
	.byte	0x59
	.byte	0x4
	.uleb128 .LVL53-.LVL29
	.uleb128 .LFE28-.LVL29
	.uleb128 0x1
	.byte	0x59
	.byte	0
.LVUS18:
	.uleb128 .LVU83
	.uleb128 .LVU87
	.uleb128 .LVU87
	.uleb128 .LVU108
	.uleb128 .LVU108
	.uleb128 .LVU112
	.uleb128 .LVU112
	.uleb128 .LVU113
	.uleb128 .LVU165
	.uleb128 0
.LLST18:
	.byte	0x6
	.quad	.LVL29
	.byte	0x4
	.uleb128 .LVL29-.LVL29
	.uleb128 .LVL30-.LVL29
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL30-.LVL29
	.uleb128 .LVL34-.LVL29
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL34-.LVL29
	.uleb128 .LVL35-.LVL29
	.uleb128 0x3
	.byte	0x70
	.sleb128 -1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL35-.LVL29
	.uleb128 .LVL36-.LVL29
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL53-.LVL29
	.uleb128 .LFE28-.LVL29
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS20:
	.uleb128 .LVU97
	.uleb128 .LVU105
	.uleb128 .LVU165
	.uleb128 0
.LLST20:
	.byte	0x6
	.quad	.LVL32
	.byte	0x4
	.uleb128 .LVL32-.LVL32
	.uleb128 .LVL33-.LVL32
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL53-.LVL32
	.uleb128 .LFE28-.LVL32
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS21:
	.uleb128 .LVU89
	.uleb128 .LVU97
.LLST21:
	.byte	0x8
	.quad	.LVL30
	.uleb128 .LVL32-.LVL30
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS22:
	.uleb128 .LVU95
	.uleb128 .LVU97
.LLST22:
	.byte	0x8
	.quad	.LVL31
	.uleb128 .LVL32-.LVL31
	.uleb128 0x1
	.byte	0x52
	.byte	0
.LVUS23:
	.uleb128 .LVU119
	.uleb128 .LVU123
	.uleb128 .LVU123
	.uleb128 .LVU126
.LLST23:
	.byte	0x6
	.quad	.LVL37
	.byte	0x4
	.uleb128 .LVL37-.LVL37
	.uleb128 .LVL39-.LVL37
	.uleb128 0x3
	.byte	0x74
	.sleb128 -20
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL39-.LVL37
	.uleb128 .LVL40-.LVL37
	.uleb128 0x3
	.byte	0x74
	.sleb128 -21
	.byte	0x9f
	.byte	0
.LVUS25:
	.uleb128 .LVU135
	.uleb128 .LVU136
	.uleb128 .LVU136
	.uleb128 .LVU163
.LLST25:
	.byte	0x6
	.quad	.LVL42
	.byte	0x4
	.uleb128 .LVL42-.LVL42
	.uleb128 .LVL42-.LVL42
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL42-.LVL42
	.uleb128 .LVL51-.LVL42
	.uleb128 0x1
	.byte	0x56
	.byte	0
.LVUS26:
	.uleb128 .LVU148
	.uleb128 .LVU151
	.uleb128 .LVU151
	.uleb128 .LVU154
	.uleb128 .LVU154
	.uleb128 .LVU156
	.uleb128 .LVU156
	.uleb128 .LVU157
.LLST26:
	.byte	0x6
	.quad	.LVL44
	.byte	0x4
	.uleb128 .LVL44-.LVL44
	.uleb128 .LVL45-.LVL44
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL45-.LVL44
	.uleb128 .LVL46-.LVL44
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL46-.LVL44
	.uleb128 .LVL47-.LVL44
	.uleb128 0x3
	.byte	0x70
	.sleb128 -1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL47-.LVL44
	.uleb128 .LVL48-.LVL44
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS10:
	.uleb128 .LVU45
	.uleb128 .LVU49
	.uleb128 .LVU49
	.uleb128 .LVU50
.LLST10:
	.byte	0x6
	.quad	.LVL16
	.byte	0x4
	.uleb128 .LVL16-.LVL16
	.uleb128 .LVL18-.LVL16
	.uleb128 0x2
	.byte	0x74
	.sleb128 8
	.byte	0x4
	.uleb128 .LVL18-.LVL16
	.uleb128 .LVL19-1-.LVL16
	.uleb128 0x1
	.byte	0x55
	.byte	0
.LVUS11:
	.uleb128 .LVU54
	.uleb128 .LVU79
.LLST11:
	.byte	0x8
	.quad	.LVL20
	.uleb128 .LVL28-.LVL20
	.uleb128 0x3
	.byte	0x8
	.byte	0x28
	.byte	0x9f
	.byte	0
.LVUS12:
	.uleb128 .LVU54
	.uleb128 .LVU62
	.uleb128 .LVU63
	.uleb128 .LVU79
.LLST12:
	.byte	0x6
	.quad	.LVL20
	.byte	0x4
	.uleb128 .LVL20-.LVL20
	.uleb128 .LVL21-.LVL20
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL22-.LVL20
	.uleb128 .LVL28-.LVL20
	.uleb128 0x1
	.byte	0x51
	.byte	0
.LVUS13:
	.uleb128 .LVU54
	.uleb128 .LVU58
	.uleb128 .LVU58
	.uleb128 .LVU62
	.uleb128 .LVU77
	.uleb128 .LVU79
.LLST13:
	.byte	0x6
	.quad	.LVL20
	.byte	0x4
	.uleb128 .LVL20-.LVL20
	.uleb128 .LVL20-.LVL20
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL20-.LVL20
	.uleb128 .LVL21-.LVL20
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL27-.LVL20
	.uleb128 .LVL28-.LVL20
	.uleb128 0x1
	.byte	0x54
	.byte	0
.LVUS15:
	.uleb128 .LVU55
	.uleb128 .LVU62
	.uleb128 .LVU63
	.uleb128 .LVU79
.LLST15:
	.byte	0x6
	.quad	.LVL20
	.byte	0x4
	.uleb128 .LVL20-.LVL20
	.uleb128 .LVL21-.LVL20
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL22-.LVL20
	.uleb128 .LVL28-.LVL20
	.uleb128 0x1
	.byte	0x58
	.byte	0
.LVUS16:
	.uleb128 .LVU63
	.uleb128 .LVU66
	.uleb128 .LVU66
	.uleb128 .LVU69
	.uleb128 .LVU69
	.uleb128 .LVU71
	.uleb128 .LVU71
	.uleb128 .LVU79
.LLST16:
	.byte	0x6
	.quad	.LVL22
	.byte	0x4
	.uleb128 .LVL22-.LVL22
	.uleb128 .LVL23-.LVL22
	.uleb128 0x1
	.byte	0x58
	.byte	0x4
	.uleb128 .LVL23-.LVL22
	.uleb128 .LVL24-.LVL22
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL24-.LVL22
	.uleb128 .LVL25-.LVL22
	.uleb128 0x3
	.byte	0x70
	.sleb128 -3
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL25-.LVL22
	.uleb128 .LVL28-.LVL22
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS4:
	.uleb128 0
	.uleb128 .LVU36
	.uleb128 .LVU36
	.uleb128 .LVU39
	.uleb128 .LVU39
	.uleb128 0
.LLST4:
	.byte	0x6
	.quad	.LVL12
	.byte	0x4
	.uleb128 .LVL12-.LVL12
	.uleb128 .LVL13-1-.LVL12
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL13-1-.LVL12
	.uleb128 .LVL14-.LVL12
	.uleb128 0x1
	.byte	0x53
	.byte	0x4
	.uleb128 .LVL14-.LVL12
	.uleb128 .LFE27-.LVL12
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS5:
	.uleb128 0
	.uleb128 .LVU36
	.uleb128 .LVU36
	.uleb128 0
.LLST5:
	.byte	0x6
	.quad	.LVL12
	.byte	0x4
	.uleb128 .LVL12-.LVL12
	.uleb128 .LVL13-1-.LVL12
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL13-1-.LVL12
	.uleb128 .LFE27-.LVL12
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0
.LVUS2:
	.uleb128 0
	.uleb128 .LVU29
	.uleb128 .LVU29
	.uleb128 0
.LLST2:
	.byte	0x6
	.quad	.LVL9
	.byte	0x4
	.uleb128 .LVL9-.LVL9
	.uleb128 .LVL10-.LVL9
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL10-.LVL9
	.uleb128 .LFE26-.LVL9
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS3:
	.uleb128 0
	.uleb128 .LVU30
	.uleb128 .LVU30
	.uleb128 0
.LLST3:
	.byte	0x6
	.quad	.LVL9
	.byte	0x4
	.uleb128 .LVL9-.LVL9
	.uleb128 .LVL11-1-.LVL9
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL11-1-.LVL9
	.uleb128 .LFE26-.LVL9
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0
.LVUS0:
	.uleb128 .LVU3
	.uleb128 .LVU7
	.uleb128 .LVU7
	.uleb128 0
.LLST0:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL1-.LVL0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL1-.LVL0
	.uleb128 .LFE25-.LVL0
	.uleb128 0x1
	.byte	0x51
	.byte	0
.LVUS1:
	.uleb128 .LVU3
	.uleb128 .LVU4
	.uleb128 .LVU4
	.uleb128 .LVU7
	.uleb128 .LVU7
	.uleb128 .LVU13
	.uleb128 .LVU14
	.uleb128 .LVU17
	.uleb128 .LVU17
	.uleb128 .LVU18
	.uleb128 .LVU18
	.uleb128 0
.LLST1:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL0-.LVL0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL1-.LVL0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL1-.LVL0
	.uleb128 .LVL3-.LVL0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL4-.LVL0
	.uleb128 .LVL6-.LVL0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL6-.LVL0
	.uleb128 .LVL7-.LVL0
	.uleb128 0x3
	.byte	0x70
	.sleb128 1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL7-.LVL0
	.uleb128 .LFE25-.LVL0
	.uleb128 0x1
	.byte	0x50
	.byte	0
.Ldebug_loc3:
	.section	.debug_aranges,"",@progbits
	.long	0x3c
	.value	0x2
	.long	.Ldebug_info0
	.byte	0x8
	.byte	0
	.value	0
	.value	0
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.quad	.LFB28
	.quad	.LFE28-.LFB28
	.quad	0
	.quad	0
	.section	.debug_rnglists,"",@progbits
.Ldebug_ranges0:
	.long	.Ldebug_ranges3-.Ldebug_ranges2
.Ldebug_ranges2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.LLRL14:
	.byte	0x5
	.quad	.LBB42
	.byte	0x4
	.uleb128 .LBB42-.LBB42
	.uleb128 .LBE42-.LBB42
	.byte	0x4
	.uleb128 .LBB44-.LBB42
	.uleb128 .LBE44-.LBB42
	.byte	0x4
	.uleb128 .LBB45-.LBB42
	.uleb128 .LBE45-.LBB42
	.byte	0
.LLRL17:
	.byte	0x5
	.quad	.LBB46
	.byte	0x4
	.uleb128 .LBB46-.LBB46
	.uleb128 .LBE46-.LBB46
	.byte	0x4
	.uleb128 .LBB55-.LBB46
	.uleb128 .LBE55-.LBB46
	.byte	0x4
	.uleb128 .LBB62-.LBB46
	.uleb128 .LBE62-.LBB46
	.byte	0
.LLRL19:
	.byte	0x5
	.quad	.LBB47
	.byte	0x4
	.uleb128 .LBB47-.LBB47
	.uleb128 .LBE47-.LBB47
	.byte	0x4
	.uleb128 .LBB53-.LBB47
	.uleb128 .LBE53-.LBB47
	.byte	0x4
	.uleb128 .LBB54-.LBB47
	.uleb128 .LBE54-.LBB47
	.byte	0
.LLRL24:
	.byte	0x5
	.quad	.LBB58
	.byte	0x4
	.uleb128 .LBB58-.LBB58
	.uleb128 .LBE58-.LBB58
	.byte	0x4
	.uleb128 .LBB60-.LBB58
	.uleb128 .LBE60-.LBB58
	.byte	0x4
	.uleb128 .LBB61-.LBB58
	.uleb128 .LBE61-.LBB58
	.byte	0
.LLRL27:
	.byte	0x7
	.quad	.Ltext0
	.uleb128 .Letext0-.Ltext0
	.byte	0x7
	.quad	.LFB28
	.uleb128 .LFE28-.LFB28
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF52:
	.string	"printf"
.LASF10:
	.string	"__off_t"
.LASF14:
	.string	"_IO_read_ptr"
.LASF26:
	.string	"_chain"
.LASF9:
	.string	"size_t"
.LASF32:
	.string	"_shortbuf"
.LASF60:
	.string	"wrap"
.LASF20:
	.string	"_IO_buf_base"
.LASF47:
	.string	"long long unsigned int"
.LASF57:
	.string	"limit"
.LASF35:
	.string	"_codecvt"
.LASF46:
	.string	"long long int"
.LASF6:
	.string	"signed char"
.LASF63:
	.string	"diamond"
.LASF27:
	.string	"_fileno"
.LASF15:
	.string	"_IO_read_end"
.LASF8:
	.string	"long int"
.LASF61:
	.string	"check"
.LASF50:
	.string	"strtol"
.LASF13:
	.string	"_flags"
.LASF21:
	.string	"_IO_buf_end"
.LASF30:
	.string	"_cur_column"
.LASF44:
	.string	"_IO_codecvt"
.LASF48:
	.string	"quit"
.LASF29:
	.string	"_old_offset"
.LASF34:
	.string	"_offset"
.LASF66:
	.string	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fasynchronous-unwind-tables"
.LASF43:
	.string	"_IO_marker"
.LASF3:
	.string	"unsigned int"
.LASF38:
	.string	"_freeres_buf"
.LASF2:
	.string	"long unsigned int"
.LASF18:
	.string	"_IO_write_ptr"
.LASF5:
	.string	"short unsigned int"
.LASF22:
	.string	"_IO_save_base"
.LASF64:
	.string	"nested"
.LASF33:
	.string	"_lock"
.LASF28:
	.string	"_flags2"
.LASF40:
	.string	"_mode"
.LASF56:
	.string	"stdout"
.LASF19:
	.string	"_IO_write_end"
.LASF70:
	.string	"threaded"
.LASF68:
	.string	"_IO_lock_t"
.LASF67:
	.string	"_IO_FILE"
.LASF65:
	.string	"__nptr"
.LASF51:
	.string	"fflush"
.LASF25:
	.string	"_markers"
.LASF71:
	.string	"atoi"
.LASF4:
	.string	"unsigned char"
.LASF7:
	.string	"short int"
.LASF45:
	.string	"_IO_wide_data"
.LASF31:
	.string	"_vtable_offset"
.LASF42:
	.string	"FILE"
.LASF53:
	.string	"exit"
.LASF12:
	.string	"char"
.LASF11:
	.string	"__off64_t"
.LASF16:
	.string	"_IO_read_base"
.LASF49:
	.string	"sink"
.LASF24:
	.string	"_IO_save_end"
.LASF58:
	.string	"total"
.LASF39:
	.string	"__pad5"
.LASF41:
	.string	"_unused2"
.LASF59:
	.string	"code"
.LASF55:
	.string	"argv"
.LASF23:
	.string	"_IO_backup_base"
.LASF62:
	.string	"halt"
.LASF54:
	.string	"argc"
.LASF37:
	.string	"_freeres_list"
.LASF36:
	.string	"_wide_data"
.LASF69:
	.string	"main"
.LASF17:
	.string	"_IO_write_base"
	.section	.debug_line_str,"MS",@progbits,1
.LASF0:
	.string	"derive.c"
.LASF1:
	.string	"/build"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
