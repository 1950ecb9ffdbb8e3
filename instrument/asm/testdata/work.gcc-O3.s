	.file	"work.c"
	.text
.Ltext0:
	.file 0 "/build" "work.c"
	.p2align 4
	.type	quicksort, @function
quicksort:
.LVL0:
.LFB23:
	.file 1 "work.c"
	.loc 1 21 1 view -0
	.cfi_startproc
	.loc 1 22 2 view .LVU1
	.loc 1 22 12 view .LVU2
	.loc 1 21 1 is_stmt 0 view .LVU3
	pushq	%r14
	.cfi_def_cfa_offset 16
	.cfi_offset 14, -16
	movq	%rdi, %r14
	pushq	%r13
	.cfi_def_cfa_offset 24
	.cfi_offset 13, -24
	movl	%esi, %r13d
	pushq	%r12
	.cfi_def_cfa_offset 32
	.cfi_offset 12, -32
	movl	%edx, %r12d
	pushq	%rbp
	.cfi_def_cfa_offset 40
	.cfi_offset 6, -40
	pushq	%rbx
	.cfi_def_cfa_offset 48
	.cfi_offset 3, -48
	.loc 1 22 12 view .LVU4
	cmpl	%edx, %esi
	jge	.L1
.LVL1:
.L2:
.LBB29:
	.loc 1 23 3 is_stmt 1 view .LVU5
	.loc 1 23 17 is_stmt 0 view .LVU6
	leal	(%r12,%r13), %edx
	.loc 1 24 9 view .LVU7
	movl	%r12d, %ebx
	movl	%r13d, %ebp
	.loc 1 23 23 view .LVU8
	movl	%edx, %eax
	shrl	$31, %eax
	addl	%edx, %eax
	sarl	%eax
	cltq
	.loc 1 23 7 view .LVU9
	movl	(%r14,%rax,4), %ecx
.LVL2:
	.loc 1 24 3 is_stmt 1 view .LVU10
	.p2align 4,,10
	.p2align 3
.L7:
	.loc 1 24 12 view .LVU11
	cmpl	%ebx, %ebp
	jg	.L8
.L26:
	.loc 1 25 16 view .LVU12
	.loc 1 25 12 is_stmt 0 view .LVU13
	movslq	%ebp, %rax
	.loc 1 27 12 view .LVU14
	movslq	%ebx, %r9
	.loc 1 25 12 view .LVU15
	salq	$2, %rax
	.loc 1 27 12 view .LVU16
	leaq	(%r14,%r9,4), %r8
	.loc 1 25 12 view .LVU17
	leaq	(%r14,%rax), %rdi
	.loc 1 27 12 view .LVU18
	movl	(%r8), %esi
	leaq	4(%r14,%rax), %rax
	.loc 1 25 12 view .LVU19
	movl	(%rdi), %edx
	.loc 1 25 16 view .LVU20
	cmpl	%edx, %ecx
	jle	.L25
	.p2align 4,,10
	.p2align 3
.L4:
	.loc 1 26 5 is_stmt 1 view .LVU21
	movq	%rax, %rdi
	.loc 1 25 12 is_stmt 0 view .LVU22
	movl	(%rax), %edx
	.loc 1 25 16 view .LVU23
	addq	$4, %rax
	.loc 1 26 6 view .LVU24
	addl	$1, %ebp
.LVL3:
	.loc 1 25 16 is_stmt 1 view .LVU25
	cmpl	%ecx, %edx
	jl	.L4
	.loc 1 27 16 view .LVU26
	cmpl	%esi, %ecx
	jge	.L5
.L14:
	.loc 1 27 16 is_stmt 0 view .LVU27
	leaq	-4(%r14,%r9,4), %rax
	.p2align 4,,10
	.p2align 3
.L6:
	.loc 1 28 5 is_stmt 1 view .LVU28
	movq	%rax, %r8
	.loc 1 27 12 is_stmt 0 view .LVU29
	movl	(%rax), %esi
	.loc 1 27 16 view .LVU30
	subq	$4, %rax
	.loc 1 28 6 view .LVU31
	subl	$1, %ebx
.LVL4:
	.loc 1 27 16 is_stmt 1 view .LVU32
	cmpl	%ecx, %esi
	jg	.L6
.L5:
	.loc 1 29 4 view .LVU33
	.loc 1 29 7 is_stmt 0 view .LVU34
	cmpl	%ebp, %ebx
	jl	.L7
.LBB30:
	.loc 1 30 5 is_stmt 1 view .LVU35
.LVL5:
	.loc 1 31 5 view .LVU36
	.loc 1 31 12 is_stmt 0 view .LVU37
	movl	%esi, (%rdi)
	.loc 1 31 8 view .LVU38
	addl	$1, %ebp
.LVL6:
	.loc 1 32 5 is_stmt 1 view .LVU39
	.loc 1 32 8 is_stmt 0 view .LVU40
	subl	$1, %ebx
.LVL7:
	.loc 1 32 12 view .LVU41
	movl	%edx, (%r8)
.L27:
	.loc 1 32 12 view .LVU42
.LBE30:
	.loc 1 24 12 is_stmt 1 view .LVU43
	cmpl	%ebx, %ebp
	jle	.L26
.LVL8:
.L8:
	.loc 1 35 3 view .LVU44
	.loc 1 35 9 is_stmt 0 view .LVU45
	movl	%ebx, %edx
	.loc 1 35 19 view .LVU46
	movl	%r12d, %eax
	.loc 1 35 9 view .LVU47
	subl	%r13d, %edx
	.loc 1 35 19 view .LVU48
	subl	%ebp, %eax
	.loc 1 35 6 view .LVU49
	cmpl	%eax, %edx
	jge	.L11
	.loc 1 36 4 is_stmt 1 view .LVU50
	movl	%ebx, %edx
	movl	%r13d, %esi
	movq	%r14, %rdi
	call	quicksort
.LVL9:
	.loc 1 37 4 view .LVU51
	.loc 1 37 4 is_stmt 0 view .LVU52
.LBE29:
	.loc 1 22 12 is_stmt 1 view .LVU53
	cmpl	%r12d, %ebp
	jge	.L1
	movl	%ebp, %r13d
	jmp	.L2
.LVL10:
	.p2align 4,,10
	.p2align 3
.L25:
.LBB32:
	.loc 1 27 16 view .LVU54
	cmpl	%esi, %ecx
	jl	.L14
.LBB31:
	.loc 1 30 5 view .LVU55
.LVL11:
	.loc 1 31 5 view .LVU56
	.loc 1 31 12 is_stmt 0 view .LVU57
	movl	%esi, (%rdi)
	.loc 1 31 8 view .LVU58
	addl	$1, %ebp
.LVL12:
	.loc 1 32 5 is_stmt 1 view .LVU59
	.loc 1 32 8 is_stmt 0 view .LVU60
	subl	$1, %ebx
.LVL13:
	.loc 1 32 12 view .LVU61
	movl	%edx, (%r8)
	jmp	.L27
.LVL14:
.L11:
	.loc 1 32 12 view .LVU62
.LBE31:
	.loc 1 39 4 is_stmt 1 view .LVU63
	movl	%r12d, %edx
	movl	%ebp, %esi
	movq	%r14, %rdi
	call	quicksort
.LVL15:
	.loc 1 40 4 view .LVU64
	.loc 1 40 4 is_stmt 0 view .LVU65
.LBE32:
	.loc 1 22 12 is_stmt 1 view .LVU66
	cmpl	%r13d, %ebx
	jle	.L1
	movl	%ebx, %r12d
	jmp	.L2
.LVL16:
.L1:
	.loc 1 43 1 is_stmt 0 view .LVU67
	popq	%rbx
	.cfi_def_cfa_offset 40
	popq	%rbp
	.cfi_def_cfa_offset 32
	popq	%r12
	.cfi_def_cfa_offset 24
	popq	%r13
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
.LVL17:
	.loc 1 43 1 view .LVU68
	ret
	.cfi_endproc
.LFE23:
	.size	quicksort, .-quicksort
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"%llu\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LVL18:
.LFB28:
	.loc 1 100 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 101 2 view .LVU70
	.loc 1 100 1 is_stmt 0 view .LVU71
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	subq	$312, %rsp
	.cfi_def_cfa_offset 368
	.loc 1 101 39 view .LVU72
	movl	$10, 8(%rsp)
	cmpl	$1, %edi
	jle	.L29
.LVL19:
.LBB62:
.LBI62:
	.file 2 "/usr/include/stdlib.h"
	.loc 2 362 1 is_stmt 1 discriminator 1 view .LVU73
.LBB63:
	.loc 2 364 3 discriminator 1 view .LVU74
	.loc 2 364 16 is_stmt 0 discriminator 1 view .LVU75
	movq	8(%rsi), %rdi
.LVL20:
	.loc 2 364 16 discriminator 1 view .LVU76
	movl	$10, %edx
	xorl	%esi, %esi
.LVL21:
	.loc 2 364 16 discriminator 1 view .LVU77
	call	strtol@PLT
.LVL22:
	.loc 2 364 10 discriminator 1 view .LVU78
	movl	%eax, 8(%rsp)
.LVL23:
.L29:
	.loc 2 364 10 discriminator 1 view .LVU79
.LBE63:
.LBE62:
	.loc 1 102 2 is_stmt 1 discriminator 4 view .LVU80
	.loc 1 103 2 discriminator 4 view .LVU81
	.loc 1 104 2 discriminator 4 view .LVU82
	.loc 1 104 11 is_stmt 0 discriminator 4 view .LVU83
	movl	$800000, %edi
	leaq	48(%rsp), %r15
	call	malloc@PLT
.LVL24:
	.loc 1 105 12 discriminator 4 view .LVU84
	movl	$2000000, %edi
	.loc 1 104 11 discriminator 4 view .LVU85
	movq	%rax, (%rsp)
.LVL25:
	.loc 1 105 2 is_stmt 1 discriminator 4 view .LVU86
	.loc 1 105 12 is_stmt 0 discriminator 4 view .LVU87
	call	malloc@PLT
.LVL26:
	.loc 1 105 12 discriminator 4 view .LVU88
	leaq	304(%rsp), %rsi
	movq	rng(%rip), %rbx
	movq	%r15, %rdx
	movq	%rax, %r11
.LVL27:
	.loc 1 106 2 is_stmt 1 discriminator 4 view .LVU89
	.loc 1 107 2 discriminator 4 view .LVU90
.LBB64:
	.loc 1 107 7 discriminator 4 view .LVU91
	.loc 1 107 20 discriminator 4 view .LVU92
	movq	%rsi, %rdi
.LVL28:
	.p2align 4,,10
	.p2align 3
.L30:
	.loc 1 108 3 view .LVU93
.LBB65:
.LBI65:
	.loc 1 12 27 view .LVU94
.LBB66:
	.loc 1 14 2 view .LVU95
	.loc 1 14 13 is_stmt 0 view .LVU96
	movq	%rbx, %rcx
.LBE66:
.LBE65:
	.loc 1 107 20 view .LVU97
	addq	$1, %rdx
.LVL29:
.LBB68:
.LBB67:
	.loc 1 14 13 view .LVU98
	salq	$13, %rcx
	.loc 1 14 6 view .LVU99
	xorq	%rbx, %rcx
	.loc 1 15 2 is_stmt 1 view .LVU100
	.loc 1 15 13 is_stmt 0 view .LVU101
	movq	%rcx, %rax
	shrq	$7, %rax
	.loc 1 15 6 view .LVU102
	xorq	%rcx, %rax
	.loc 1 16 2 is_stmt 1 view .LVU103
	.loc 1 16 13 is_stmt 0 view .LVU104
	movq	%rax, %rbx
	salq	$17, %rbx
	.loc 1 16 6 view .LVU105
	xorq	%rax, %rbx
	.loc 1 17 2 is_stmt 1 view .LVU106
.LBE67:
.LBE68:
	.loc 1 108 13 is_stmt 0 view .LVU107
	movb	%bl, -1(%rdx)
	.loc 1 107 28 is_stmt 1 view .LVU108
.LVL30:
	.loc 1 107 20 view .LVU109
	cmpq	%rdx, %rsi
	jne	.L30
.LBE64:
.LBB69:
	.loc 1 109 28 is_stmt 0 view .LVU110
	movl	8(%rsp), %eax
	movq	%rbx, rng(%rip)
.LVL31:
	.loc 1 109 28 is_stmt 1 view .LVU111
.LBE69:
	.loc 1 102 21 is_stmt 0 view .LVU112
	xorl	%r9d, %r9d
	leaq	keys(%rip), %r8
	leaq	vals(%rip), %r12
.LBB121:
	.loc 1 109 28 view .LVU113
	testl	%eax, %eax
	jle	.L32
	movq	(%rsp), %rax
.LBE121:
	.loc 1 102 21 view .LVU114
	xorl	%r9d, %r9d
.LBB122:
.LBB70:
.LBB71:
.LBB72:
.LBB73:
	.loc 1 61 3 view .LVU115
	movq	%r11, 16(%rsp)
	movq	%r15, %r10
.LBE73:
.LBE72:
.LBE71:
.LBE70:
	.loc 1 109 11 view .LVU116
	movl	$0, 12(%rsp)
.LBB89:
.LBB84:
.LBB79:
.LBB74:
	.loc 1 61 3 view .LVU117
	movq	%r9, %r11
.LVL32:
	.loc 1 61 3 view .LVU118
	leaq	keys(%rip), %r8
	leaq	vals(%rip), %r12
	leaq	800000(%rax), %r14
	movq	%r12, %r15
	movq	%r8, %r13
.LBE74:
.LBE79:
.LBE84:
.LBE89:
.LBB90:
	.loc 1 111 24 view .LVU119
	movabsq	$4835703278458516699, %rcx
.LBE90:
.LBB95:
.LBB85:
.LBB80:
.LBB75:
	.loc 1 61 3 view .LVU120
	leaq	.L40(%rip), %rbp
	movq	%rdi, %r12
	movq	%r14, %r8
.LVL33:
.L31:
	.loc 1 61 3 view .LVU121
.LBE75:
.LBE80:
.LBE85:
.LBE95:
.LBB96:
	.loc 1 110 21 is_stmt 1 view .LVU122
	movq	(%rsp), %rsi
	movq	%rsi, 24(%rsp)
.LVL34:
	.p2align 4,,10
	.p2align 3
.L33:
	.loc 1 111 4 view .LVU123
.LBB91:
.LBI91:
	.loc 1 12 27 view .LVU124
.LBB92:
	.loc 1 14 2 view .LVU125
	.loc 1 14 13 is_stmt 0 view .LVU126
	movq	%rbx, %rdx
.LBE92:
.LBE91:
	.loc 1 110 21 view .LVU127
	addq	$4, %rsi
.LVL35:
.LBB94:
.LBB93:
	.loc 1 14 13 view .LVU128
	salq	$13, %rdx
	.loc 1 14 6 view .LVU129
	xorq	%rbx, %rdx
	.loc 1 15 2 is_stmt 1 view .LVU130
	.loc 1 15 13 is_stmt 0 view .LVU131
	movq	%rdx, %rax
	shrq	$7, %rax
	.loc 1 15 6 view .LVU132
	xorq	%rdx, %rax
	.loc 1 16 2 is_stmt 1 view .LVU133
	.loc 1 16 13 is_stmt 0 view .LVU134
	movq	%rax, %rbx
	salq	$17, %rbx
	.loc 1 16 6 view .LVU135
	xorq	%rax, %rbx
	.loc 1 17 2 is_stmt 1 view .LVU136
.LBE93:
.LBE94:
	.loc 1 111 24 is_stmt 0 view .LVU137
	movq	%rbx, %rax
	mulq	%rcx
	movq	%rbx, %rax
	shrq	$18, %rdx
	imulq	$1000000, %rdx, %rdx
	subq	%rdx, %rax
	.loc 1 111 11 view .LVU138
	movl	%eax, -4(%rsi)
	.loc 1 110 27 is_stmt 1 view .LVU139
.LVL36:
	.loc 1 110 21 view .LVU140
	cmpq	%r8, %rsi
	jne	.L33
.LBE96:
	.loc 1 112 3 is_stmt 0 view .LVU141
	movq	(%rsp), %r14
	xorl	%esi, %esi
	movl	$199999, %edx
	movq	%r8, 32(%rsp)
	.loc 1 112 3 is_stmt 1 view .LVU142
	movq	%r14, %rdi
	call	quicksort
.LVL37:
	.loc 1 113 3 view .LVU143
	.loc 1 113 10 is_stmt 0 view .LVU144
	movl	400000(%r14), %r14d
.LBB97:
	.loc 1 115 27 view .LVU145
	movq	32(%rsp), %r8
	.loc 1 114 12 view .LVU146
	xorl	%esi, %esi
	.loc 1 115 27 view .LVU147
	movabsq	$1511157274518286469, %rdi
.LBE97:
	.loc 1 113 7 view .LVU148
	addq	%r11, %r14
.LVL38:
	.loc 1 114 3 is_stmt 1 view .LVU149
.LBB104:
	.loc 1 114 8 view .LVU150
	.loc 1 114 21 view .LVU151
	.p2align 4,,10
	.p2align 3
.L37:
	.loc 1 115 4 discriminator 3 view .LVU152
.LBB98:
.LBI98:
	.loc 1 12 27 discriminator 3 view .LVU153
.LBB99:
	.loc 1 14 2 discriminator 3 view .LVU154
	.loc 1 14 13 is_stmt 0 discriminator 3 view .LVU155
	movq	%rbx, %rdx
	salq	$13, %rdx
	.loc 1 14 6 discriminator 3 view .LVU156
	xorq	%rbx, %rdx
	.loc 1 15 2 is_stmt 1 discriminator 3 view .LVU157
	.loc 1 15 13 is_stmt 0 discriminator 3 view .LVU158
	movq	%rdx, %rax
	shrq	$7, %rax
	.loc 1 15 6 discriminator 3 view .LVU159
	xorq	%rdx, %rax
	.loc 1 16 2 is_stmt 1 discriminator 3 view .LVU160
	.loc 1 16 13 is_stmt 0 discriminator 3 view .LVU161
	movq	%rax, %rbx
	salq	$17, %rbx
	.loc 1 16 6 discriminator 3 view .LVU162
	xorq	%rax, %rbx
	.loc 1 17 2 is_stmt 1 discriminator 3 view .LVU163
.LBE99:
.LBE98:
	.loc 1 115 27 is_stmt 0 discriminator 3 view .LVU164
	movq	%rbx, %rdx
	movq	%rbx, %r11
	shrq	$4, %rdx
	movq	%rdx, %rax
	mulq	%rdi
	shrq	$8, %rdx
	imulq	$50000, %rdx, %rdx
	subq	%rdx, %r11
	.loc 1 115 4 discriminator 3 view .LVU165
	addl	$1, %r11d
.LVL39:
.LBB100:
.LBI100:
	.loc 1 48 13 is_stmt 1 discriminator 3 view .LVU166
.LBB101:
	.loc 1 50 2 discriminator 3 view .LVU167
	.loc 1 50 18 is_stmt 0 discriminator 3 view .LVU168
	imull	$-1640531535, %r11d, %eax
	.loc 1 50 11 discriminator 3 view .LVU169
	shrl	$16, %eax
.LVL40:
	.loc 1 51 2 is_stmt 1 discriminator 3 view .LVU170
	.loc 1 51 22 discriminator 3 view .LVU171
	.loc 1 51 13 is_stmt 0 discriminator 3 view .LVU172
	movl	%eax, %r9d
	movl	0(%r13,%r9,4), %edx
	.loc 1 51 22 discriminator 3 view .LVU173
	cmpl	%edx, %r11d
	jne	.L80
	jmp	.L34
.LVL41:
	.p2align 4,,10
	.p2align 3
.L81:
	.loc 1 52 3 is_stmt 1 view .LVU174
	.loc 1 52 10 is_stmt 0 view .LVU175
	addl	$1, %eax
.LVL42:
	.loc 1 52 5 view .LVU176
	movzwl	%ax, %r9d
	.loc 1 51 13 view .LVU177
	movl	0(%r13,%r9,4), %edx
	.loc 1 52 5 view .LVU178
	movq	%r9, %rax
.LVL43:
	.loc 1 51 22 is_stmt 1 view .LVU179
	cmpl	%edx, %r11d
	je	.L34
.LVL44:
.L80:
	.loc 1 51 22 is_stmt 0 discriminator 3 view .LVU180
	testl	%edx, %edx
	jne	.L81
.L34:
	.loc 1 53 2 is_stmt 1 view .LVU181
	.loc 1 54 10 is_stmt 0 view .LVU182
	addl	%esi, (%r15,%r9,4)
.LBE101:
.LBE100:
	.loc 1 114 32 view .LVU183
	addl	$1, %esi
.LVL45:
.LBB103:
.LBB102:
	.loc 1 53 10 view .LVU184
	movl	%r11d, 0(%r13,%r9,4)
	.loc 1 54 2 is_stmt 1 view .LVU185
.LVL46:
	.loc 1 54 2 is_stmt 0 view .LVU186
.LBE102:
.LBE103:
	.loc 1 114 32 is_stmt 1 view .LVU187
	.loc 1 114 21 view .LVU188
	cmpl	$100000, %esi
	jne	.L37
	movq	%rbx, rng(%rip)
	xorl	%edi, %edi
.LVL47:
	.p2align 4,,10
	.p2align 3
.L50:
	.loc 1 114 21 is_stmt 0 view .LVU189
.LBE104:
.LBB105:
	.loc 1 117 4 is_stmt 1 discriminator 3 view .LVU190
	.loc 1 117 31 is_stmt 0 discriminator 3 view .LVU191
	movq	%rdi, %rdx
.LVL48:
.LBB86:
.LBI71:
	.loc 1 57 13 is_stmt 1 discriminator 3 view .LVU192
.LBB81:
.LBB76:
	.loc 1 60 22 discriminator 3 view .LVU193
.LBE76:
.LBE81:
.LBE86:
	.loc 1 117 31 is_stmt 0 discriminator 3 view .LVU194
	movq	%r10, %rax
.LBB87:
.LBB82:
	.loc 1 59 16 discriminator 3 view .LVU195
	xorl	%esi, %esi
	movq	%rdi, %r9
.LVL49:
	.p2align 4,,10
	.p2align 3
.L49:
.LBB77:
	.loc 1 61 3 is_stmt 1 view .LVU196
	movzbl	(%rax), %edi
	andl	$7, %edi
	cmpb	$6, %dil
	ja	.L38
	.loc 1 61 3 is_stmt 0 view .LVU197
	movzbl	%dil, %edi
	movslq	0(%rbp,%rdi,4), %rdi
	addq	%rbp, %rdi
	jmp	*%rdi
	.section	.rodata
	.align 4
	.align 4
.L40:
	.long	.L46-.L40
	.long	.L45-.L40
	.long	.L44-.L40
	.long	.L43-.L40
	.long	.L42-.L40
	.long	.L41-.L40
	.long	.L39-.L40
	.section	.text.startup
	.p2align 4,,10
	.p2align 3
.L41:
	.loc 1 67 11 is_stmt 1 view .LVU198
	.loc 1 67 15 is_stmt 0 view .LVU199
	subq	%rsi, %rdx
.LVL50:
	.loc 1 67 21 is_stmt 1 view .LVU200
	.p2align 4,,10
	.p2align 3
.L47:
	.loc 1 60 29 view .LVU201
	.loc 1 60 22 view .LVU202
	addq	$1, %rax
.LVL51:
	.loc 1 60 22 is_stmt 0 view .LVU203
	cmpq	%rax, %r12
	jne	.L49
	.loc 1 60 22 view .LVU204
.LBE77:
	.loc 1 72 13 view .LVU205
	movq	%r9, %rdi
	.loc 1 72 2 is_stmt 1 view .LVU206
.LVL52:
	.loc 1 72 13 is_stmt 0 view .LVU207
	addq	%rsi, %rdx
.LBE82:
.LBE87:
	.loc 1 116 21 view .LVU208
	addq	$1, %rdi
	.loc 1 117 8 view .LVU209
	addq	%rdx, %r14
.LVL53:
	.loc 1 116 30 is_stmt 1 view .LVU210
	.loc 1 116 21 view .LVU211
	cmpq	$2000, %rdi
	jne	.L50
.LBE105:
.LBB106:
.LBB107:
	.loc 1 78 2 is_stmt 0 discriminator 2 view .LVU212
	movq	16(%rsp), %rdi
	movl	$2000000, %edx
	movl	$1, %esi
	movq	%r10, 40(%rsp)
	movq	%r8, 32(%rsp)
.LBE107:
.LBE106:
	.loc 1 118 3 is_stmt 1 discriminator 2 view .LVU213
.LVL54:
.LBB113:
.LBI106:
	.loc 1 75 12 discriminator 2 view .LVU214
.LBB112:
	.loc 1 77 2 discriminator 2 view .LVU215
	.loc 1 78 2 discriminator 2 view .LVU216
	call	memset@PLT
.LVL55:
	.loc 1 79 2 discriminator 2 view .LVU217
.LBB108:
	.loc 1 79 7 discriminator 2 view .LVU218
	.loc 1 79 20 discriminator 2 view .LVU219
.LBE108:
	.loc 1 77 6 is_stmt 0 discriminator 2 view .LVU220
	movq	16(%rsp), %r9
	movq	40(%rsp), %r10
	xorl	%esi, %esi
	movq	32(%rsp), %r8
	.loc 1 78 2 discriminator 2 view .LVU221
	movl	$2, %edx
	.loc 1 77 6 discriminator 2 view .LVU222
	movabsq	$4835703278458516699, %rcx
	jmp	.L54
.LVL56:
.L51:
.LBB111:
	.loc 1 79 26 is_stmt 1 view .LVU223
	.loc 1 79 20 view .LVU224
	addq	$1, %rdx
.LVL57:
	.loc 1 79 20 is_stmt 0 view .LVU225
	cmpq	$2000000, %rdx
	je	.L82
.LVL58:
.L54:
	.loc 1 80 3 is_stmt 1 view .LVU226
	.loc 1 80 6 is_stmt 0 view .LVU227
	cmpb	$0, (%r9,%rdx)
	je	.L51
	.loc 1 82 3 is_stmt 1 view .LVU228
.LBB109:
	.loc 1 83 13 is_stmt 0 view .LVU229
	movq	%rdx, %rax
.LBE109:
	.loc 1 82 8 view .LVU230
	addl	$1, %esi
.LVL59:
	.loc 1 83 3 is_stmt 1 view .LVU231
.LBB110:
	.loc 1 83 8 view .LVU232
	.loc 1 83 13 is_stmt 0 view .LVU233
	imulq	%rdx, %rax
.LVL60:
	.loc 1 83 32 is_stmt 1 view .LVU234
	cmpq	$1999999, %rax
	jg	.L51
	.p2align 4,,10
	.p2align 3
.L53:
	.loc 1 84 4 view .LVU235
	.loc 1 84 9 is_stmt 0 view .LVU236
	movb	$0, (%r9,%rax)
	.loc 1 83 39 is_stmt 1 view .LVU237
	addq	%rdx, %rax
.LVL61:
	.loc 1 83 32 view .LVU238
	cmpq	$1999999, %rax
	jle	.L53
	.loc 1 83 32 is_stmt 0 view .LVU239
.LBE110:
	.loc 1 79 26 is_stmt 1 view .LVU240
.LVL62:
	.loc 1 79 20 view .LVU241
	addq	$1, %rdx
.LVL63:
	.loc 1 79 20 is_stmt 0 view .LVU242
	cmpq	$2000000, %rdx
	jne	.L54
.LVL64:
.L82:
	.loc 1 79 20 view .LVU243
.LBE111:
	.loc 1 86 2 is_stmt 1 view .LVU244
	.loc 1 86 2 is_stmt 0 view .LVU245
.LBE112:
.LBE113:
	.loc 1 118 10 view .LVU246
	movslq	%esi, %rsi
.LVL65:
	.loc 1 119 3 is_stmt 1 view .LVU247
.LBB114:
.LBI114:
	.loc 1 89 17 view .LVU248
.LBB115:
	.loc 1 91 2 view .LVU249
	.loc 1 92 2 view .LVU250
.LBB116:
	.loc 1 92 7 view .LVU251
	.loc 1 92 23 view .LVU252
	.loc 1 93 5 is_stmt 0 view .LVU253
	movq	24(%rsp), %r9
.LBE116:
	.loc 1 91 18 view .LVU254
	xorl	%eax, %eax
	.loc 1 91 11 view .LVU255
	movl	$1, %edx
.LBB117:
	.loc 1 93 5 view .LVU256
	movq	%rsi, 32(%rsp)
	movl	$2147975281, %edi
.LVL66:
.L55:
	.loc 1 93 3 is_stmt 1 view .LVU257
	.loc 1 93 13 is_stmt 0 view .LVU258
	movzbl	(%r9), %esi
	.loc 1 92 23 view .LVU259
	addq	$1, %r9
.LVL67:
	.loc 1 93 10 view .LVU260
	addl	%esi, %edx
.LVL68:
	.loc 1 93 10 view .LVU261
	movq	%rdx, %rsi
	.loc 1 93 5 view .LVU262
	imulq	%rdi, %rdx
	shrq	$47, %rdx
	imull	$65521, %edx, %r11d
	subl	%r11d, %esi
	.loc 1 94 10 view .LVU263
	addl	%esi, %eax
.LVL69:
	.loc 1 93 5 view .LVU264
	movl	%esi, %edx
.LVL70:
	.loc 1 94 3 is_stmt 1 view .LVU265
	.loc 1 94 10 is_stmt 0 view .LVU266
	movl	%eax, %eax
	movq	%rax, %rsi
	.loc 1 94 5 view .LVU267
	imulq	%rdi, %rax
	shrq	$47, %rax
	imull	$65521, %eax, %r11d
	movl	%esi, %eax
	subl	%r11d, %eax
.LVL71:
	.loc 1 92 29 is_stmt 1 view .LVU268
	.loc 1 92 23 view .LVU269
	cmpq	%r9, %r8
	jne	.L55
.LBE117:
	.loc 1 96 12 is_stmt 0 view .LVU270
	sall	$16, %eax
.LVL72:
	.loc 1 96 12 view .LVU271
	movq	32(%rsp), %rsi
.LVL73:
	.loc 1 96 2 is_stmt 1 view .LVU272
	.loc 1 96 2 is_stmt 0 view .LVU273
.LBE115:
.LBE114:
	.loc 1 109 42 view .LVU274
	addl	$1, 12(%rsp)
.LVL74:
.LBB119:
.LBB118:
	.loc 1 96 12 view .LVU275
	movl	%eax, %r11d
.LBE118:
.LBE119:
	.loc 1 109 42 view .LVU276
	movl	12(%rsp), %eax
	.loc 1 119 10 view .LVU277
	orl	%edx, %r11d
	addq	%r14, %r11
	.loc 1 119 7 view .LVU278
	addq	%rsi, %r11
.LVL75:
	.loc 1 109 42 is_stmt 1 view .LVU279
	.loc 1 109 28 view .LVU280
	cmpl	%eax, 8(%rsp)
	jne	.L31
	movq	%r11, %r9
	movq	%r15, %r12
	movq	%r13, %r8
.LVL76:
.L32:
	.loc 1 109 28 is_stmt 0 view .LVU281
.LBE122:
.LBB123:
	.loc 1 121 20 is_stmt 1 view .LVU282
.LBE123:
	.loc 1 102 21 is_stmt 0 view .LVU283
	xorl	%eax, %eax
	pxor	%xmm1, %xmm1
.LBB124:
	.loc 1 122 18 view .LVU284
	pxor	%xmm2, %xmm2
.LVL77:
.L56:
	.loc 1 122 3 is_stmt 1 discriminator 3 view .LVU285
	.loc 1 122 18 is_stmt 0 discriminator 3 view .LVU286
	movdqa	(%r8,%rax), %xmm0
	pxor	(%r12,%rax), %xmm0
	addq	$16, %rax
	movdqa	%xmm0, %xmm3
	punpckldq	%xmm2, %xmm0
	punpckhdq	%xmm2, %xmm3
	.loc 1 122 7 discriminator 3 view .LVU287
	paddq	%xmm3, %xmm0
	paddq	%xmm0, %xmm1
.LVL78:
	.loc 1 121 37 is_stmt 1 discriminator 3 view .LVU288
	.loc 1 121 20 discriminator 3 view .LVU289
	cmpq	$262144, %rax
	jne	.L56
.LBE124:
	.loc 1 123 2 view .LVU290
	movdqa	%xmm1, %xmm0
	leaq	.LC0(%rip), %rdi
	xorl	%eax, %eax
	psrldq	$8, %xmm0
	paddq	%xmm0, %xmm1
	movq	%xmm1, %rsi
	addq	%r9, %rsi
	call	printf@PLT
.LVL79:
	.loc 1 124 2 view .LVU291
	.loc 1 125 1 is_stmt 0 view .LVU292
	addq	$312, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 56
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%rbp
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	ret
.LVL80:
	.p2align 4,,10
	.p2align 3
.L42:
	.cfi_restore_state
.LBB125:
.LBB120:
.LBB88:
.LBB83:
.LBB78:
	.loc 1 66 11 is_stmt 1 view .LVU293
	.loc 1 66 28 is_stmt 0 view .LVU294
	movq	%rdx, %rdi
	sarq	%rdi
	movq	%rdi, %rcx
	leaq	7(%rdx), %rdi
	andl	$1, %edx
.LVL81:
	.loc 1 66 28 view .LVU295
	movq	%rcx, %rdx
	cmove	%rdi, %rdx
	jmp	.L47
.LVL82:
	.p2align 4,,10
	.p2align 3
.L46:
	.loc 1 62 11 is_stmt 1 view .LVU296
	.loc 1 62 15 is_stmt 0 view .LVU297
	addq	$3, %rdx
.LVL83:
	.loc 1 62 21 is_stmt 1 view .LVU298
	jmp	.L47
	.p2align 4,,10
	.p2align 3
.L39:
	.loc 1 68 11 view .LVU299
	.loc 1 68 13 is_stmt 0 view .LVU300
	xorq	%rdx, %rsi
.LVL84:
	.loc 1 68 21 is_stmt 1 view .LVU301
	jmp	.L47
	.p2align 4,,10
	.p2align 3
.L44:
	.loc 1 64 11 view .LVU302
	.loc 1 64 15 is_stmt 0 view .LVU303
	leaq	(%rdx,%rdx,4), %rdx
.LVL85:
	.loc 1 64 21 is_stmt 1 view .LVU304
	jmp	.L47
	.p2align 4,,10
	.p2align 3
.L45:
	.loc 1 63 11 view .LVU305
	.loc 1 63 22 is_stmt 0 view .LVU306
	movq	%rdx, %rdi
	sarq	$3, %rdi
	.loc 1 63 15 view .LVU307
	xorq	%rdi, %rdx
.LVL86:
	.loc 1 63 28 is_stmt 1 view .LVU308
	jmp	.L47
	.p2align 4,,10
	.p2align 3
.L43:
	.loc 1 65 11 view .LVU309
	.loc 1 65 20 is_stmt 0 view .LVU310
	movzbl	%dl, %edi
	.loc 1 65 13 view .LVU311
	addq	%rdi, %rsi
.LVL87:
	.loc 1 65 27 is_stmt 1 view .LVU312
	jmp	.L47
.L38:
	.loc 1 69 12 view .LVU313
	.loc 1 69 16 is_stmt 0 view .LVU314
	rolq	%rdx
.LVL88:
	.loc 1 69 42 is_stmt 1 view .LVU315
	jmp	.L47
.LBE78:
.LBE83:
.LBE88:
.LBE120:
.LBE125:
	.cfi_endproc
.LFE28:
	.size	main, .-main
	.local	vals
	.comm	vals,262144,32
	.local	keys
	.comm	keys,262144,32
	.data
	.align 8
	.type	rng, @object
	.size	rng, 8
rng:
	.quad	88172645463325252
	.text
.Letext0:
	.file 3 "/usr/include/string.h"
	.file 4 "/usr/include/stdio.h"
	.file 5 "/usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h"
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x7b1
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x1d
	.long	.LASF28
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.long	.LLRL56
	.quad	0
	.long	.Ldebug_line0
	.uleb128 0x1e
	.long	.LASF29
	.byte	0x5
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
	.uleb128 0x1f
	.byte	0x8
	.uleb128 0x3
	.byte	0x1
	.byte	0x8
	.long	.LASF4
	.uleb128 0x13
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
	.uleb128 0x20
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x3
	.byte	0x8
	.byte	0x5
	.long	.LASF8
	.uleb128 0xa
	.long	0x7a
	.uleb128 0x3
	.byte	0x1
	.byte	0x6
	.long	.LASF9
	.uleb128 0x13
	.long	0x7a
	.uleb128 0x3
	.byte	0x8
	.byte	0x5
	.long	.LASF10
	.uleb128 0x3
	.byte	0x8
	.byte	0x7
	.long	.LASF11
	.uleb128 0xa
	.long	0x81
	.uleb128 0x14
	.long	0x94
	.uleb128 0x21
	.string	"rng"
	.byte	0x1
	.byte	0xa
	.byte	0x1b
	.long	0x8d
	.uleb128 0x9
	.byte	0x3
	.quad	rng
	.uleb128 0x15
	.long	0x3d
	.long	0xc5
	.uleb128 0x22
	.long	0x36
	.value	0xffff
	.byte	0
	.uleb128 0xe
	.long	.LASF12
	.byte	0x2e
	.byte	0x11
	.long	0xb4
	.uleb128 0x9
	.byte	0x3
	.quad	keys
	.uleb128 0xe
	.long	.LASF13
	.byte	0x2e
	.byte	0x23
	.long	0xb4
	.uleb128 0x9
	.byte	0x3
	.quad	vals
	.uleb128 0x16
	.long	.LASF14
	.byte	0x3
	.byte	0x3d
	.byte	0xe
	.long	0x44
	.long	0x10f
	.uleb128 0x7
	.long	0x44
	.uleb128 0x7
	.long	0x67
	.uleb128 0x7
	.long	0x2a
	.byte	0
	.uleb128 0x16
	.long	.LASF15
	.byte	0x2
	.byte	0xb1
	.byte	0x11
	.long	0x6e
	.long	0x12f
	.uleb128 0x7
	.long	0x99
	.uleb128 0x7
	.long	0x134
	.uleb128 0x7
	.long	0x67
	.byte	0
	.uleb128 0xa
	.long	0x75
	.uleb128 0x14
	.long	0x12f
	.uleb128 0x17
	.long	.LASF16
	.byte	0x4
	.value	0x164
	.byte	0xc
	.long	0x67
	.long	0x151
	.uleb128 0x7
	.long	0x94
	.uleb128 0x23
	.byte	0
	.uleb128 0x17
	.long	.LASF17
	.byte	0x2
	.value	0x229
	.byte	0xe
	.long	0x44
	.long	0x168
	.uleb128 0x7
	.long	0x2a
	.byte	0
	.uleb128 0x24
	.long	.LASF30
	.byte	0x1
	.byte	0x63
	.byte	0x5
	.long	0x67
	.quad	.LFB28
	.quad	.LFE28-.LFB28
	.uleb128 0x1
	.byte	0x9c
	.long	0x58e
	.uleb128 0x18
	.long	.LASF18
	.byte	0x63
	.byte	0xe
	.long	0x67
	.long	.LLST9
	.long	.LVUS9
	.uleb128 0x18
	.long	.LASF19
	.byte	0x63
	.byte	0x1b
	.long	0x12f
	.long	.LLST10
	.long	.LVUS10
	.uleb128 0x19
	.long	.LASF20
	.byte	0x65
	.byte	0x6
	.long	0x67
	.long	.LLST11
	.long	.LVUS11
	.uleb128 0x2
	.string	"sum"
	.byte	0x66
	.byte	0x15
	.long	0x8d
	.long	.LLST12
	.long	.LVUS12
	.uleb128 0x25
	.string	"n"
	.byte	0x1
	.byte	0x67
	.byte	0x6
	.long	0x67
	.long	0x30d40
	.uleb128 0x2
	.string	"a"
	.byte	0x68
	.byte	0x7
	.long	0x58e
	.long	.LLST13
	.long	.LVUS13
	.uleb128 0x2
	.string	"s"
	.byte	0x69
	.byte	0x8
	.long	0x75
	.long	.LLST14
	.long	.LVUS14
	.uleb128 0xe
	.long	.LASF21
	.byte	0x6a
	.byte	0x10
	.long	0x593
	.uleb128 0x3
	.byte	0x91
	.sleb128 -320
	.uleb128 0x26
	.quad	.LBB64
	.quad	.LBE64-.LBB64
	.long	0x250
	.uleb128 0x2
	.string	"i"
	.byte	0x6b
	.byte	0xb
	.long	0x67
	.long	.LLST16
	.long	.LVUS16
	.uleb128 0x1a
	.long	0x78b
	.quad	.LBI65
	.byte	.LVU94
	.long	.LLRL17
	.byte	0x6c
	.byte	0x1c
	.byte	0
	.uleb128 0x9
	.long	.LLRL18
	.long	0x4d2
	.uleb128 0x19
	.long	.LASF22
	.byte	0x6d
	.byte	0xb
	.long	0x67
	.long	.LLST19
	.long	.LVUS19
	.uleb128 0x9
	.long	.LLRL30
	.long	0x29b
	.uleb128 0x2
	.string	"i"
	.byte	0x6e
	.byte	0xc
	.long	0x67
	.long	.LLST31
	.long	.LVUS31
	.uleb128 0x1a
	.long	0x78b
	.quad	.LBI91
	.byte	.LVU124
	.long	.LLRL32
	.byte	0x6f
	.byte	0x11
	.byte	0
	.uleb128 0x9
	.long	.LLRL33
	.long	0x319
	.uleb128 0x2
	.string	"i"
	.byte	0x72
	.byte	0xc
	.long	0x67
	.long	.LLST34
	.long	.LVUS34
	.uleb128 0x27
	.long	0x78b
	.quad	.LBI98
	.byte	.LVU153
	.quad	.LBB98
	.quad	.LBE98-.LBB98
	.byte	0x1
	.byte	0x73
	.byte	0x14
	.uleb128 0x1b
	.long	0x679
	.quad	.LBI100
	.byte	.LVU166
	.long	.LLRL35
	.byte	0x73
	.byte	0x4
	.uleb128 0x4
	.long	0x68f
	.long	.LLST36
	.long	.LVUS36
	.uleb128 0x4
	.long	0x686
	.long	.LLST37
	.long	.LVUS37
	.uleb128 0xb
	.long	.LLRL35
	.uleb128 0x5
	.long	0x698
	.long	.LLST38
	.long	.LVUS38
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x9
	.long	.LLRL20
	.long	0x3a7
	.uleb128 0x2
	.string	"i"
	.byte	0x74
	.byte	0xc
	.long	0x67
	.long	.LLST21
	.long	.LVUS21
	.uleb128 0x1b
	.long	0x62b
	.quad	.LBI71
	.byte	.LVU192
	.long	.LLRL22
	.byte	0x75
	.byte	0x1f
	.uleb128 0x4
	.long	0x646
	.long	.LLST23
	.long	.LVUS23
	.uleb128 0x4
	.long	0x64f
	.long	.LLST24
	.long	.LVUS24
	.uleb128 0x4
	.long	0x63a
	.long	.LLST25
	.long	.LVUS25
	.uleb128 0xb
	.long	.LLRL22
	.uleb128 0x5
	.long	0x658
	.long	.LLST26
	.long	.LVUS26
	.uleb128 0x5
	.long	0x663
	.long	.LLST27
	.long	.LVUS27
	.uleb128 0xf
	.long	0x66c
	.long	.LLRL28
	.uleb128 0x5
	.long	0x66d
	.long	.LLST29
	.long	.LVUS29
	.byte	0
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x1c
	.long	0x5e7
	.quad	.LBI106
	.byte	.LVU214
	.long	.LLRL39
	.byte	0x76
	.byte	0x14
	.long	0x443
	.uleb128 0x4
	.long	0x5ff
	.long	.LLST40
	.long	.LVUS40
	.uleb128 0x4
	.long	0x5f6
	.long	.LLST41
	.long	.LVUS41
	.uleb128 0xb
	.long	.LLRL39
	.uleb128 0x5
	.long	0x608
	.long	.LLST42
	.long	.LVUS42
	.uleb128 0x28
	.long	0x614
	.long	.LLRL43
	.long	0x41d
	.uleb128 0x5
	.long	0x615
	.long	.LLST44
	.long	.LVUS44
	.uleb128 0xf
	.long	0x61e
	.long	.LLRL45
	.uleb128 0x5
	.long	0x61f
	.long	.LLST46
	.long	.LVUS46
	.byte	0
	.byte	0
	.uleb128 0xc
	.quad	.LVL55
	.long	0xef
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x4
	.byte	0x91
	.sleb128 -352
	.byte	0x6
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x31
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x5
	.byte	0xc
	.long	0x1e8480
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x1c
	.long	0x5a3
	.quad	.LBI114
	.byte	.LVU248
	.long	.LLRL47
	.byte	0x77
	.byte	0xa
	.long	0x4ad
	.uleb128 0x4
	.long	0x5bb
	.long	.LLST48
	.long	.LVUS48
	.uleb128 0x4
	.long	0x5b2
	.long	.LLST49
	.long	.LVUS49
	.uleb128 0xb
	.long	.LLRL47
	.uleb128 0x5
	.long	0x5c4
	.long	.LLST50
	.long	.LVUS50
	.uleb128 0x5
	.long	0x5cd
	.long	.LLST51
	.long	.LVUS51
	.uleb128 0xf
	.long	0x5d6
	.long	.LLRL52
	.uleb128 0x5
	.long	0x5d7
	.long	.LLST53
	.long	.LVUS53
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0xc
	.quad	.LVL37
	.long	0x6a2
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x4
	.byte	0x91
	.sleb128 -368
	.byte	0x6
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x5
	.byte	0xc
	.long	0x30d3f
	.byte	0
	.byte	0
	.uleb128 0x9
	.long	.LLRL54
	.long	0x4ed
	.uleb128 0x2
	.string	"i"
	.byte	0x79
	.byte	0xb
	.long	0x67
	.long	.LLST55
	.long	.LVUS55
	.byte	0
	.uleb128 0x29
	.long	0x798
	.quad	.LBI62
	.byte	.LVU73
	.quad	.LBB62
	.quad	.LBE62-.LBB62
	.byte	0x1
	.byte	0x65
	.byte	0x19
	.long	0x53c
	.uleb128 0x4
	.long	0x7a6
	.long	.LLST15
	.long	.LVUS15
	.uleb128 0xc
	.quad	.LVL22
	.long	0x10f
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x5
	.byte	0x91
	.sleb128 -360
	.byte	0x94
	.byte	0x4
	.byte	0
	.byte	0
	.uleb128 0x10
	.quad	.LVL24
	.long	0x151
	.long	0x557
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x5
	.byte	0xc
	.long	0xc3500
	.byte	0
	.uleb128 0x10
	.quad	.LVL26
	.long	0x151
	.long	0x572
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x5
	.byte	0xc
	.long	0x1e8480
	.byte	0
	.uleb128 0xc
	.quad	.LVL79
	.long	0x139
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x9
	.byte	0x3
	.quad	.LC0
	.byte	0
	.byte	0
	.uleb128 0xa
	.long	0x67
	.uleb128 0x15
	.long	0x46
	.long	0x5a3
	.uleb128 0x2a
	.long	0x36
	.byte	0xff
	.byte	0
	.uleb128 0x11
	.long	.LASF23
	.byte	0x59
	.byte	0x11
	.long	0x3d
	.long	0x5e2
	.uleb128 0x8
	.string	"p"
	.byte	0x59
	.byte	0x2c
	.long	0x5e2
	.uleb128 0x8
	.string	"n"
	.byte	0x59
	.byte	0x36
	.long	0x2a
	.uleb128 0x6
	.string	"a"
	.byte	0x5b
	.byte	0xb
	.long	0x3d
	.uleb128 0x6
	.string	"b"
	.byte	0x5b
	.byte	0x12
	.long	0x3d
	.uleb128 0xd
	.uleb128 0x6
	.string	"i"
	.byte	0x5c
	.byte	0xe
	.long	0x2a
	.byte	0
	.byte	0
	.uleb128 0xa
	.long	0x4d
	.uleb128 0x11
	.long	.LASF24
	.byte	0x4b
	.byte	0xc
	.long	0x67
	.long	0x62b
	.uleb128 0x8
	.string	"s"
	.byte	0x4b
	.byte	0x18
	.long	0x75
	.uleb128 0x8
	.string	"n"
	.byte	0x4b
	.byte	0x1f
	.long	0x67
	.uleb128 0x2b
	.long	.LASF25
	.byte	0x1
	.byte	0x4d
	.byte	0x6
	.long	0x67
	.uleb128 0xd
	.uleb128 0x6
	.string	"i"
	.byte	0x4f
	.byte	0xb
	.long	0x67
	.uleb128 0xd
	.uleb128 0x6
	.string	"j"
	.byte	0x53
	.byte	0xd
	.long	0x6e
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x11
	.long	.LASF26
	.byte	0x39
	.byte	0xd
	.long	0x6e
	.long	0x679
	.uleb128 0x2c
	.long	.LASF21
	.byte	0x1
	.byte	0x39
	.byte	0x29
	.long	0x5e2
	.uleb128 0x8
	.string	"n"
	.byte	0x39
	.byte	0x33
	.long	0x67
	.uleb128 0x8
	.string	"x"
	.byte	0x39
	.byte	0x3b
	.long	0x6e
	.uleb128 0x6
	.string	"acc"
	.byte	0x3b
	.byte	0x7
	.long	0x6e
	.uleb128 0x6
	.string	"r"
	.byte	0x3b
	.byte	0x10
	.long	0x6e
	.uleb128 0xd
	.uleb128 0x6
	.string	"pc"
	.byte	0x3c
	.byte	0xb
	.long	0x67
	.byte	0
	.byte	0
	.uleb128 0x2d
	.long	.LASF31
	.byte	0x1
	.byte	0x30
	.byte	0xd
	.byte	0x1
	.long	0x6a2
	.uleb128 0x8
	.string	"k"
	.byte	0x30
	.byte	0x1b
	.long	0x3d
	.uleb128 0x8
	.string	"v"
	.byte	0x30
	.byte	0x27
	.long	0x3d
	.uleb128 0x6
	.string	"h"
	.byte	0x32
	.byte	0xb
	.long	0x3d
	.byte	0
	.uleb128 0x2e
	.long	.LASF32
	.byte	0x1
	.byte	0x14
	.byte	0xd
	.quad	.LFB23
	.quad	.LFE23-.LFB23
	.uleb128 0x1
	.byte	0x9c
	.long	0x78b
	.uleb128 0x12
	.string	"a"
	.byte	0x1c
	.long	0x58e
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x12
	.string	"lo"
	.byte	0x23
	.long	0x67
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x12
	.string	"hi"
	.byte	0x2b
	.long	0x67
	.long	.LLST2
	.long	.LVUS2
	.uleb128 0xb
	.long	.LLRL3
	.uleb128 0x2
	.string	"p"
	.byte	0x17
	.byte	0x7
	.long	0x67
	.long	.LLST4
	.long	.LVUS4
	.uleb128 0x2
	.string	"i"
	.byte	0x17
	.byte	0x1d
	.long	0x67
	.long	.LLST5
	.long	.LVUS5
	.uleb128 0x2
	.string	"j"
	.byte	0x17
	.byte	0x25
	.long	0x67
	.long	.LLST6
	.long	.LVUS6
	.uleb128 0x9
	.long	.LLRL7
	.long	0x745
	.uleb128 0x2
	.string	"t"
	.byte	0x1e
	.byte	0x9
	.long	0x67
	.long	.LLST8
	.long	.LVUS8
	.byte	0
	.uleb128 0x10
	.quad	.LVL9
	.long	0x6a2
	.long	0x769
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7e
	.sleb128 0
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x2
	.byte	0x7d
	.sleb128 0
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x2
	.byte	0x73
	.sleb128 0
	.byte	0
	.uleb128 0xc
	.quad	.LVL15
	.long	0x6a2
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7e
	.sleb128 0
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x2
	.byte	0x76
	.sleb128 0
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x2
	.byte	0x7c
	.sleb128 0
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x2f
	.long	.LASF33
	.byte	0x1
	.byte	0xc
	.byte	0x1b
	.long	0x8d
	.byte	0x1
	.uleb128 0x30
	.long	.LASF34
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0x67
	.byte	0x3
	.uleb128 0x31
	.long	.LASF27
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0x94
	.byte	0
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
	.uleb128 0x49
	.byte	0
	.uleb128 0x2
	.uleb128 0x18
	.uleb128 0x7e
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x2
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
	.uleb128 0x5
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
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0x5
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x8
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
	.uleb128 0x9
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xa
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0xc
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xd
	.uleb128 0xb
	.byte	0x1
	.byte	0
	.byte	0
	.uleb128 0xe
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
	.uleb128 0xf
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x55
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x10
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
	.uleb128 0x11
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
	.uleb128 0xb
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
	.uleb128 0x12
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 20
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
	.uleb128 0x13
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x14
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x15
	.uleb128 0x1
	.byte	0x1
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x16
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
	.uleb128 0x18
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
	.uleb128 0x19
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
	.uleb128 0x1a
	.uleb128 0x1d
	.byte	0
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x52
	.uleb128 0x1
	.uleb128 0x2138
	.uleb128 0xb
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x58
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x59
	.uleb128 0xb
	.uleb128 0x57
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x1b
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
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x59
	.uleb128 0xb
	.uleb128 0x57
	.uleb128 0xb
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
	.uleb128 0x55
	.uleb128 0x17
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
	.uleb128 0x1e
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
	.uleb128 0x1f
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x20
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
	.uleb128 0x21
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
	.uleb128 0x22
	.uleb128 0x21
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2f
	.uleb128 0x5
	.byte	0
	.byte	0
	.uleb128 0x23
	.uleb128 0x18
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x24
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
	.uleb128 0x25
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
	.uleb128 0x1c
	.uleb128 0x6
	.byte	0
	.byte	0
	.uleb128 0x26
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
	.uleb128 0x27
	.uleb128 0x1d
	.byte	0
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
	.uleb128 0x28
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x29
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
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x2a
	.uleb128 0x21
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2f
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x2b
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
	.byte	0
	.byte	0
	.uleb128 0x2c
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
	.byte	0
	.byte	0
	.uleb128 0x2d
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
	.uleb128 0x20
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x2e
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
	.uleb128 0x2f
	.uleb128 0x2e
	.byte	0
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
	.uleb128 0x20
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x30
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
	.uleb128 0x31
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
.LVUS9:
	.uleb128 0
	.uleb128 .LVU76
	.uleb128 .LVU76
	.uleb128 0
.LLST9:
	.byte	0x6
	.quad	.LVL18
	.byte	0x4
	.uleb128 .LVL18-.LVL18
	.uleb128 .LVL20-.LVL18
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL20-.LVL18
	.uleb128 .LFE28-.LVL18
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS10:
	.uleb128 0
	.uleb128 .LVU77
	.uleb128 .LVU77
	.uleb128 0
.LLST10:
	.byte	0x6
	.quad	.LVL18
	.byte	0x4
	.uleb128 .LVL18-.LVL18
	.uleb128 .LVL21-.LVL18
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL21-.LVL18
	.uleb128 .LFE28-.LVL18
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0
.LVUS11:
	.uleb128 .LVU79
	.uleb128 0
.LLST11:
	.byte	0x8
	.quad	.LVL23
	.uleb128 .LFE28-.LVL23
	.uleb128 0x3
	.byte	0x91
	.sleb128 -360
	.byte	0
.LVUS12:
	.uleb128 .LVU81
	.uleb128 .LVU121
	.uleb128 .LVU121
	.uleb128 .LVU149
	.uleb128 .LVU149
	.uleb128 .LVU247
	.uleb128 .LVU247
	.uleb128 .LVU257
	.uleb128 .LVU257
	.uleb128 .LVU279
	.uleb128 .LVU279
	.uleb128 .LVU281
	.uleb128 .LVU281
	.uleb128 .LVU285
	.uleb128 .LVU293
	.uleb128 0
.LLST12:
	.byte	0x6
	.quad	.LVL23
	.byte	0x4
	.uleb128 .LVL23-.LVL23
	.uleb128 .LVL33-.LVL23
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL33-.LVL23
	.uleb128 .LVL38-.LVL23
	.uleb128 0x1
	.byte	0x5b
	.byte	0x4
	.uleb128 .LVL38-.LVL23
	.uleb128 .LVL65-.LVL23
	.uleb128 0x1
	.byte	0x5e
	.byte	0x4
	.uleb128 .LVL65-.LVL23
	.uleb128 .LVL66-.LVL23
	.uleb128 0x6
	.byte	0x74
	.sleb128 0
	.byte	0x7e
	.sleb128 0
	.byte	0x22
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL66-.LVL23
	.uleb128 .LVL75-.LVL23
	.uleb128 0x8
	.byte	0x91
	.sleb128 -336
	.byte	0x6
	.byte	0x7e
	.sleb128 0
	.byte	0x22
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL75-.LVL23
	.uleb128 .LVL76-.LVL23
	.uleb128 0x1
	.byte	0x5b
	.byte	0x4
	.uleb128 .LVL76-.LVL23
	.uleb128 .LVL77-.LVL23
	.uleb128 0x1
	.byte	0x59
	.byte	0x4
	.uleb128 .LVL80-.LVL23
	.uleb128 .LFE28-.LVL23
	.uleb128 0x1
	.byte	0x5e
	.byte	0
.LVUS13:
	.uleb128 .LVU86
	.uleb128 .LVU88
	.uleb128 .LVU88
	.uleb128 0
.LLST13:
	.byte	0x6
	.quad	.LVL25
	.byte	0x4
	.uleb128 .LVL25-.LVL25
	.uleb128 .LVL26-1-.LVL25
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL26-1-.LVL25
	.uleb128 .LFE28-.LVL25
	.uleb128 0x3
	.byte	0x91
	.sleb128 -368
	.byte	0
.LVUS14:
	.uleb128 .LVU89
	.uleb128 .LVU93
	.uleb128 .LVU93
	.uleb128 .LVU118
	.uleb128 .LVU118
	.uleb128 .LVU281
	.uleb128 .LVU293
	.uleb128 0
.LLST14:
	.byte	0x6
	.quad	.LVL27
	.byte	0x4
	.uleb128 .LVL27-.LVL27
	.uleb128 .LVL28-.LVL27
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL28-.LVL27
	.uleb128 .LVL32-.LVL27
	.uleb128 0x1
	.byte	0x5b
	.byte	0x4
	.uleb128 .LVL32-.LVL27
	.uleb128 .LVL76-.LVL27
	.uleb128 0x3
	.byte	0x91
	.sleb128 -352
	.byte	0x4
	.uleb128 .LVL80-.LVL27
	.uleb128 .LFE28-.LVL27
	.uleb128 0x3
	.byte	0x91
	.sleb128 -352
	.byte	0
.LVUS16:
	.uleb128 .LVU92
	.uleb128 .LVU93
	.uleb128 .LVU93
	.uleb128 .LVU98
.LLST16:
	.byte	0x6
	.quad	.LVL27
	.byte	0x4
	.uleb128 .LVL27-.LVL27
	.uleb128 .LVL28-.LVL27
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL28-.LVL27
	.uleb128 .LVL29-.LVL27
	.uleb128 0x9
	.byte	0x71
	.sleb128 0
	.byte	0x77
	.sleb128 0
	.byte	0x1c
	.byte	0x8
	.byte	0x30
	.byte	0x1c
	.byte	0x9f
	.byte	0
.LVUS19:
	.uleb128 .LVU111
	.uleb128 .LVU121
	.uleb128 .LVU121
	.uleb128 .LVU275
	.uleb128 .LVU280
	.uleb128 .LVU281
	.uleb128 .LVU293
	.uleb128 0
.LLST19:
	.byte	0x6
	.quad	.LVL31
	.byte	0x4
	.uleb128 .LVL31-.LVL31
	.uleb128 .LVL33-.LVL31
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL33-.LVL31
	.uleb128 .LVL74-.LVL31
	.uleb128 0x3
	.byte	0x91
	.sleb128 -356
	.byte	0x4
	.uleb128 .LVL75-.LVL31
	.uleb128 .LVL76-.LVL31
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL80-.LVL31
	.uleb128 .LFE28-.LVL31
	.uleb128 0x3
	.byte	0x91
	.sleb128 -356
	.byte	0
.LVUS31:
	.uleb128 .LVU121
	.uleb128 .LVU123
	.uleb128 .LVU123
	.uleb128 .LVU128
	.uleb128 .LVU128
	.uleb128 .LVU140
.LLST31:
	.byte	0x6
	.quad	.LVL33
	.byte	0x4
	.uleb128 .LVL33-.LVL33
	.uleb128 .LVL34-.LVL33
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL34-.LVL33
	.uleb128 .LVL35-.LVL33
	.uleb128 0xa
	.byte	0x74
	.sleb128 0
	.byte	0x91
	.sleb128 -368
	.byte	0x6
	.byte	0x1c
	.byte	0x32
	.byte	0x25
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL35-.LVL33
	.uleb128 .LVL36-.LVL33
	.uleb128 0xc
	.byte	0x74
	.sleb128 0
	.byte	0x91
	.sleb128 -368
	.byte	0x6
	.byte	0x1c
	.byte	0x34
	.byte	0x1c
	.byte	0x32
	.byte	0x25
	.byte	0x9f
	.byte	0
.LVUS34:
	.uleb128 .LVU151
	.uleb128 .LVU152
	.uleb128 .LVU152
	.uleb128 .LVU184
	.uleb128 .LVU184
	.uleb128 .LVU188
	.uleb128 .LVU188
	.uleb128 .LVU189
.LLST34:
	.byte	0x6
	.quad	.LVL38
	.byte	0x4
	.uleb128 .LVL38-.LVL38
	.uleb128 .LVL38-.LVL38
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL38-.LVL38
	.uleb128 .LVL45-.LVL38
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL45-.LVL38
	.uleb128 .LVL46-.LVL38
	.uleb128 0x3
	.byte	0x74
	.sleb128 -1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL46-.LVL38
	.uleb128 .LVL47-.LVL38
	.uleb128 0x1
	.byte	0x54
	.byte	0
.LVUS36:
	.uleb128 .LVU166
	.uleb128 .LVU184
	.uleb128 .LVU184
	.uleb128 .LVU186
.LLST36:
	.byte	0x6
	.quad	.LVL39
	.byte	0x4
	.uleb128 .LVL39-.LVL39
	.uleb128 .LVL45-.LVL39
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL45-.LVL39
	.uleb128 .LVL46-.LVL39
	.uleb128 0x3
	.byte	0x74
	.sleb128 -1
	.byte	0x9f
	.byte	0
.LVUS37:
	.uleb128 .LVU166
	.uleb128 .LVU186
.LLST37:
	.byte	0x8
	.quad	.LVL39
	.uleb128 .LVL46-.LVL39
	.uleb128 0x1
	.byte	0x5b
	.byte	0
.LVUS38:
	.uleb128 .LVU170
	.uleb128 .LVU176
	.uleb128 .LVU176
	.uleb128 .LVU179
	.uleb128 .LVU179
	.uleb128 .LVU180
.LLST38:
	.byte	0x6
	.quad	.LVL40
	.byte	0x4
	.uleb128 .LVL40-.LVL40
	.uleb128 .LVL42-.LVL40
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL42-.LVL40
	.uleb128 .LVL43-.LVL40
	.uleb128 0x3
	.byte	0x70
	.sleb128 -1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL43-.LVL40
	.uleb128 .LVL44-.LVL40
	.uleb128 0x1
	.byte	0x59
	.byte	0
.LVUS21:
	.uleb128 .LVU189
	.uleb128 .LVU196
.LLST21:
	.byte	0x8
	.quad	.LVL47
	.uleb128 .LVL49-.LVL47
	.uleb128 0x1
	.byte	0x55
	.byte	0
.LVUS23:
	.uleb128 .LVU193
	.uleb128 .LVU207
	.uleb128 .LVU293
	.uleb128 0
.LLST23:
	.byte	0x6
	.quad	.LVL48
	.byte	0x4
	.uleb128 .LVL48-.LVL48
	.uleb128 .LVL52-.LVL48
	.uleb128 0x4
	.byte	0xa
	.value	0x100
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL80-.LVL48
	.uleb128 .LFE28-.LVL48
	.uleb128 0x4
	.byte	0xa
	.value	0x100
	.byte	0x9f
	.byte	0
.LVUS24:
	.uleb128 .LVU192
	.uleb128 .LVU196
	.uleb128 .LVU196
	.uleb128 .LVU207
	.uleb128 .LVU293
	.uleb128 0
.LLST24:
	.byte	0x6
	.quad	.LVL48
	.byte	0x4
	.uleb128 .LVL48-.LVL48
	.uleb128 .LVL49-.LVL48
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL49-.LVL48
	.uleb128 .LVL52-.LVL48
	.uleb128 0x1
	.byte	0x59
	.byte	0x4
	.uleb128 .LVL80-.LVL48
	.uleb128 .LFE28-.LVL48
	.uleb128 0x1
	.byte	0x59
	.byte	0
.LVUS25:
	.uleb128 .LVU192
	.uleb128 .LVU207
	.uleb128 .LVU293
	.uleb128 0
.LLST25:
	.byte	0x6
	.quad	.LVL48
	.byte	0x4
	.uleb128 .LVL48-.LVL48
	.uleb128 .LVL52-.LVL48
	.uleb128 0x4
	.byte	0x91
	.sleb128 -320
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL80-.LVL48
	.uleb128 .LFE28-.LVL48
	.uleb128 0x4
	.byte	0x91
	.sleb128 -320
	.byte	0x9f
	.byte	0
.LVUS26:
	.uleb128 .LVU193
	.uleb128 .LVU207
	.uleb128 .LVU293
	.uleb128 .LVU295
	.uleb128 .LVU295
	.uleb128 .LVU296
	.uleb128 .LVU296
	.uleb128 0
.LLST26:
	.byte	0x6
	.quad	.LVL48
	.byte	0x4
	.uleb128 .LVL48-.LVL48
	.uleb128 .LVL52-.LVL48
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL80-.LVL48
	.uleb128 .LVL81-.LVL48
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL81-.LVL48
	.uleb128 .LVL82-.LVL48
	.uleb128 0x3
	.byte	0x75
	.sleb128 -7
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL82-.LVL48
	.uleb128 .LFE28-.LVL48
	.uleb128 0x1
	.byte	0x51
	.byte	0
.LVUS27:
	.uleb128 .LVU193
	.uleb128 .LVU196
	.uleb128 .LVU196
	.uleb128 .LVU207
	.uleb128 .LVU293
	.uleb128 0
.LLST27:
	.byte	0x6
	.quad	.LVL48
	.byte	0x4
	.uleb128 .LVL48-.LVL48
	.uleb128 .LVL49-.LVL48
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL49-.LVL48
	.uleb128 .LVL52-.LVL48
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL80-.LVL48
	.uleb128 .LFE28-.LVL48
	.uleb128 0x1
	.byte	0x54
	.byte	0
.LVUS29:
	.uleb128 .LVU193
	.uleb128 .LVU196
	.uleb128 .LVU196
	.uleb128 .LVU202
	.uleb128 .LVU202
	.uleb128 .LVU203
	.uleb128 .LVU293
	.uleb128 0
.LLST29:
	.byte	0x6
	.quad	.LVL48
	.byte	0x4
	.uleb128 .LVL48-.LVL48
	.uleb128 .LVL49-.LVL48
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL49-.LVL48
	.uleb128 .LVL50-.LVL48
	.uleb128 0x9
	.byte	0x70
	.sleb128 0
	.byte	0x77
	.sleb128 0
	.byte	0x1c
	.byte	0x8
	.byte	0x30
	.byte	0x1c
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL50-.LVL48
	.uleb128 .LVL51-.LVL48
	.uleb128 0x9
	.byte	0x70
	.sleb128 0
	.byte	0x77
	.sleb128 0
	.byte	0x1c
	.byte	0x8
	.byte	0x2f
	.byte	0x1c
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL80-.LVL48
	.uleb128 .LFE28-.LVL48
	.uleb128 0x9
	.byte	0x70
	.sleb128 0
	.byte	0x77
	.sleb128 0
	.byte	0x1c
	.byte	0x8
	.byte	0x30
	.byte	0x1c
	.byte	0x9f
	.byte	0
.LVUS40:
	.uleb128 .LVU215
	.uleb128 .LVU245
.LLST40:
	.byte	0x8
	.quad	.LVL54
	.uleb128 .LVL64-.LVL54
	.uleb128 0x6
	.byte	0xc
	.long	0x1e8480
	.byte	0x9f
	.byte	0
.LVUS41:
	.uleb128 .LVU214
	.uleb128 .LVU217
	.uleb128 .LVU217
	.uleb128 .LVU245
.LLST41:
	.byte	0x6
	.quad	.LVL54
	.byte	0x4
	.uleb128 .LVL54-.LVL54
	.uleb128 .LVL55-1-.LVL54
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL55-1-.LVL54
	.uleb128 .LVL64-.LVL54
	.uleb128 0x3
	.byte	0x91
	.sleb128 -352
	.byte	0
.LVUS42:
	.uleb128 .LVU216
	.uleb128 .LVU223
	.uleb128 .LVU223
	.uleb128 .LVU245
.LLST42:
	.byte	0x6
	.quad	.LVL54
	.byte	0x4
	.uleb128 .LVL54-.LVL54
	.uleb128 .LVL56-.LVL54
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL56-.LVL54
	.uleb128 .LVL64-.LVL54
	.uleb128 0x1
	.byte	0x54
	.byte	0
.LVUS44:
	.uleb128 .LVU219
	.uleb128 .LVU223
	.uleb128 .LVU223
	.uleb128 .LVU224
	.uleb128 .LVU224
	.uleb128 .LVU225
	.uleb128 .LVU226
	.uleb128 .LVU241
	.uleb128 .LVU241
	.uleb128 .LVU242
.LLST44:
	.byte	0x6
	.quad	.LVL55
	.byte	0x4
	.uleb128 .LVL55-.LVL55
	.uleb128 .LVL56-.LVL55
	.uleb128 0x2
	.byte	0x32
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL56-.LVL55
	.uleb128 .LVL56-.LVL55
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL56-.LVL55
	.uleb128 .LVL57-.LVL55
	.uleb128 0x3
	.byte	0x71
	.sleb128 1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL58-.LVL55
	.uleb128 .LVL62-.LVL55
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL62-.LVL55
	.uleb128 .LVL63-.LVL55
	.uleb128 0x3
	.byte	0x71
	.sleb128 1
	.byte	0x9f
	.byte	0
.LVUS46:
	.uleb128 .LVU234
	.uleb128 .LVU243
.LLST46:
	.byte	0x8
	.quad	.LVL60
	.uleb128 .LVL64-.LVL60
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS48:
	.uleb128 .LVU248
	.uleb128 .LVU273
.LLST48:
	.byte	0x8
	.quad	.LVL65
	.uleb128 .LVL73-.LVL65
	.uleb128 0x6
	.byte	0xc
	.long	0xc3500
	.byte	0x9f
	.byte	0
.LVUS49:
	.uleb128 .LVU248
	.uleb128 .LVU273
.LLST49:
	.byte	0x8
	.quad	.LVL65
	.uleb128 .LVL73-.LVL65
	.uleb128 0x3
	.byte	0x91
	.sleb128 -368
	.byte	0
.LVUS50:
	.uleb128 .LVU250
	.uleb128 .LVU257
	.uleb128 .LVU257
	.uleb128 .LVU261
	.uleb128 .LVU265
	.uleb128 .LVU273
.LLST50:
	.byte	0x6
	.quad	.LVL65
	.byte	0x4
	.uleb128 .LVL65-.LVL65
	.uleb128 .LVL66-.LVL65
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL66-.LVL65
	.uleb128 .LVL68-.LVL65
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL70-.LVL65
	.uleb128 .LVL73-.LVL65
	.uleb128 0x1
	.byte	0x51
	.byte	0
.LVUS51:
	.uleb128 .LVU250
	.uleb128 .LVU257
	.uleb128 .LVU257
	.uleb128 .LVU264
	.uleb128 .LVU268
	.uleb128 .LVU271
	.uleb128 .LVU271
	.uleb128 .LVU272
.LLST51:
	.byte	0x6
	.quad	.LVL65
	.byte	0x4
	.uleb128 .LVL65-.LVL65
	.uleb128 .LVL66-.LVL65
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL66-.LVL65
	.uleb128 .LVL69-.LVL65
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL71-.LVL65
	.uleb128 .LVL72-.LVL65
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL72-.LVL65
	.uleb128 .LVL73-.LVL65
	.uleb128 0x6
	.byte	0x74
	.sleb128 0
	.byte	0x7b
	.sleb128 0
	.byte	0x1c
	.byte	0x9f
	.byte	0
.LVUS53:
	.uleb128 .LVU252
	.uleb128 .LVU257
	.uleb128 .LVU257
	.uleb128 .LVU260
	.uleb128 .LVU260
	.uleb128 .LVU269
.LLST53:
	.byte	0x6
	.quad	.LVL65
	.byte	0x4
	.uleb128 .LVL65-.LVL65
	.uleb128 .LVL66-.LVL65
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL66-.LVL65
	.uleb128 .LVL67-.LVL65
	.uleb128 0x8
	.byte	0x79
	.sleb128 0
	.byte	0x91
	.sleb128 -368
	.byte	0x6
	.byte	0x1c
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL67-.LVL65
	.uleb128 .LVL71-.LVL65
	.uleb128 0x9
	.byte	0x91
	.sleb128 -368
	.byte	0x6
	.byte	0x20
	.byte	0x79
	.sleb128 0
	.byte	0x22
	.byte	0x9f
	.byte	0
.LVUS55:
	.uleb128 .LVU281
	.uleb128 .LVU285
.LLST55:
	.byte	0x8
	.quad	.LVL76
	.uleb128 .LVL77-.LVL76
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.LVUS15:
	.uleb128 .LVU73
	.uleb128 .LVU77
	.uleb128 .LVU77
	.uleb128 .LVU78
.LLST15:
	.byte	0x6
	.quad	.LVL19
	.byte	0x4
	.uleb128 .LVL19-.LVL19
	.uleb128 .LVL21-.LVL19
	.uleb128 0x2
	.byte	0x74
	.sleb128 8
	.byte	0x4
	.uleb128 .LVL21-.LVL19
	.uleb128 .LVL22-1-.LVL19
	.uleb128 0x1
	.byte	0x55
	.byte	0
.LVUS0:
	.uleb128 0
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 .LVU68
	.uleb128 .LVU68
	.uleb128 0
.LLST0:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL1-.LVL0
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL1-.LVL0
	.uleb128 .LVL17-.LVL0
	.uleb128 0x1
	.byte	0x5e
	.byte	0x4
	.uleb128 .LVL17-.LVL0
	.uleb128 .LFE23-.LVL0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS1:
	.uleb128 0
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 .LVU52
	.uleb128 .LVU52
	.uleb128 .LVU54
	.uleb128 .LVU54
	.uleb128 .LVU67
.LLST1:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL1-.LVL0
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL1-.LVL0
	.uleb128 .LVL9-.LVL0
	.uleb128 0x1
	.byte	0x5d
	.byte	0x4
	.uleb128 .LVL9-.LVL0
	.uleb128 .LVL10-.LVL0
	.uleb128 0x1
	.byte	0x56
	.byte	0x4
	.uleb128 .LVL10-.LVL0
	.uleb128 .LVL16-.LVL0
	.uleb128 0x1
	.byte	0x5d
	.byte	0
.LVUS2:
	.uleb128 0
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 .LVU65
	.uleb128 .LVU65
	.uleb128 .LVU67
.LLST2:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL1-.LVL0
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL1-.LVL0
	.uleb128 .LVL15-.LVL0
	.uleb128 0x1
	.byte	0x5c
	.byte	0x4
	.uleb128 .LVL15-.LVL0
	.uleb128 .LVL16-.LVL0
	.uleb128 0x1
	.byte	0x53
	.byte	0
.LVUS4:
	.uleb128 .LVU10
	.uleb128 .LVU51
	.uleb128 .LVU54
	.uleb128 .LVU64
.LLST4:
	.byte	0x6
	.quad	.LVL2
	.byte	0x4
	.uleb128 .LVL2-.LVL2
	.uleb128 .LVL9-1-.LVL2
	.uleb128 0x1
	.byte	0x52
	.byte	0x4
	.uleb128 .LVL10-.LVL2
	.uleb128 .LVL15-1-.LVL2
	.uleb128 0x1
	.byte	0x52
	.byte	0
.LVUS5:
	.uleb128 .LVU10
	.uleb128 .LVU11
	.uleb128 .LVU11
	.uleb128 .LVU67
.LLST5:
	.byte	0x6
	.quad	.LVL2
	.byte	0x4
	.uleb128 .LVL2-.LVL2
	.uleb128 .LVL2-.LVL2
	.uleb128 0x1
	.byte	0x5d
	.byte	0x4
	.uleb128 .LVL2-.LVL2
	.uleb128 .LVL16-.LVL2
	.uleb128 0x1
	.byte	0x56
	.byte	0
.LVUS6:
	.uleb128 .LVU10
	.uleb128 .LVU11
	.uleb128 .LVU11
	.uleb128 .LVU67
.LLST6:
	.byte	0x6
	.quad	.LVL2
	.byte	0x4
	.uleb128 .LVL2-.LVL2
	.uleb128 .LVL2-.LVL2
	.uleb128 0x1
	.byte	0x5c
	.byte	0x4
	.uleb128 .LVL2-.LVL2
	.uleb128 .LVL16-.LVL2
	.uleb128 0x1
	.byte	0x53
	.byte	0
.LVUS8:
	.uleb128 .LVU36
	.uleb128 .LVU44
	.uleb128 .LVU56
	.uleb128 .LVU62
.LLST8:
	.byte	0x6
	.quad	.LVL5
	.byte	0x4
	.uleb128 .LVL5-.LVL5
	.uleb128 .LVL8-.LVL5
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL11-.LVL5
	.uleb128 .LVL14-.LVL5
	.uleb128 0x1
	.byte	0x51
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
.LLRL3:
	.byte	0x5
	.quad	.LBB29
	.byte	0x4
	.uleb128 .LBB29-.LBB29
	.uleb128 .LBE29-.LBB29
	.byte	0x4
	.uleb128 .LBB32-.LBB29
	.uleb128 .LBE32-.LBB29
	.byte	0
.LLRL7:
	.byte	0x5
	.quad	.LBB30
	.byte	0x4
	.uleb128 .LBB30-.LBB30
	.uleb128 .LBE30-.LBB30
	.byte	0x4
	.uleb128 .LBB31-.LBB30
	.uleb128 .LBE31-.LBB30
	.byte	0
.LLRL17:
	.byte	0x5
	.quad	.LBB65
	.byte	0x4
	.uleb128 .LBB65-.LBB65
	.uleb128 .LBE65-.LBB65
	.byte	0x4
	.uleb128 .LBB68-.LBB65
	.uleb128 .LBE68-.LBB65
	.byte	0
.LLRL18:
	.byte	0x5
	.quad	.LBB69
	.byte	0x4
	.uleb128 .LBB69-.LBB69
	.uleb128 .LBE69-.LBB69
	.byte	0x4
	.uleb128 .LBB121-.LBB69
	.uleb128 .LBE121-.LBB69
	.byte	0x4
	.uleb128 .LBB122-.LBB69
	.uleb128 .LBE122-.LBB69
	.byte	0x4
	.uleb128 .LBB125-.LBB69
	.uleb128 .LBE125-.LBB69
	.byte	0
.LLRL20:
	.byte	0x5
	.quad	.LBB70
	.byte	0x4
	.uleb128 .LBB70-.LBB70
	.uleb128 .LBE70-.LBB70
	.byte	0x4
	.uleb128 .LBB89-.LBB70
	.uleb128 .LBE89-.LBB70
	.byte	0x4
	.uleb128 .LBB95-.LBB70
	.uleb128 .LBE95-.LBB70
	.byte	0x4
	.uleb128 .LBB105-.LBB70
	.uleb128 .LBE105-.LBB70
	.byte	0x4
	.uleb128 .LBB120-.LBB70
	.uleb128 .LBE120-.LBB70
	.byte	0
.LLRL22:
	.byte	0x5
	.quad	.LBB71
	.byte	0x4
	.uleb128 .LBB71-.LBB71
	.uleb128 .LBE71-.LBB71
	.byte	0x4
	.uleb128 .LBB84-.LBB71
	.uleb128 .LBE84-.LBB71
	.byte	0x4
	.uleb128 .LBB85-.LBB71
	.uleb128 .LBE85-.LBB71
	.byte	0x4
	.uleb128 .LBB86-.LBB71
	.uleb128 .LBE86-.LBB71
	.byte	0x4
	.uleb128 .LBB87-.LBB71
	.uleb128 .LBE87-.LBB71
	.byte	0x4
	.uleb128 .LBB88-.LBB71
	.uleb128 .LBE88-.LBB71
	.byte	0
.LLRL28:
	.byte	0x5
	.quad	.LBB73
	.byte	0x4
	.uleb128 .LBB73-.LBB73
	.uleb128 .LBE73-.LBB73
	.byte	0x4
	.uleb128 .LBB74-.LBB73
	.uleb128 .LBE74-.LBB73
	.byte	0x4
	.uleb128 .LBB75-.LBB73
	.uleb128 .LBE75-.LBB73
	.byte	0x4
	.uleb128 .LBB76-.LBB73
	.uleb128 .LBE76-.LBB73
	.byte	0x4
	.uleb128 .LBB77-.LBB73
	.uleb128 .LBE77-.LBB73
	.byte	0x4
	.uleb128 .LBB78-.LBB73
	.uleb128 .LBE78-.LBB73
	.byte	0
.LLRL30:
	.byte	0x5
	.quad	.LBB90
	.byte	0x4
	.uleb128 .LBB90-.LBB90
	.uleb128 .LBE90-.LBB90
	.byte	0x4
	.uleb128 .LBB96-.LBB90
	.uleb128 .LBE96-.LBB90
	.byte	0
.LLRL32:
	.byte	0x5
	.quad	.LBB91
	.byte	0x4
	.uleb128 .LBB91-.LBB91
	.uleb128 .LBE91-.LBB91
	.byte	0x4
	.uleb128 .LBB94-.LBB91
	.uleb128 .LBE94-.LBB91
	.byte	0
.LLRL33:
	.byte	0x5
	.quad	.LBB97
	.byte	0x4
	.uleb128 .LBB97-.LBB97
	.uleb128 .LBE97-.LBB97
	.byte	0x4
	.uleb128 .LBB104-.LBB97
	.uleb128 .LBE104-.LBB97
	.byte	0
.LLRL35:
	.byte	0x5
	.quad	.LBB100
	.byte	0x4
	.uleb128 .LBB100-.LBB100
	.uleb128 .LBE100-.LBB100
	.byte	0x4
	.uleb128 .LBB103-.LBB100
	.uleb128 .LBE103-.LBB100
	.byte	0
.LLRL39:
	.byte	0x5
	.quad	.LBB106
	.byte	0x4
	.uleb128 .LBB106-.LBB106
	.uleb128 .LBE106-.LBB106
	.byte	0x4
	.uleb128 .LBB113-.LBB106
	.uleb128 .LBE113-.LBB106
	.byte	0
.LLRL43:
	.byte	0x5
	.quad	.LBB108
	.byte	0x4
	.uleb128 .LBB108-.LBB108
	.uleb128 .LBE108-.LBB108
	.byte	0x4
	.uleb128 .LBB111-.LBB108
	.uleb128 .LBE111-.LBB108
	.byte	0
.LLRL45:
	.byte	0x5
	.quad	.LBB109
	.byte	0x4
	.uleb128 .LBB109-.LBB109
	.uleb128 .LBE109-.LBB109
	.byte	0x4
	.uleb128 .LBB110-.LBB109
	.uleb128 .LBE110-.LBB109
	.byte	0
.LLRL47:
	.byte	0x5
	.quad	.LBB114
	.byte	0x4
	.uleb128 .LBB114-.LBB114
	.uleb128 .LBE114-.LBB114
	.byte	0x4
	.uleb128 .LBB119-.LBB114
	.uleb128 .LBE119-.LBB114
	.byte	0
.LLRL52:
	.byte	0x5
	.quad	.LBB116
	.byte	0x4
	.uleb128 .LBB116-.LBB116
	.uleb128 .LBE116-.LBB116
	.byte	0x4
	.uleb128 .LBB117-.LBB116
	.uleb128 .LBE117-.LBB116
	.byte	0
.LLRL54:
	.byte	0x5
	.quad	.LBB123
	.byte	0x4
	.uleb128 .LBB123-.LBB123
	.uleb128 .LBE123-.LBB123
	.byte	0x4
	.uleb128 .LBB124-.LBB123
	.uleb128 .LBE124-.LBB123
	.byte	0
.LLRL56:
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
.LASF31:
	.string	"hput"
.LASF33:
	.string	"next"
.LASF25:
	.string	"count"
.LASF24:
	.string	"sieve"
.LASF20:
	.string	"scale"
.LASF28:
	.string	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O3 -fasynchronous-unwind-tables"
.LASF4:
	.string	"unsigned char"
.LASF2:
	.string	"long unsigned int"
.LASF5:
	.string	"short unsigned int"
.LASF29:
	.string	"size_t"
.LASF32:
	.string	"quicksort"
.LASF23:
	.string	"adler"
.LASF14:
	.string	"memset"
.LASF21:
	.string	"code"
.LASF22:
	.string	"round"
.LASF30:
	.string	"main"
.LASF3:
	.string	"unsigned int"
.LASF27:
	.string	"__nptr"
.LASF11:
	.string	"long long unsigned int"
.LASF34:
	.string	"atoi"
.LASF10:
	.string	"long long int"
.LASF9:
	.string	"char"
.LASF16:
	.string	"printf"
.LASF7:
	.string	"short int"
.LASF26:
	.string	"interp"
.LASF19:
	.string	"argv"
.LASF8:
	.string	"long int"
.LASF13:
	.string	"vals"
.LASF6:
	.string	"signed char"
.LASF12:
	.string	"keys"
.LASF15:
	.string	"strtol"
.LASF17:
	.string	"malloc"
.LASF18:
	.string	"argc"
	.section	.debug_line_str,"MS",@progbits,1
.LASF0:
	.string	"work.c"
.LASF1:
	.string	"/build"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
