	.text
	.file	"switch.c"
	.file	0 "/build" "/src/switch.c" md5 0x090d043bc9bd531bc21abc96fe8719e9
	.file	1 "/work/main" "internal/testprog/testdata/cc/switch.c" md5 0x090d043bc9bd531bc21abc96fe8719e9
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
.Lfunc_begin0:
	.loc	1 46 0                          # internal/testprog/testdata/cc/switch.c:46:0
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	subq	$96, %rsp
	movl	$0, -4(%rbp)
.Ltmp0:
	.loc	1 47 7 prologue_end             # internal/testprog/testdata/cc/switch.c:47:7
	movq	$0, -16(%rbp)
.Ltmp1:
	.loc	1 49 11                         # internal/testprog/testdata/cc/switch.c:49:11
	movl	$0, -84(%rbp)
.LBB0_1:                                # =>This Inner Loop Header: Depth=1
.Ltmp2:
	.loc	1 49 20 is_stmt 0               # internal/testprog/testdata/cc/switch.c:49:20
	cmpl	$1000, -84(%rbp)                # imm = 0x3E8
.Ltmp3:
	.loc	1 49 2                          # internal/testprog/testdata/cc/switch.c:49:2
	jge	.LBB0_4
# %bb.2:                                #   in Loop: Header=BB0_1 Depth=1
.Ltmp4:
	.loc	1 50 19 is_stmt 1               # internal/testprog/testdata/cc/switch.c:50:19
	movl	-84(%rbp), %edi
	.loc	1 50 10 is_stmt 0               # internal/testprog/testdata/cc/switch.c:50:10
	callq	classify
	cltq
	.loc	1 50 7                          # internal/testprog/testdata/cc/switch.c:50:7
	addq	-16(%rbp), %rax
	movq	%rax, -16(%rbp)
# %bb.3:                                #   in Loop: Header=BB0_1 Depth=1
	.loc	1 49 29 is_stmt 1               # internal/testprog/testdata/cc/switch.c:49:29
	movl	-84(%rbp), %eax
	addl	$1, %eax
	movl	%eax, -84(%rbp)
	.loc	1 49 2 is_stmt 0                # internal/testprog/testdata/cc/switch.c:49:2
	jmp	.LBB0_1
.Ltmp5:
.LBB0_4:
	.loc	1 51 11 is_stmt 1               # internal/testprog/testdata/cc/switch.c:51:11
	movl	$0, -88(%rbp)
.LBB0_5:                                # =>This Inner Loop Header: Depth=1
.Ltmp6:
	.loc	1 51 20 is_stmt 0               # internal/testprog/testdata/cc/switch.c:51:20
	cmpl	$64, -88(%rbp)
.Ltmp7:
	.loc	1 51 2                          # internal/testprog/testdata/cc/switch.c:51:2
	jge	.LBB0_11
# %bb.6:                                #   in Loop: Header=BB0_5 Depth=1
.Ltmp8:
	.loc	1 52 31 is_stmt 1               # internal/testprog/testdata/cc/switch.c:52:31
	imull	$7, -88(%rbp), %eax
	.loc	1 52 35 is_stmt 0               # internal/testprog/testdata/cc/switch.c:52:35
	movl	$5, %ecx
	cltd
	idivl	%ecx
	.loc	1 52 39                         # internal/testprog/testdata/cc/switch.c:52:39
	cmpl	$4, %edx
	.loc	1 52 29                         # internal/testprog/testdata/cc/switch.c:52:29
	jne	.LBB0_8
# %bb.7:                                #   in Loop: Header=BB0_5 Depth=1
	xorl	%edx, %edx
	movl	%edx, -96(%rbp)                 # 4-byte Spill
	jmp	.LBB0_9
.LBB0_8:                                #   in Loop: Header=BB0_5 Depth=1
	.loc	1 52 52                         # internal/testprog/testdata/cc/switch.c:52:52
	imull	$7, -88(%rbp), %eax
	.loc	1 52 56                         # internal/testprog/testdata/cc/switch.c:52:56
	movl	$5, %ecx
	cltd
	idivl	%ecx
	movl	%edx, -96(%rbp)                 # 4-byte Spill
.LBB0_9:                                #   in Loop: Header=BB0_5 Depth=1
	.loc	1 0 56                          # internal/testprog/testdata/cc/switch.c:0:56
	movl	-96(%rbp), %eax                 # 4-byte Reload
	.loc	1 52 13                         # internal/testprog/testdata/cc/switch.c:52:13
	movb	%al, %cl
	.loc	1 52 3                          # internal/testprog/testdata/cc/switch.c:52:3
	movslq	-88(%rbp), %rax
	.loc	1 52 11                         # internal/testprog/testdata/cc/switch.c:52:11
	movb	%cl, -80(%rbp,%rax)
# %bb.10:                               #   in Loop: Header=BB0_5 Depth=1
	.loc	1 51 27 is_stmt 1               # internal/testprog/testdata/cc/switch.c:51:27
	movl	-88(%rbp), %eax
	addl	$1, %eax
	movl	%eax, -88(%rbp)
	.loc	1 51 2 is_stmt 0                # internal/testprog/testdata/cc/switch.c:51:2
	jmp	.LBB0_5
.Ltmp9:
.LBB0_11:
	.loc	1 53 11 is_stmt 1               # internal/testprog/testdata/cc/switch.c:53:11
	movb	$3, -17(%rbp)
.Ltmp10:
	.loc	1 54 11                         # internal/testprog/testdata/cc/switch.c:54:11
	movl	$0, -92(%rbp)
.LBB0_12:                               # =>This Inner Loop Header: Depth=1
.Ltmp11:
	.loc	1 54 20 is_stmt 0               # internal/testprog/testdata/cc/switch.c:54:20
	cmpl	$50, -92(%rbp)
.Ltmp12:
	.loc	1 54 2                          # internal/testprog/testdata/cc/switch.c:54:2
	jge	.LBB0_15
# %bb.13:                               #   in Loop: Header=BB0_12 Depth=1
.Ltmp13:
	.loc	1 55 17 is_stmt 1               # internal/testprog/testdata/cc/switch.c:55:17
	leaq	-80(%rbp), %rdi
	.loc	1 55 10 is_stmt 0               # internal/testprog/testdata/cc/switch.c:55:10
	movl	$64, %esi
	callq	interp
	.loc	1 55 7                          # internal/testprog/testdata/cc/switch.c:55:7
	addq	-16(%rbp), %rax
	movq	%rax, -16(%rbp)
# %bb.14:                               #   in Loop: Header=BB0_12 Depth=1
	.loc	1 54 27 is_stmt 1               # internal/testprog/testdata/cc/switch.c:54:27
	movl	-92(%rbp), %eax
	addl	$1, %eax
	movl	%eax, -92(%rbp)
	.loc	1 54 2 is_stmt 0                # internal/testprog/testdata/cc/switch.c:54:2
	jmp	.LBB0_12
.Ltmp14:
.LBB0_15:
	.loc	1 56 18 is_stmt 1               # internal/testprog/testdata/cc/switch.c:56:18
	movq	-16(%rbp), %rsi
	.loc	1 56 2 is_stmt 0                # internal/testprog/testdata/cc/switch.c:56:2
	leaq	.L.str(%rip), %rdi
	movb	$0, %al
	callq	printf@PLT
	.loc	1 57 15 is_stmt 1               # internal/testprog/testdata/cc/switch.c:57:15
	movq	-16(%rbp), %rax
	.loc	1 57 19 is_stmt 0               # internal/testprog/testdata/cc/switch.c:57:19
	movl	$7, %ecx
	cqto
	idivq	%rcx
	.loc	1 57 9                          # internal/testprog/testdata/cc/switch.c:57:9
	movl	%edx, %eax
	.loc	1 57 2                          # internal/testprog/testdata/cc/switch.c:57:2
	addq	$96, %rsp
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	retq
.Ltmp15:
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function classify
	.type	classify,@function
classify:                               # @classify
.Lfunc_begin1:
	.loc	1 6 0 is_stmt 1                 # internal/testprog/testdata/cc/switch.c:6:0
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	movl	%edi, -8(%rbp)
.Ltmp16:
	.loc	1 7 10 prologue_end             # internal/testprog/testdata/cc/switch.c:7:10
	movslq	-8(%rbp), %rcx
	movl	%ecx, %eax
	.loc	1 7 12 is_stmt 0                # internal/testprog/testdata/cc/switch.c:7:12
	imulq	$780903145, %rcx, %rdx          # imm = 0x2E8BA2E9
	movq	%rdx, %rcx
	shrq	$63, %rcx
                                        # kill: def $ecx killed $ecx killed $rcx
	sarq	$33, %rdx
                                        # kill: def $edx killed $edx killed $rdx
	addl	%ecx, %edx
                                        # implicit-def: $rcx
	movl	%edx, %ecx
	leal	(%rcx,%rcx,4), %esi
                                        # implicit-def: $rdx
	movl	%esi, %edx
	leal	(%rcx,%rdx,2), %ecx
	subl	%ecx, %eax
	.loc	1 7 2                           # internal/testprog/testdata/cc/switch.c:7:2
	movl	%eax, %ecx
	movq	%rcx, -16(%rbp)                 # 8-byte Spill
	subl	$9, %eax
	ja	.LBB1_11
# %bb.13:
	.loc	1 0 2                           # internal/testprog/testdata/cc/switch.c:0:2
	movq	-16(%rbp), %rax                 # 8-byte Reload
	leaq	.LJTI1_0(%rip), %rcx
	movslq	(%rcx,%rax,4), %rax
	addq	%rcx, %rax
	jmpq	*%rax
.LBB1_1:
.Ltmp17:
	.loc	1 8 10 is_stmt 1                # internal/testprog/testdata/cc/switch.c:8:10
	movl	$7, -4(%rbp)
	jmp	.LBB1_12
.LBB1_2:
	.loc	1 9 10                          # internal/testprog/testdata/cc/switch.c:9:10
	movl	$3, -4(%rbp)
	jmp	.LBB1_12
.LBB1_3:
	.loc	1 10 17                         # internal/testprog/testdata/cc/switch.c:10:17
	movl	-8(%rbp), %eax
	.loc	1 10 19 is_stmt 0               # internal/testprog/testdata/cc/switch.c:10:19
	shll	$1, %eax
	.loc	1 10 10                         # internal/testprog/testdata/cc/switch.c:10:10
	movl	%eax, -4(%rbp)
	jmp	.LBB1_12
.LBB1_4:
	.loc	1 11 17 is_stmt 1               # internal/testprog/testdata/cc/switch.c:11:17
	movl	-8(%rbp), %eax
	.loc	1 11 19 is_stmt 0               # internal/testprog/testdata/cc/switch.c:11:19
	subl	$5, %eax
	.loc	1 11 10                         # internal/testprog/testdata/cc/switch.c:11:10
	movl	%eax, -4(%rbp)
	jmp	.LBB1_12
.LBB1_5:
	.loc	1 12 10 is_stmt 1               # internal/testprog/testdata/cc/switch.c:12:10
	movl	$11, -4(%rbp)
	jmp	.LBB1_12
.LBB1_6:
	.loc	1 13 17                         # internal/testprog/testdata/cc/switch.c:13:17
	movl	-8(%rbp), %eax
	.loc	1 13 19 is_stmt 0               # internal/testprog/testdata/cc/switch.c:13:19
	xorl	$85, %eax
	.loc	1 13 10                         # internal/testprog/testdata/cc/switch.c:13:10
	movl	%eax, -4(%rbp)
	jmp	.LBB1_12
.LBB1_7:
	.loc	1 14 17 is_stmt 1               # internal/testprog/testdata/cc/switch.c:14:17
	movl	-8(%rbp), %eax
	.loc	1 14 19 is_stmt 0               # internal/testprog/testdata/cc/switch.c:14:19
	addl	$1, %eax
	.loc	1 14 10                         # internal/testprog/testdata/cc/switch.c:14:10
	movl	%eax, -4(%rbp)
	jmp	.LBB1_12
.LBB1_8:
	.loc	1 15 21 is_stmt 1               # internal/testprog/testdata/cc/switch.c:15:21
	movl	-8(%rbp), %eax
	.loc	1 15 19 is_stmt 0               # internal/testprog/testdata/cc/switch.c:15:19
	shll	$1, %eax
	.loc	1 15 23                         # internal/testprog/testdata/cc/switch.c:15:23
	addl	$1, %eax
	.loc	1 15 10                         # internal/testprog/testdata/cc/switch.c:15:10
	movl	%eax, -4(%rbp)
	jmp	.LBB1_12
.LBB1_9:
	.loc	1 16 17 is_stmt 1               # internal/testprog/testdata/cc/switch.c:16:17
	movl	-8(%rbp), %eax
	.loc	1 16 19 is_stmt 0               # internal/testprog/testdata/cc/switch.c:16:19
	movl	$3, %ecx
	cltd
	idivl	%ecx
	.loc	1 16 10                         # internal/testprog/testdata/cc/switch.c:16:10
	movl	%eax, -4(%rbp)
	jmp	.LBB1_12
.LBB1_10:
	.loc	1 17 17 is_stmt 1               # internal/testprog/testdata/cc/switch.c:17:17
	xorl	%eax, %eax
	subl	-8(%rbp), %eax
	.loc	1 17 10 is_stmt 0               # internal/testprog/testdata/cc/switch.c:17:10
	movl	%eax, -4(%rbp)
	jmp	.LBB1_12
.LBB1_11:
	.loc	1 18 11 is_stmt 1               # internal/testprog/testdata/cc/switch.c:18:11
	movl	$0, -4(%rbp)
.Ltmp18:
.LBB1_12:
	.loc	1 20 1                          # internal/testprog/testdata/cc/switch.c:20:1
	movl	-4(%rbp), %eax
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	retq
.Ltmp19:
.Lfunc_end1:
	.size	classify, .Lfunc_end1-classify
	.cfi_endproc
	.section	.rodata,"a",@progbits
	.p2align	2
.LJTI1_0:
	.long	.LBB1_1-.LJTI1_0
	.long	.LBB1_2-.LJTI1_0
	.long	.LBB1_3-.LJTI1_0
	.long	.LBB1_4-.LJTI1_0
	.long	.LBB1_5-.LJTI1_0
	.long	.LBB1_6-.LJTI1_0
	.long	.LBB1_7-.LJTI1_0
	.long	.LBB1_8-.LJTI1_0
	.long	.LBB1_9-.LJTI1_0
	.long	.LBB1_10-.LJTI1_0
                                        # -- End function
	.text
	.p2align	4, 0x90                         # -- Begin function interp
	.type	interp,@function
interp:                                 # @interp
.Lfunc_begin2:
	.loc	1 23 0                          # internal/testprog/testdata/cc/switch.c:23:0
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	movq	%rdi, -16(%rbp)
	movl	%esi, -20(%rbp)
.Ltmp20:
	.loc	1 25 7 prologue_end             # internal/testprog/testdata/cc/switch.c:25:7
	movq	$0, -32(%rbp)
	.loc	1 26 6                          # internal/testprog/testdata/cc/switch.c:26:6
	movl	$0, -36(%rbp)
	.loc	1 28 2                          # internal/testprog/testdata/cc/switch.c:28:2
	movq	-16(%rbp), %rax
	movl	-36(%rbp), %ecx
	movl	%ecx, %edx
	addl	$1, %edx
	movl	%edx, -36(%rbp)
	movslq	%ecx, %rcx
	movzbl	(%rax,%rcx), %eax
	andl	$3, %eax
	movslq	%eax, %rcx
	leaq	interp.ops(%rip), %rax
	movq	(%rax,%rcx,8), %rax
	movq	%rax, -48(%rbp)                 # 8-byte Spill
	jmp	.LBB2_12
.Ltmp21:                                # Block address taken
.LBB2_1:                                #   in Loop: Header=BB2_12 Depth=1
.Ltmp22:
	#DEBUG_LABEL: interp:op_add
	.loc	1 30 6                          # internal/testprog/testdata/cc/switch.c:30:6
	movq	-32(%rbp), %rax
	addq	$3, %rax
	movq	%rax, -32(%rbp)
.Ltmp23:
	.loc	1 31 6                          # internal/testprog/testdata/cc/switch.c:31:6
	movl	-36(%rbp), %eax
	.loc	1 31 9 is_stmt 0                # internal/testprog/testdata/cc/switch.c:31:9
	cmpl	-20(%rbp), %eax
.Ltmp24:
	.loc	1 31 6                          # internal/testprog/testdata/cc/switch.c:31:6
	jl	.LBB2_3
# %bb.2:
.Ltmp25:
	.loc	1 31 22                         # internal/testprog/testdata/cc/switch.c:31:22
	movq	-32(%rbp), %rax
	.loc	1 31 15                         # internal/testprog/testdata/cc/switch.c:31:15
	movq	%rax, -8(%rbp)
	jmp	.LBB2_11
.Ltmp26:
.LBB2_3:                                #   in Loop: Header=BB2_12 Depth=1
	.loc	1 32 2 is_stmt 1                # internal/testprog/testdata/cc/switch.c:32:2
	movq	-16(%rbp), %rax
	movl	-36(%rbp), %ecx
	movl	%ecx, %edx
	addl	$1, %edx
	movl	%edx, -36(%rbp)
	movslq	%ecx, %rcx
	movzbl	(%rax,%rcx), %eax
	andl	$3, %eax
	movslq	%eax, %rcx
	leaq	interp.ops(%rip), %rax
	movq	(%rax,%rcx,8), %rax
	movq	%rax, -48(%rbp)                 # 8-byte Spill
	jmp	.LBB2_12
.Ltmp27:                                # Block address taken
.LBB2_4:                                #   in Loop: Header=BB2_12 Depth=1
.Ltmp28:
	#DEBUG_LABEL: interp:op_sub
	.loc	1 34 6                          # internal/testprog/testdata/cc/switch.c:34:6
	movq	-32(%rbp), %rax
	subq	$1, %rax
	movq	%rax, -32(%rbp)
.Ltmp29:
	.loc	1 35 6                          # internal/testprog/testdata/cc/switch.c:35:6
	movl	-36(%rbp), %eax
	.loc	1 35 9 is_stmt 0                # internal/testprog/testdata/cc/switch.c:35:9
	cmpl	-20(%rbp), %eax
.Ltmp30:
	.loc	1 35 6                          # internal/testprog/testdata/cc/switch.c:35:6
	jl	.LBB2_6
# %bb.5:
.Ltmp31:
	.loc	1 35 22                         # internal/testprog/testdata/cc/switch.c:35:22
	movq	-32(%rbp), %rax
	.loc	1 35 15                         # internal/testprog/testdata/cc/switch.c:35:15
	movq	%rax, -8(%rbp)
	jmp	.LBB2_11
.Ltmp32:
.LBB2_6:                                #   in Loop: Header=BB2_12 Depth=1
	.loc	1 36 2 is_stmt 1                # internal/testprog/testdata/cc/switch.c:36:2
	movq	-16(%rbp), %rax
	movl	-36(%rbp), %ecx
	movl	%ecx, %edx
	addl	$1, %edx
	movl	%edx, -36(%rbp)
	movslq	%ecx, %rcx
	movzbl	(%rax,%rcx), %eax
	andl	$3, %eax
	movslq	%eax, %rcx
	leaq	interp.ops(%rip), %rax
	movq	(%rax,%rcx,8), %rax
	movq	%rax, -48(%rbp)                 # 8-byte Spill
	jmp	.LBB2_12
.Ltmp33:                                # Block address taken
.LBB2_7:                                #   in Loop: Header=BB2_12 Depth=1
.Ltmp34:
	#DEBUG_LABEL: interp:op_dbl
	.loc	1 38 6                          # internal/testprog/testdata/cc/switch.c:38:6
	movq	-32(%rbp), %rax
	shlq	$1, %rax
	movq	%rax, -32(%rbp)
.Ltmp35:
	.loc	1 39 6                          # internal/testprog/testdata/cc/switch.c:39:6
	movl	-36(%rbp), %eax
	.loc	1 39 9 is_stmt 0                # internal/testprog/testdata/cc/switch.c:39:9
	cmpl	-20(%rbp), %eax
.Ltmp36:
	.loc	1 39 6                          # internal/testprog/testdata/cc/switch.c:39:6
	jl	.LBB2_9
# %bb.8:
.Ltmp37:
	.loc	1 39 22                         # internal/testprog/testdata/cc/switch.c:39:22
	movq	-32(%rbp), %rax
	.loc	1 39 15                         # internal/testprog/testdata/cc/switch.c:39:15
	movq	%rax, -8(%rbp)
	jmp	.LBB2_11
.Ltmp38:
.LBB2_9:                                #   in Loop: Header=BB2_12 Depth=1
	.loc	1 40 2 is_stmt 1                # internal/testprog/testdata/cc/switch.c:40:2
	movq	-16(%rbp), %rax
	movl	-36(%rbp), %ecx
	movl	%ecx, %edx
	addl	$1, %edx
	movl	%edx, -36(%rbp)
	movslq	%ecx, %rcx
	movzbl	(%rax,%rcx), %eax
	andl	$3, %eax
	movslq	%eax, %rcx
	leaq	interp.ops(%rip), %rax
	movq	(%rax,%rcx,8), %rax
	movq	%rax, -48(%rbp)                 # 8-byte Spill
	jmp	.LBB2_12
.Ltmp39:                                # Block address taken
.LBB2_10:
.Ltmp40:
	#DEBUG_LABEL: interp:op_end
	.loc	1 42 9                          # internal/testprog/testdata/cc/switch.c:42:9
	movq	-32(%rbp), %rax
	.loc	1 42 2 is_stmt 0                # internal/testprog/testdata/cc/switch.c:42:2
	movq	%rax, -8(%rbp)
.LBB2_11:
	.loc	1 43 1 is_stmt 1                # internal/testprog/testdata/cc/switch.c:43:1
	movq	-8(%rbp), %rax
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	retq
.Ltmp41:
.LBB2_12:                               # =>This Inner Loop Header: Depth=1
	.cfi_def_cfa %rbp, 16
	.loc	1 0 1 is_stmt 0                 # internal/testprog/testdata/cc/switch.c:0:1
	movq	-48(%rbp), %rax                 # 8-byte Reload
	jmpq	*%rax
.Lfunc_end2:
	.size	interp, .Lfunc_end2-interp
	.cfi_endproc
                                        # -- End function
	.type	.L.str,@object                  # @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"%ld\n"
	.size	.L.str, 5

	.type	interp.ops,@object              # @interp.ops
	.data
	.p2align	4
interp.ops:
	.quad	.Ltmp21
	.quad	.Ltmp27
	.quad	.Ltmp33
	.quad	.Ltmp39
	.size	interp.ops, 32

	.section	.debug_abbrev,"",@progbits
	.byte	1                               # Abbreviation Code
	.byte	17                              # DW_TAG_compile_unit
	.byte	1                               # DW_CHILDREN_yes
	.byte	37                              # DW_AT_producer
	.byte	37                              # DW_FORM_strx1
	.byte	19                              # DW_AT_language
	.byte	5                               # DW_FORM_data2
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	114                             # DW_AT_str_offsets_base
	.byte	23                              # DW_FORM_sec_offset
	.byte	16                              # DW_AT_stmt_list
	.byte	23                              # DW_FORM_sec_offset
	.byte	27                              # DW_AT_comp_dir
	.byte	37                              # DW_FORM_strx1
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	115                             # DW_AT_addr_base
	.byte	23                              # DW_FORM_sec_offset
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	2                               # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	1                               # DW_CHILDREN_yes
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	64                              # DW_AT_frame_base
	.byte	24                              # DW_FORM_exprloc
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	39                              # DW_AT_prototyped
	.byte	25                              # DW_FORM_flag_present
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	3                               # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	2                               # DW_AT_location
	.byte	24                              # DW_FORM_exprloc
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	4                               # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	24                              # DW_FORM_exprloc
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	5                               # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	24                              # DW_FORM_exprloc
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	6                               # Abbreviation Code
	.byte	10                              # DW_TAG_label
	.byte	0                               # DW_CHILDREN_no
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	7                               # Abbreviation Code
	.byte	1                               # DW_TAG_array_type
	.byte	1                               # DW_CHILDREN_yes
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	8                               # Abbreviation Code
	.byte	33                              # DW_TAG_subrange_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	55                              # DW_AT_count
	.byte	11                              # DW_FORM_data1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	9                               # Abbreviation Code
	.byte	15                              # DW_TAG_pointer_type
	.byte	0                               # DW_CHILDREN_no
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	10                              # Abbreviation Code
	.byte	36                              # DW_TAG_base_type
	.byte	0                               # DW_CHILDREN_no
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	11                              # DW_AT_byte_size
	.byte	11                              # DW_FORM_data1
	.byte	62                              # DW_AT_encoding
	.byte	11                              # DW_FORM_data1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	11                              # Abbreviation Code
	.byte	36                              # DW_TAG_base_type
	.byte	0                               # DW_CHILDREN_no
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	62                              # DW_AT_encoding
	.byte	11                              # DW_FORM_data1
	.byte	11                              # DW_AT_byte_size
	.byte	11                              # DW_FORM_data1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	12                              # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	1                               # DW_CHILDREN_yes
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	64                              # DW_AT_frame_base
	.byte	24                              # DW_FORM_exprloc
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	39                              # DW_AT_prototyped
	.byte	25                              # DW_FORM_flag_present
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	63                              # DW_AT_external
	.byte	25                              # DW_FORM_flag_present
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	13                              # Abbreviation Code
	.byte	11                              # DW_TAG_lexical_block
	.byte	1                               # DW_CHILDREN_yes
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	14                              # Abbreviation Code
	.byte	15                              # DW_TAG_pointer_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	15                              # Abbreviation Code
	.byte	38                              # DW_TAG_const_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	0                               # EOM(3)
	.section	.debug_info,"",@progbits
.Lcu_begin0:
	.long	.Ldebug_info_end0-.Ldebug_info_start0 # Length of Unit
.Ldebug_info_start0:
	.short	5                               # DWARF version number
	.byte	1                               # DWARF Unit Type
	.byte	8                               # Address Size (in bytes)
	.long	.debug_abbrev                   # Offset Into Abbrev. Section
	.byte	1                               # Abbrev [1] 0xc:0x121 DW_TAG_compile_unit
	.byte	0                               # DW_AT_producer
	.short	12                              # DW_AT_language
	.byte	1                               # DW_AT_name
	.long	.Lstr_offsets_base0             # DW_AT_str_offsets_base
	.long	.Lline_table_start0             # DW_AT_stmt_list
	.byte	2                               # DW_AT_comp_dir
	.byte	1                               # DW_AT_low_pc
	.long	.Lfunc_end2-.Lfunc_begin0       # DW_AT_high_pc
	.long	.Laddr_table_base0              # DW_AT_addr_base
	.byte	2                               # Abbrev [2] 0x23:0x5b DW_TAG_subprogram
	.byte	6                               # DW_AT_low_pc
	.long	.Lfunc_end2-.Lfunc_begin2       # DW_AT_high_pc
	.byte	1                               # DW_AT_frame_base
	.byte	86
	.byte	9                               # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	22                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	274                             # DW_AT_type
	.byte	3                               # Abbrev [3] 0x32:0xb DW_TAG_variable
	.byte	3                               # DW_AT_name
	.long	126                             # DW_AT_type
	.byte	1                               # DW_AT_decl_file
	.byte	24                              # DW_AT_decl_line
	.byte	2                               # DW_AT_location
	.byte	161
	.byte	0
	.byte	4                               # Abbrev [4] 0x3d:0xb DW_TAG_formal_parameter
	.byte	2                               # DW_AT_location
	.byte	145
	.byte	112
	.byte	12                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	22                              # DW_AT_decl_line
	.long	290                             # DW_AT_type
	.byte	4                               # Abbrev [4] 0x48:0xb DW_TAG_formal_parameter
	.byte	2                               # DW_AT_location
	.byte	145
	.byte	108
	.byte	16                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	22                              # DW_AT_decl_line
	.long	147                             # DW_AT_type
	.byte	5                               # Abbrev [5] 0x53:0xb DW_TAG_variable
	.byte	2                               # DW_AT_location
	.byte	145
	.byte	96
	.byte	17                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	25                              # DW_AT_decl_line
	.long	274                             # DW_AT_type
	.byte	5                               # Abbrev [5] 0x5e:0xb DW_TAG_variable
	.byte	2                               # DW_AT_location
	.byte	145
	.byte	92
	.byte	18                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	26                              # DW_AT_decl_line
	.long	147                             # DW_AT_type
	.byte	6                               # Abbrev [6] 0x69:0x5 DW_TAG_label
	.byte	19                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	29                              # DW_AT_decl_line
	.byte	7                               # DW_AT_low_pc
	.byte	6                               # Abbrev [6] 0x6e:0x5 DW_TAG_label
	.byte	20                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	33                              # DW_AT_decl_line
	.byte	8                               # DW_AT_low_pc
	.byte	6                               # Abbrev [6] 0x73:0x5 DW_TAG_label
	.byte	21                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	37                              # DW_AT_decl_line
	.byte	9                               # DW_AT_low_pc
	.byte	6                               # Abbrev [6] 0x78:0x5 DW_TAG_label
	.byte	22                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	41                              # DW_AT_decl_line
	.byte	10                              # DW_AT_low_pc
	.byte	0                               # End Of Children Mark
	.byte	7                               # Abbrev [7] 0x7e:0xc DW_TAG_array_type
	.long	138                             # DW_AT_type
	.byte	8                               # Abbrev [8] 0x83:0x6 DW_TAG_subrange_type
	.long	139                             # DW_AT_type
	.byte	4                               # DW_AT_count
	.byte	0                               # End Of Children Mark
	.byte	9                               # Abbrev [9] 0x8a:0x1 DW_TAG_pointer_type
	.byte	10                              # Abbrev [10] 0x8b:0x4 DW_TAG_base_type
	.byte	4                               # DW_AT_name
	.byte	8                               # DW_AT_byte_size
	.byte	7                               # DW_AT_encoding
	.byte	11                              # Abbrev [11] 0x8f:0x4 DW_TAG_base_type
	.byte	5                               # DW_AT_name
	.byte	8                               # DW_AT_encoding
	.byte	1                               # DW_AT_byte_size
	.byte	11                              # Abbrev [11] 0x93:0x4 DW_TAG_base_type
	.byte	6                               # DW_AT_name
	.byte	5                               # DW_AT_encoding
	.byte	4                               # DW_AT_byte_size
	.byte	12                              # Abbrev [12] 0x97:0x60 DW_TAG_subprogram
	.byte	1                               # DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       # DW_AT_high_pc
	.byte	1                               # DW_AT_frame_base
	.byte	86
	.byte	7                               # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	45                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	147                             # DW_AT_type
                                        # DW_AT_external
	.byte	5                               # Abbrev [5] 0xa6:0xb DW_TAG_variable
	.byte	2                               # DW_AT_location
	.byte	145
	.byte	112
	.byte	11                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	47                              # DW_AT_decl_line
	.long	274                             # DW_AT_type
	.byte	5                               # Abbrev [5] 0xb1:0xc DW_TAG_variable
	.byte	3                               # DW_AT_location
	.byte	145
	.ascii	"\260\177"
	.byte	12                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	48                              # DW_AT_decl_line
	.long	278                             # DW_AT_type
	.byte	13                              # Abbrev [13] 0xbd:0x13 DW_TAG_lexical_block
	.byte	2                               # DW_AT_low_pc
	.long	.Ltmp5-.Ltmp1                   # DW_AT_high_pc
	.byte	5                               # Abbrev [5] 0xc3:0xc DW_TAG_variable
	.byte	3                               # DW_AT_location
	.byte	145
	.ascii	"\254\177"
	.byte	13                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	49                              # DW_AT_decl_line
	.long	147                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	13                              # Abbrev [13] 0xd0:0x13 DW_TAG_lexical_block
	.byte	3                               # DW_AT_low_pc
	.long	.Ltmp9-.Ltmp5                   # DW_AT_high_pc
	.byte	5                               # Abbrev [5] 0xd6:0xc DW_TAG_variable
	.byte	3                               # DW_AT_location
	.byte	145
	.ascii	"\250\177"
	.byte	13                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	51                              # DW_AT_decl_line
	.long	147                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	13                              # Abbrev [13] 0xe3:0x13 DW_TAG_lexical_block
	.byte	4                               # DW_AT_low_pc
	.long	.Ltmp14-.Ltmp10                 # DW_AT_high_pc
	.byte	5                               # Abbrev [5] 0xe9:0xc DW_TAG_variable
	.byte	3                               # DW_AT_location
	.byte	145
	.ascii	"\244\177"
	.byte	14                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	54                              # DW_AT_decl_line
	.long	147                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	2                               # Abbrev [2] 0xf7:0x1b DW_TAG_subprogram
	.byte	5                               # DW_AT_low_pc
	.long	.Lfunc_end1-.Lfunc_begin1       # DW_AT_high_pc
	.byte	1                               # DW_AT_frame_base
	.byte	86
	.byte	8                               # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	5                               # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	147                             # DW_AT_type
	.byte	4                               # Abbrev [4] 0x106:0xb DW_TAG_formal_parameter
	.byte	2                               # DW_AT_location
	.byte	145
	.byte	120
	.byte	15                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	5                               # DW_AT_decl_line
	.long	147                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	11                              # Abbrev [11] 0x112:0x4 DW_TAG_base_type
	.byte	10                              # DW_AT_name
	.byte	5                               # DW_AT_encoding
	.byte	8                               # DW_AT_byte_size
	.byte	7                               # Abbrev [7] 0x116:0xc DW_TAG_array_type
	.long	143                             # DW_AT_type
	.byte	8                               # Abbrev [8] 0x11b:0x6 DW_TAG_subrange_type
	.long	139                             # DW_AT_type
	.byte	64                              # DW_AT_count
	.byte	0                               # End Of Children Mark
	.byte	14                              # Abbrev [14] 0x122:0x5 DW_TAG_pointer_type
	.long	295                             # DW_AT_type
	.byte	15                              # Abbrev [15] 0x127:0x5 DW_TAG_const_type
	.long	143                             # DW_AT_type
	.byte	0                               # End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_str_offsets,"",@progbits
	.long	96                              # Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 14.0.6"   # string offset=0
.Linfo_string1:
	.asciz	"/src/switch.c" # string offset=28
.Linfo_string2:
	.asciz	"/build" # string offset=78
.Linfo_string3:
	.asciz	"ops"                           # string offset=113
.Linfo_string4:
	.asciz	"__ARRAY_SIZE_TYPE__"           # string offset=117
.Linfo_string5:
	.asciz	"unsigned char"                 # string offset=137
.Linfo_string6:
	.asciz	"int"                           # string offset=151
.Linfo_string7:
	.asciz	"main"                          # string offset=155
.Linfo_string8:
	.asciz	"classify"                      # string offset=160
.Linfo_string9:
	.asciz	"interp"                        # string offset=169
.Linfo_string10:
	.asciz	"long"                          # string offset=176
.Linfo_string11:
	.asciz	"sum"                           # string offset=181
.Linfo_string12:
	.asciz	"code"                          # string offset=185
.Linfo_string13:
	.asciz	"i"                             # string offset=190
.Linfo_string14:
	.asciz	"r"                             # string offset=192
.Linfo_string15:
	.asciz	"c"                             # string offset=194
.Linfo_string16:
	.asciz	"n"                             # string offset=196
.Linfo_string17:
	.asciz	"acc"                           # string offset=198
.Linfo_string18:
	.asciz	"pc"                            # string offset=202
.Linfo_string19:
	.asciz	"op_add"                        # string offset=205
.Linfo_string20:
	.asciz	"op_sub"                        # string offset=212
.Linfo_string21:
	.asciz	"op_dbl"                        # string offset=219
.Linfo_string22:
	.asciz	"op_end"                        # string offset=226
	.section	.debug_str_offsets,"",@progbits
	.long	.Linfo_string0
	.long	.Linfo_string1
	.long	.Linfo_string2
	.long	.Linfo_string3
	.long	.Linfo_string4
	.long	.Linfo_string5
	.long	.Linfo_string6
	.long	.Linfo_string7
	.long	.Linfo_string8
	.long	.Linfo_string9
	.long	.Linfo_string10
	.long	.Linfo_string11
	.long	.Linfo_string12
	.long	.Linfo_string13
	.long	.Linfo_string14
	.long	.Linfo_string15
	.long	.Linfo_string16
	.long	.Linfo_string17
	.long	.Linfo_string18
	.long	.Linfo_string19
	.long	.Linfo_string20
	.long	.Linfo_string21
	.long	.Linfo_string22
	.section	.debug_addr,"",@progbits
	.long	.Ldebug_addr_end0-.Ldebug_addr_start0 # Length of contribution
.Ldebug_addr_start0:
	.short	5                               # DWARF version number
	.byte	8                               # Address size
	.byte	0                               # Segment selector size
.Laddr_table_base0:
	.quad	interp.ops
	.quad	.Lfunc_begin0
	.quad	.Ltmp1
	.quad	.Ltmp5
	.quad	.Ltmp10
	.quad	.Lfunc_begin1
	.quad	.Lfunc_begin2
	.quad	.Ltmp22
	.quad	.Ltmp28
	.quad	.Ltmp34
	.quad	.Ltmp40
.Ldebug_addr_end0:
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym classify
	.addrsig_sym interp
	.addrsig_sym printf
	.addrsig_sym interp.ops
	.section	.debug_line,"",@progbits
.Lline_table_start0:
