	.text
	.file	"max.c"
	.file	0 "/build" "/src/max.c" md5 0x1c83b20681ae8865d1052dc69a1c3a42
	.file	1 "/work/main" "examples/src/max.c" md5 0x1c83b20681ae8865d1052dc69a1c3a42
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
.Lfunc_begin0:
	.loc	1 15 0                          # examples/src/max.c:15:0
	.cfi_startproc
# %bb.0:
	#DEBUG_VALUE: main:argc <- $edi
	#DEBUG_VALUE: main:argv <- $rsi
	pushq	%r14
	.cfi_def_cfa_offset 16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	pushq	%rax
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -24
	.cfi_offset %r14, -16
	movl	%edi, %eax
	movl	$1, %edi
.Ltmp0:
	#DEBUG_VALUE: main:argc <- $eax
	.loc	1 17 13 prologue_end            # examples/src/max.c:17:13
	cmpl	$2, %eax
	.loc	1 17 8 is_stmt 0                # examples/src/max.c:17:8
	jl	.LBB0_2
.Ltmp1:
# %bb.1:
	#DEBUG_VALUE: main:argc <- $eax
	#DEBUG_VALUE: main:argv <- $rsi
	.loc	1 17 34                         # examples/src/max.c:17:34
	movq	8(%rsi), %rdi
.Ltmp2:
	#DEBUG_VALUE: atoi:__nptr <- $rdi
	.file	2 "/usr/include" "stdlib.h" md5 0x4b47dc81a92f1fe77a152c0aac236718
	.loc	2 364 16 is_stmt 1              # /usr/include/stdlib.h:364:16
	xorl	%esi, %esi
.Ltmp3:
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	movl	$10, %edx
	callq	strtol@PLT
.Ltmp4:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	movq	%rax, %rdi
.Ltmp5:
.LBB0_2:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
                                        # kill: def $edi killed $edi killed $rdi
	.loc	1 17 2                          # examples/src/max.c:17:2
	callq	srand@PLT
.Ltmp6:
	.loc	1 0 2 is_stmt 0                 # examples/src/max.c:0:2
	xorl	%ebx, %ebx
.Ltmp7:
	#DEBUG_VALUE: main:i <- 0
	leaq	x(%rip), %r14
.Ltmp8:
	.p2align	4, 0x90
.LBB0_3:                                # =>This Inner Loop Header: Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:i <- [DW_OP_consts 4, DW_OP_div, DW_OP_stack_value] $rbx
	.loc	1 19 10 is_stmt 1               # examples/src/max.c:19:10
	callq	rand@PLT
.Ltmp9:
	.loc	1 19 8 is_stmt 0                # examples/src/max.c:19:8
	movl	%eax, (%rbx,%r14)
.Ltmp10:
	#DEBUG_VALUE: main:i <- [DW_OP_consts 4, DW_OP_div, DW_OP_consts 1, DW_OP_plus, DW_OP_stack_value] $rbx
	.loc	1 18 16 is_stmt 1               # examples/src/max.c:18:16
	addq	$4, %rbx
.Ltmp11:
	cmpq	$400000, %rbx                   # imm = 0x61A80
.Ltmp12:
	.loc	1 18 2 is_stmt 0                # examples/src/max.c:18:2
	jne	.LBB0_3
.Ltmp13:
# %bb.4:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	.loc	1 0 2                           # examples/src/max.c:0:2
	xorl	%eax, %eax
	movl	$1, %ecx
	jmp	.LBB0_5
.Ltmp14:
	.p2align	4, 0x90
.LBB0_11:                               #   in Loop: Header=BB0_5 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 2, DW_OP_stack_value] $rcx
	movl	%edx, %eax
.Ltmp15:
.LBB0_12:                               #   in Loop: Header=BB0_5 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 2, DW_OP_stack_value] $rcx
	#DEBUG_VALUE: max:j <- undef
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 3, DW_OP_stack_value] $rcx
	.loc	1 27 16 is_stmt 1               # examples/src/max.c:27:16
	addq	$3, %rcx
.Ltmp16:
	cmpq	$100000, %rcx                   # imm = 0x186A0
.Ltmp17:
	.loc	1 27 2 is_stmt 0                # examples/src/max.c:27:2
	je	.LBB0_13
.Ltmp18:
.LBB0_5:                                # =>This Inner Loop Header: Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: max:j <- $eax
	#DEBUG_VALUE: max:i <- $rcx
	.loc	1 28 14 is_stmt 1               # examples/src/max.c:28:14
	movslq	%eax, %rsi
	.loc	1 28 7 is_stmt 0                # examples/src/max.c:28:7
	movl	(%r14,%rcx,4), %edi
.Ltmp19:
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 1, DW_OP_stack_value] $rcx
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 1, DW_OP_stack_value] $rcx
	.loc	1 0 7                           # examples/src/max.c:0:7
	movl	%ecx, %edx
	.loc	1 28 12                         # examples/src/max.c:28:12
	cmpl	(%r14,%rsi,4), %edi
.Ltmp20:
	.loc	1 28 7                          # examples/src/max.c:28:7
	jg	.LBB0_7
.Ltmp21:
# %bb.6:                                #   in Loop: Header=BB0_5 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: max:j <- $eax
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 1, DW_OP_stack_value] $rcx
	.loc	1 0 7                           # examples/src/max.c:0:7
	movl	%eax, %edx
.Ltmp22:
.LBB0_7:                                #   in Loop: Header=BB0_5 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: max:j <- $eax
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 1, DW_OP_stack_value] $rcx
	movl	4(%r14,%rcx,4), %eax
.Ltmp23:
	#DEBUG_VALUE: max:j <- undef
	#DEBUG_VALUE: max:j <- undef
	.loc	1 28 14                         # examples/src/max.c:28:14
	movslq	%edx, %rsi
	.loc	1 28 12                         # examples/src/max.c:28:12
	cmpl	(%r14,%rsi,4), %eax
.Ltmp24:
	.loc	1 28 7                          # examples/src/max.c:28:7
	jle	.LBB0_9
.Ltmp25:
# %bb.8:                                #   in Loop: Header=BB0_5 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 1, DW_OP_stack_value] $rcx
	.loc	1 0 7                           # examples/src/max.c:0:7
	leal	1(%rcx), %edx
.Ltmp26:
.LBB0_9:                                #   in Loop: Header=BB0_5 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 1, DW_OP_stack_value] $rcx
	#DEBUG_VALUE: max:j <- undef
	#DEBUG_VALUE: max:j <- undef
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 2, DW_OP_stack_value] $rcx
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 2, DW_OP_stack_value] $rcx
	.loc	1 28 7                          # examples/src/max.c:28:7
	movl	8(%r14,%rcx,4), %eax
	.loc	1 28 14                         # examples/src/max.c:28:14
	movslq	%edx, %rsi
	.loc	1 28 12                         # examples/src/max.c:28:12
	cmpl	(%r14,%rsi,4), %eax
.Ltmp27:
	.loc	1 28 7                          # examples/src/max.c:28:7
	jle	.LBB0_11
.Ltmp28:
# %bb.10:                               #   in Loop: Header=BB0_5 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: max:i <- [DW_OP_plus_uconst 2, DW_OP_stack_value] $rcx
	.loc	1 0 7                           # examples/src/max.c:0:7
	leal	2(%rcx), %eax
	jmp	.LBB0_12
.Ltmp29:
.LBB0_13:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	.loc	1 20 19 is_stmt 1               # examples/src/max.c:20:19
	shrl	$31, %eax
	.loc	1 20 2 is_stmt 0                # examples/src/max.c:20:2
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	retq
.Ltmp30:
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
                                        # -- End function
	.globl	max                             # -- Begin function max
	.p2align	4, 0x90
	.type	max,@function
max:                                    # @max
.Lfunc_begin1:
	.loc	1 24 0 is_stmt 1                # examples/src/max.c:24:0
	.cfi_startproc
# %bb.0:
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- $esi
	#DEBUG_VALUE: max:j <- 0
	#DEBUG_VALUE: max:i <- 1
	xorl	%eax, %eax
.Ltmp31:
	.loc	1 27 16 prologue_end            # examples/src/max.c:27:16
	cmpl	$2, %esi
.Ltmp32:
	.loc	1 27 2 is_stmt 0                # examples/src/max.c:27:2
	jl	.LBB1_17
.Ltmp33:
# %bb.1:
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- $esi
	#DEBUG_VALUE: max:j <- 0
	#DEBUG_VALUE: max:i <- 1
	.loc	1 27 16                         # examples/src/max.c:27:16
	movl	%esi, %eax
.Ltmp34:
	.loc	1 27 2                          # examples/src/max.c:27:2
	leaq	-1(%rax), %r8
	addq	$-2, %rax
	movl	%r8d, %r9d
	andl	$3, %r9d
	cmpq	$3, %rax
	jae	.LBB1_3
.Ltmp35:
# %bb.2:
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- $esi
	#DEBUG_VALUE: max:j <- 0
	#DEBUG_VALUE: max:i <- 1
	.loc	1 0 2                           # examples/src/max.c:0:2
	xorl	%esi, %esi
.Ltmp36:
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	movl	$1, %edx
.Ltmp37:
.LBB1_13:
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	movl	%esi, %eax
	.loc	1 27 2                          # examples/src/max.c:27:2
	testq	%r9, %r9
	jne	.LBB1_14
.Ltmp38:
.LBB1_17:
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	.loc	1 30 2 is_stmt 1                # examples/src/max.c:30:2
	retq
.Ltmp39:
	.p2align	4, 0x90
.LBB1_16:                               #   in Loop: Header=BB1_14 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	#DEBUG_VALUE: max:j <- $esi
	#DEBUG_VALUE: max:i <- $rdx
	#DEBUG_VALUE: max:j <- undef
	.loc	1 27 22                         # examples/src/max.c:27:22
	addq	$1, %rdx
.Ltmp40:
	#DEBUG_VALUE: max:i <- $rdx
	.loc	1 0 22 is_stmt 0                # examples/src/max.c:0:22
	movl	%eax, %esi
.Ltmp41:
	.loc	1 27 2                          # examples/src/max.c:27:2
	addq	$-1, %r9
	je	.LBB1_17
.Ltmp42:
.LBB1_14:                               # =>This Inner Loop Header: Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	#DEBUG_VALUE: max:j <- $esi
	#DEBUG_VALUE: max:i <- $rdx
	.loc	1 28 7 is_stmt 1                # examples/src/max.c:28:7
	movl	(%rdi,%rdx,4), %r8d
	.loc	1 28 14 is_stmt 0               # examples/src/max.c:28:14
	movslq	%esi, %rcx
	movl	%edx, %eax
	.loc	1 28 12                         # examples/src/max.c:28:12
	cmpl	(%rdi,%rcx,4), %r8d
.Ltmp43:
	.loc	1 28 7                          # examples/src/max.c:28:7
	jg	.LBB1_16
.Ltmp44:
# %bb.15:                               #   in Loop: Header=BB1_14 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	#DEBUG_VALUE: max:j <- $esi
	#DEBUG_VALUE: max:i <- $rdx
	.loc	1 0 7                           # examples/src/max.c:0:7
	movl	%esi, %eax
	jmp	.LBB1_16
.Ltmp45:
.LBB1_3:
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- $esi
	#DEBUG_VALUE: max:j <- 0
	#DEBUG_VALUE: max:i <- 1
	.loc	1 27 2 is_stmt 1                # examples/src/max.c:27:2
	andq	$-4, %r8
	xorl	%ecx, %ecx
	movl	$1, %edx
	xorl	%eax, %eax
	jmp	.LBB1_4
.Ltmp46:
	.p2align	4, 0x90
.LBB1_12:                               #   in Loop: Header=BB1_4 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	#DEBUG_VALUE: max:j <- undef
	.loc	1 27 22 is_stmt 0               # examples/src/max.c:27:22
	addq	$4, %rdx
.Ltmp47:
	#DEBUG_VALUE: max:i <- $rdx
	.loc	1 27 2                          # examples/src/max.c:27:2
	addq	$4, %rax
	movl	%esi, %ecx
	cmpq	%r8, %rax
	je	.LBB1_13
.Ltmp48:
.LBB1_4:                                # =>This Inner Loop Header: Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	.loc	1 28 14 is_stmt 1               # examples/src/max.c:28:14
	movslq	%ecx, %r10
.Ltmp49:
	#DEBUG_VALUE: max:j <- $ecx
	#DEBUG_VALUE: max:i <- $rdx
	.loc	1 28 7 is_stmt 0                # examples/src/max.c:28:7
	movl	(%rdi,%rdx,4), %r11d
.Ltmp50:
	#DEBUG_VALUE: max:i <- undef
	#DEBUG_VALUE: max:j <- undef
	.loc	1 0 7                           # examples/src/max.c:0:7
	movl	%edx, %esi
	.loc	1 28 12                         # examples/src/max.c:28:12
	cmpl	(%rdi,%r10,4), %r11d
.Ltmp51:
	.loc	1 28 7                          # examples/src/max.c:28:7
	jg	.LBB1_6
.Ltmp52:
# %bb.5:                                #   in Loop: Header=BB1_4 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	.loc	1 0 7                           # examples/src/max.c:0:7
	movl	%ecx, %esi
.Ltmp53:
.LBB1_6:                                #   in Loop: Header=BB1_4 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	movl	4(%rdi,%rdx,4), %r10d
.Ltmp54:
	#DEBUG_VALUE: max:j <- undef
	.loc	1 28 14                         # examples/src/max.c:28:14
	movslq	%esi, %rcx
	.loc	1 28 12                         # examples/src/max.c:28:12
	cmpl	(%rdi,%rcx,4), %r10d
.Ltmp55:
	.loc	1 28 7                          # examples/src/max.c:28:7
	jle	.LBB1_8
.Ltmp56:
# %bb.7:                                #   in Loop: Header=BB1_4 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	.loc	1 0 7                           # examples/src/max.c:0:7
	leal	1(%rdx), %esi
.Ltmp57:
.LBB1_8:                                #   in Loop: Header=BB1_4 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	#DEBUG_VALUE: max:j <- undef
	#DEBUG_VALUE: max:i <- undef
	#DEBUG_VALUE: max:j <- undef
	.loc	1 28 7                          # examples/src/max.c:28:7
	movl	8(%rdi,%rdx,4), %r10d
	.loc	1 28 14                         # examples/src/max.c:28:14
	movslq	%esi, %rcx
	.loc	1 28 12                         # examples/src/max.c:28:12
	cmpl	(%rdi,%rcx,4), %r10d
.Ltmp58:
	.loc	1 28 7                          # examples/src/max.c:28:7
	jle	.LBB1_10
.Ltmp59:
# %bb.9:                                #   in Loop: Header=BB1_4 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	.loc	1 0 7                           # examples/src/max.c:0:7
	leal	2(%rdx), %esi
.Ltmp60:
.LBB1_10:                               #   in Loop: Header=BB1_4 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	#DEBUG_VALUE: max:j <- undef
	#DEBUG_VALUE: max:i <- undef
	#DEBUG_VALUE: max:j <- undef
	.loc	1 28 7                          # examples/src/max.c:28:7
	movl	12(%rdi,%rdx,4), %r10d
	.loc	1 28 14                         # examples/src/max.c:28:14
	movslq	%esi, %rcx
	.loc	1 28 12                         # examples/src/max.c:28:12
	cmpl	(%rdi,%rcx,4), %r10d
.Ltmp61:
	.loc	1 28 7                          # examples/src/max.c:28:7
	jle	.LBB1_12
.Ltmp62:
# %bb.11:                               #   in Loop: Header=BB1_4 Depth=1
	#DEBUG_VALUE: max:v <- $rdi
	#DEBUG_VALUE: max:n <- [DW_OP_LLVM_entry_value 1] $esi
	.loc	1 0 7                           # examples/src/max.c:0:7
	leal	3(%rdx), %esi
	jmp	.LBB1_12
.Lfunc_end1:
	.size	max, .Lfunc_end1-max
	.cfi_endproc
                                        # -- End function
	.type	x,@object                       # @x
	.bss
	.globl	x
	.p2align	4
x:
	.zero	400000
	.size	x, 400000

	.section	.debug_loclists,"",@progbits
	.long	.Ldebug_list_header_end0-.Ldebug_list_header_start0 # Length
.Ldebug_list_header_start0:
	.short	5                               # Version
	.byte	8                               # Address size
	.byte	0                               # Segment selector size
	.long	9                               # Offset entry count
.Lloclists_table_base0:
	.long	.Ldebug_loc0-.Lloclists_table_base0
	.long	.Ldebug_loc1-.Lloclists_table_base0
	.long	.Ldebug_loc2-.Lloclists_table_base0
	.long	.Ldebug_loc3-.Lloclists_table_base0
	.long	.Ldebug_loc4-.Lloclists_table_base0
	.long	.Ldebug_loc5-.Lloclists_table_base0
	.long	.Ldebug_loc6-.Lloclists_table_base0
	.long	.Ldebug_loc7-.Lloclists_table_base0
	.long	.Ldebug_loc8-.Lloclists_table_base0
.Ldebug_loc0:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin0-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp0-.Lfunc_begin0           #   ending offset
	.byte	1                               # Loc expr size
	.byte	85                              # super-register DW_OP_reg5
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp0-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp4-.Lfunc_begin0           #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # super-register DW_OP_reg0
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp4-.Lfunc_begin0           #   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      #   ending offset
	.byte	4                               # Loc expr size
	.byte	163                             # DW_OP_entry_value
	.byte	1                               # 1
	.byte	85                              # super-register DW_OP_reg5
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc1:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin0-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp3-.Lfunc_begin0           #   ending offset
	.byte	1                               # Loc expr size
	.byte	84                              # DW_OP_reg4
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp3-.Lfunc_begin0           #   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      #   ending offset
	.byte	4                               # Loc expr size
	.byte	163                             # DW_OP_entry_value
	.byte	1                               # 1
	.byte	84                              # DW_OP_reg4
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc2:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp2-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp4-.Lfunc_begin0           #   ending offset
	.byte	1                               # Loc expr size
	.byte	85                              # DW_OP_reg5
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc3:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp7-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp8-.Lfunc_begin0           #   ending offset
	.byte	3                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	0                               # 0
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp8-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp10-.Lfunc_begin0          #   ending offset
	.byte	6                               # Loc expr size
	.byte	115                             # DW_OP_breg3
	.byte	0                               # 0
	.byte	17                              # DW_OP_consts
	.byte	4                               # 4
	.byte	27                              # DW_OP_div
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp10-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp11-.Lfunc_begin0          #   ending offset
	.byte	9                               # Loc expr size
	.byte	115                             # DW_OP_breg3
	.byte	0                               # 0
	.byte	17                              # DW_OP_consts
	.byte	4                               # 4
	.byte	27                              # DW_OP_div
	.byte	17                              # DW_OP_consts
	.byte	1                               # 1
	.byte	34                              # DW_OP_plus
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc4:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp15-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp16-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	114                             # DW_OP_breg2
	.byte	3                               # 3
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp18-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp19-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # DW_OP_reg2
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp19-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp26-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	114                             # DW_OP_breg2
	.byte	1                               # 1
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp26-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp28-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	114                             # DW_OP_breg2
	.byte	2                               # 2
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc5:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp18-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp23-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # super-register DW_OP_reg0
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc6:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin1-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp36-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	84                              # super-register DW_OP_reg4
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp36-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp45-.Lfunc_begin0          #   ending offset
	.byte	4                               # Loc expr size
	.byte	163                             # DW_OP_entry_value
	.byte	1                               # 1
	.byte	84                              # super-register DW_OP_reg4
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp45-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp46-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	84                              # super-register DW_OP_reg4
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp46-.Lfunc_begin0          #   starting offset
	.uleb128 .Lfunc_end1-.Lfunc_begin0      #   ending offset
	.byte	4                               # Loc expr size
	.byte	163                             # DW_OP_entry_value
	.byte	1                               # 1
	.byte	84                              # super-register DW_OP_reg4
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc7:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin1-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp37-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	0                               # 0
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp42-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp45-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	84                              # super-register DW_OP_reg4
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp45-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp46-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	0                               # 0
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp49-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp50-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # super-register DW_OP_reg2
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc8:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin1-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp37-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	1                               # 1
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp39-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp45-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # DW_OP_reg1
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp45-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp46-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	1                               # 1
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp47-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp48-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # DW_OP_reg1
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp49-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp50-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # DW_OP_reg1
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_list_header_end0:
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
	.ascii	"\214\001"                      # DW_AT_loclists_base
	.byte	23                              # DW_FORM_sec_offset
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	2                               # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	63                              # DW_AT_external
	.byte	25                              # DW_FORM_flag_present
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	2                               # DW_AT_location
	.byte	24                              # DW_FORM_exprloc
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	3                               # Abbreviation Code
	.byte	1                               # DW_TAG_array_type
	.byte	1                               # DW_CHILDREN_yes
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	4                               # Abbreviation Code
	.byte	33                              # DW_TAG_subrange_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	55                              # DW_AT_count
	.byte	6                               # DW_FORM_data4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	5                               # Abbreviation Code
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
	.byte	6                               # Abbreviation Code
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
	.byte	7                               # Abbreviation Code
	.byte	15                              # DW_TAG_pointer_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	8                               # Abbreviation Code
	.byte	15                              # DW_TAG_pointer_type
	.byte	0                               # DW_CHILDREN_no
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	9                               # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	1                               # DW_CHILDREN_yes
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	5                               # DW_FORM_data2
	.byte	39                              # DW_AT_prototyped
	.byte	25                              # DW_FORM_flag_present
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	63                              # DW_AT_external
	.byte	25                              # DW_FORM_flag_present
	.byte	32                              # DW_AT_inline
	.byte	33                              # DW_FORM_implicit_const
	.byte	1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	10                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	5                               # DW_FORM_data2
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	11                              # Abbreviation Code
	.byte	38                              # DW_TAG_const_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	12                              # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	1                               # DW_CHILDREN_yes
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
	.byte	32                              # DW_AT_inline
	.byte	33                              # DW_FORM_implicit_const
	.byte	1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	13                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
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
	.byte	14                              # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
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
	.byte	15                              # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	1                               # DW_CHILDREN_yes
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	64                              # DW_AT_frame_base
	.byte	24                              # DW_FORM_exprloc
	.byte	122                             # DW_AT_call_all_calls
	.byte	25                              # DW_FORM_flag_present
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
	.byte	16                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	34                              # DW_FORM_loclistx
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
	.byte	17                              # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	34                              # DW_FORM_loclistx
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
	.byte	18                              # Abbreviation Code
	.byte	29                              # DW_TAG_inlined_subroutine
	.byte	1                               # DW_CHILDREN_yes
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	88                              # DW_AT_call_file
	.byte	11                              # DW_FORM_data1
	.byte	89                              # DW_AT_call_line
	.byte	11                              # DW_FORM_data1
	.byte	87                              # DW_AT_call_column
	.byte	11                              # DW_FORM_data1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	19                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	34                              # DW_FORM_loclistx
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	20                              # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	34                              # DW_FORM_loclistx
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	21                              # Abbreviation Code
	.byte	72                              # DW_TAG_call_site
	.byte	0                               # DW_CHILDREN_no
	.byte	127                             # DW_AT_call_origin
	.byte	19                              # DW_FORM_ref4
	.byte	125                             # DW_AT_call_return_pc
	.byte	27                              # DW_FORM_addrx
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	22                              # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	1                               # DW_CHILDREN_yes
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	5                               # DW_FORM_data2
	.byte	39                              # DW_AT_prototyped
	.byte	25                              # DW_FORM_flag_present
	.byte	60                              # DW_AT_declaration
	.byte	25                              # DW_FORM_flag_present
	.byte	63                              # DW_AT_external
	.byte	25                              # DW_FORM_flag_present
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	23                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	24                              # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	0                               # DW_CHILDREN_no
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	5                               # DW_FORM_data2
	.byte	39                              # DW_AT_prototyped
	.byte	25                              # DW_FORM_flag_present
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	60                              # DW_AT_declaration
	.byte	25                              # DW_FORM_flag_present
	.byte	63                              # DW_AT_external
	.byte	25                              # DW_FORM_flag_present
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	25                              # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	1                               # DW_CHILDREN_yes
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	64                              # DW_AT_frame_base
	.byte	24                              # DW_FORM_exprloc
	.byte	122                             # DW_AT_call_all_calls
	.byte	25                              # DW_FORM_flag_present
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	26                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	24                              # DW_FORM_exprloc
	.byte	49                              # DW_AT_abstract_origin
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
	.byte	1                               # Abbrev [1] 0xc:0x13b DW_TAG_compile_unit
	.byte	0                               # DW_AT_producer
	.short	12                              # DW_AT_language
	.byte	1                               # DW_AT_name
	.long	.Lstr_offsets_base0             # DW_AT_str_offsets_base
	.long	.Lline_table_start0             # DW_AT_stmt_list
	.byte	2                               # DW_AT_comp_dir
	.byte	1                               # DW_AT_low_pc
	.long	.Lfunc_end1-.Lfunc_begin0       # DW_AT_high_pc
	.long	.Laddr_table_base0              # DW_AT_addr_base
	.long	.Lloclists_table_base0          # DW_AT_loclists_base
	.byte	2                               # Abbrev [2] 0x27:0xb DW_TAG_variable
	.byte	3                               # DW_AT_name
	.long	50                              # DW_AT_type
                                        # DW_AT_external
	.byte	1                               # DW_AT_decl_file
	.byte	10                              # DW_AT_decl_line
	.byte	2                               # DW_AT_location
	.byte	161
	.byte	0
	.byte	3                               # Abbrev [3] 0x32:0xf DW_TAG_array_type
	.long	65                              # DW_AT_type
	.byte	4                               # Abbrev [4] 0x37:0x9 DW_TAG_subrange_type
	.long	69                              # DW_AT_type
	.long	100000                          # DW_AT_count
	.byte	0                               # End Of Children Mark
	.byte	5                               # Abbrev [5] 0x41:0x4 DW_TAG_base_type
	.byte	4                               # DW_AT_name
	.byte	5                               # DW_AT_encoding
	.byte	4                               # DW_AT_byte_size
	.byte	6                               # Abbrev [6] 0x45:0x4 DW_TAG_base_type
	.byte	5                               # DW_AT_name
	.byte	8                               # DW_AT_byte_size
	.byte	7                               # DW_AT_encoding
	.byte	5                               # Abbrev [5] 0x49:0x4 DW_TAG_base_type
	.byte	6                               # DW_AT_name
	.byte	7                               # DW_AT_encoding
	.byte	4                               # DW_AT_byte_size
	.byte	7                               # Abbrev [7] 0x4d:0x5 DW_TAG_pointer_type
	.long	82                              # DW_AT_type
	.byte	7                               # Abbrev [7] 0x52:0x5 DW_TAG_pointer_type
	.long	87                              # DW_AT_type
	.byte	5                               # Abbrev [5] 0x57:0x4 DW_TAG_base_type
	.byte	7                               # DW_AT_name
	.byte	6                               # DW_AT_encoding
	.byte	1                               # DW_AT_byte_size
	.byte	8                               # Abbrev [8] 0x5b:0x1 DW_TAG_pointer_type
	.byte	9                               # Abbrev [9] 0x5c:0x13 DW_TAG_subprogram
	.byte	8                               # DW_AT_name
	.byte	2                               # DW_AT_decl_file
	.short	362                             # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	65                              # DW_AT_type
                                        # DW_AT_external
                                        # DW_AT_inline
	.byte	10                              # Abbrev [10] 0x65:0x9 DW_TAG_formal_parameter
	.byte	9                               # DW_AT_name
	.byte	2                               # DW_AT_decl_file
	.short	362                             # DW_AT_decl_line
	.long	111                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	7                               # Abbrev [7] 0x6f:0x5 DW_TAG_pointer_type
	.long	116                             # DW_AT_type
	.byte	11                              # Abbrev [11] 0x74:0x5 DW_TAG_const_type
	.long	87                              # DW_AT_type
	.byte	12                              # Abbrev [12] 0x79:0x29 DW_TAG_subprogram
	.byte	10                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	23                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	65                              # DW_AT_type
                                        # DW_AT_external
                                        # DW_AT_inline
	.byte	13                              # Abbrev [13] 0x81:0x8 DW_TAG_formal_parameter
	.byte	11                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	23                              # DW_AT_decl_line
	.long	162                             # DW_AT_type
	.byte	13                              # Abbrev [13] 0x89:0x8 DW_TAG_formal_parameter
	.byte	12                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	23                              # DW_AT_decl_line
	.long	65                              # DW_AT_type
	.byte	14                              # Abbrev [14] 0x91:0x8 DW_TAG_variable
	.byte	13                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	25                              # DW_AT_decl_line
	.long	65                              # DW_AT_type
	.byte	14                              # Abbrev [14] 0x99:0x8 DW_TAG_variable
	.byte	14                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	25                              # DW_AT_decl_line
	.long	65                              # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	7                               # Abbrev [7] 0xa2:0x5 DW_TAG_pointer_type
	.long	65                              # DW_AT_type
	.byte	15                              # Abbrev [15] 0xa7:0x65 DW_TAG_subprogram
	.byte	1                               # DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       # DW_AT_high_pc
	.byte	1                               # DW_AT_frame_base
	.byte	87
                                        # DW_AT_call_all_calls
	.byte	17                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	14                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	65                              # DW_AT_type
                                        # DW_AT_external
	.byte	16                              # Abbrev [16] 0xb6:0x9 DW_TAG_formal_parameter
	.byte	0                               # DW_AT_location
	.byte	18                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	14                              # DW_AT_decl_line
	.long	65                              # DW_AT_type
	.byte	16                              # Abbrev [16] 0xbf:0x9 DW_TAG_formal_parameter
	.byte	1                               # DW_AT_location
	.byte	19                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	14                              # DW_AT_decl_line
	.long	77                              # DW_AT_type
	.byte	17                              # Abbrev [17] 0xc8:0x9 DW_TAG_variable
	.byte	3                               # DW_AT_location
	.byte	13                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	16                              # DW_AT_decl_line
	.long	65                              # DW_AT_type
	.byte	18                              # Abbrev [18] 0xd1:0x14 DW_TAG_inlined_subroutine
	.long	92                              # DW_AT_abstract_origin
	.byte	2                               # DW_AT_low_pc
	.long	.Ltmp5-.Ltmp2                   # DW_AT_high_pc
	.byte	1                               # DW_AT_call_file
	.byte	17                              # DW_AT_call_line
	.byte	29                              # DW_AT_call_column
	.byte	19                              # Abbrev [19] 0xde:0x6 DW_TAG_formal_parameter
	.byte	2                               # DW_AT_location
	.long	101                             # DW_AT_abstract_origin
	.byte	0                               # End Of Children Mark
	.byte	18                              # Abbrev [18] 0xe5:0x1a DW_TAG_inlined_subroutine
	.long	121                             # DW_AT_abstract_origin
	.byte	3                               # DW_AT_low_pc
	.long	.Ltmp28-.Ltmp15                 # DW_AT_high_pc
	.byte	1                               # DW_AT_call_file
	.byte	20                              # DW_AT_call_line
	.byte	9                               # DW_AT_call_column
	.byte	20                              # Abbrev [20] 0xf2:0x6 DW_TAG_variable
	.byte	4                               # DW_AT_location
	.long	145                             # DW_AT_abstract_origin
	.byte	20                              # Abbrev [20] 0xf8:0x6 DW_TAG_variable
	.byte	5                               # DW_AT_location
	.long	153                             # DW_AT_abstract_origin
	.byte	0                               # End Of Children Mark
	.byte	21                              # Abbrev [21] 0xff:0x6 DW_TAG_call_site
	.long	268                             # DW_AT_call_origin
	.byte	4                               # DW_AT_call_return_pc
	.byte	21                              # Abbrev [21] 0x105:0x6 DW_TAG_call_site
	.long	279                             # DW_AT_call_origin
	.byte	5                               # DW_AT_call_return_pc
	.byte	0                               # End Of Children Mark
	.byte	22                              # Abbrev [22] 0x10c:0xb DW_TAG_subprogram
	.byte	15                              # DW_AT_name
	.byte	2                               # DW_AT_decl_file
	.short	456                             # DW_AT_decl_line
                                        # DW_AT_prototyped
                                        # DW_AT_declaration
                                        # DW_AT_external
	.byte	23                              # Abbrev [23] 0x111:0x5 DW_TAG_formal_parameter
	.long	73                              # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	24                              # Abbrev [24] 0x117:0x9 DW_TAG_subprogram
	.byte	16                              # DW_AT_name
	.byte	2                               # DW_AT_decl_file
	.short	454                             # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	65                              # DW_AT_type
                                        # DW_AT_declaration
                                        # DW_AT_external
	.byte	25                              # Abbrev [25] 0x120:0x26 DW_TAG_subprogram
	.byte	6                               # DW_AT_low_pc
	.long	.Lfunc_end1-.Lfunc_begin1       # DW_AT_high_pc
	.byte	1                               # DW_AT_frame_base
	.byte	87
                                        # DW_AT_call_all_calls
	.long	121                             # DW_AT_abstract_origin
	.byte	26                              # Abbrev [26] 0x12c:0x7 DW_TAG_formal_parameter
	.byte	1                               # DW_AT_location
	.byte	85
	.long	129                             # DW_AT_abstract_origin
	.byte	19                              # Abbrev [19] 0x133:0x6 DW_TAG_formal_parameter
	.byte	6                               # DW_AT_location
	.long	137                             # DW_AT_abstract_origin
	.byte	20                              # Abbrev [20] 0x139:0x6 DW_TAG_variable
	.byte	7                               # DW_AT_location
	.long	153                             # DW_AT_abstract_origin
	.byte	20                              # Abbrev [20] 0x13f:0x6 DW_TAG_variable
	.byte	8                               # DW_AT_location
	.long	145                             # DW_AT_abstract_origin
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_str_offsets,"",@progbits
	.long	84                              # Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 14.0.6"   # string offset=0
.Linfo_string1:
	.asciz	"/src/max.c" # string offset=28
.Linfo_string2:
	.asciz	"/build" # string offset=58
.Linfo_string3:
	.asciz	"x"                             # string offset=93
.Linfo_string4:
	.asciz	"int"                           # string offset=95
.Linfo_string5:
	.asciz	"__ARRAY_SIZE_TYPE__"           # string offset=99
.Linfo_string6:
	.asciz	"unsigned int"                  # string offset=119
.Linfo_string7:
	.asciz	"char"                          # string offset=132
.Linfo_string8:
	.asciz	"atoi"                          # string offset=137
.Linfo_string9:
	.asciz	"__nptr"                        # string offset=142
.Linfo_string10:
	.asciz	"max"                           # string offset=149
.Linfo_string11:
	.asciz	"v"                             # string offset=153
.Linfo_string12:
	.asciz	"n"                             # string offset=155
.Linfo_string13:
	.asciz	"i"                             # string offset=157
.Linfo_string14:
	.asciz	"j"                             # string offset=159
.Linfo_string15:
	.asciz	"srand"                         # string offset=161
.Linfo_string16:
	.asciz	"rand"                          # string offset=167
.Linfo_string17:
	.asciz	"main"                          # string offset=172
.Linfo_string18:
	.asciz	"argc"                          # string offset=177
.Linfo_string19:
	.asciz	"argv"                          # string offset=182
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
	.section	.debug_addr,"",@progbits
	.long	.Ldebug_addr_end0-.Ldebug_addr_start0 # Length of contribution
.Ldebug_addr_start0:
	.short	5                               # DWARF version number
	.byte	8                               # Address size
	.byte	0                               # Segment selector size
.Laddr_table_base0:
	.quad	x
	.quad	.Lfunc_begin0
	.quad	.Ltmp2
	.quad	.Ltmp15
	.quad	.Ltmp6
	.quad	.Ltmp9
	.quad	.Lfunc_begin1
.Ldebug_addr_end0:
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.section	.debug_line,"",@progbits
.Lline_table_start0:
