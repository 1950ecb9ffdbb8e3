	.text
	.file	"work.c"
	.file	0 "/build" "work.c" md5 0x0c0e867905de41f26c9176f6265509c8
	.file	1 "/usr/lib/llvm-14/lib/clang/14.0.6/include" "stddef.h" md5 0x2499dd2361b915724b073282bea3a7bc
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
.Lfunc_begin0:
	.loc	0 100 0                         # work.c:100:0
	.cfi_startproc
# %bb.0:
	#DEBUG_VALUE: main:argc <- $edi
	#DEBUG_VALUE: main:argv <- $rsi
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	subq	$296, %rsp                      # imm = 0x128
	.cfi_def_cfa_offset 352
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movl	$10, %eax
	movq	%rax, (%rsp)                    # 8-byte Spill
.Ltmp0:
	.loc	0 101 19 prologue_end           # work.c:101:19
	cmpl	$2, %edi
	.loc	0 101 14 is_stmt 0              # work.c:101:14
	jl	.LBB0_2
.Ltmp1:
# %bb.1:
	#DEBUG_VALUE: main:argc <- $edi
	#DEBUG_VALUE: main:argv <- $rsi
	.loc	0 101 30                        # work.c:101:30
	movq	8(%rsi), %rdi
.Ltmp2:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: atoi:__nptr <- $rdi
	.file	2 "/usr/include" "stdlib.h" md5 0x4b47dc81a92f1fe77a152c0aac236718
	.loc	2 364 16 is_stmt 1              # /usr/include/stdlib.h:364:16
	xorl	%esi, %esi
.Ltmp3:
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	movl	$10, %edx
	callq	strtol@PLT
.Ltmp4:
	.loc	2 0 16 is_stmt 0                # /usr/include/stdlib.h:0:16
	movq	%rax, (%rsp)                    # 8-byte Spill
.Ltmp5:
.LBB0_2:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- 0
	#DEBUG_VALUE: main:n <- 200000
	.loc	0 104 11 is_stmt 1              # work.c:104:11
	movl	$800000, %edi                   # imm = 0xC3500
	callq	malloc@PLT
.Ltmp6:
	movq	%rax, %r12
.Ltmp7:
	#DEBUG_VALUE: main:a <- $r12
	.loc	0 105 12                        # work.c:105:12
	movl	$2000000, %edi                  # imm = 0x1E8480
	callq	malloc@PLT
.Ltmp8:
	#DEBUG_VALUE: main:s <- $rax
	.loc	0 0 12 is_stmt 0                # work.c:0:12
	xorl	%esi, %esi
	#DEBUG_VALUE: i <- 0
	movq	rng(%rip), %rbx
	#DEBUG_VALUE: i <- 0
.Ltmp9:
	.p2align	4, 0x90
.LBB0_3:                                # =>This Inner Loop Header: Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- 0
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $rax
	#DEBUG_VALUE: i <- $rsi
	.loc	0 14 13 is_stmt 1               # work.c:14:13
	movq	%rbx, %rcx
	shlq	$13, %rcx
	.loc	0 14 6 is_stmt 0                # work.c:14:6
	xorq	%rbx, %rcx
	.loc	0 15 13 is_stmt 1               # work.c:15:13
	movq	%rcx, %rdx
	shrq	$7, %rdx
	.loc	0 15 6 is_stmt 0                # work.c:15:6
	xorq	%rcx, %rdx
	.loc	0 16 13 is_stmt 1               # work.c:16:13
	movq	%rdx, %rcx
	shlq	$17, %rcx
	.loc	0 16 6 is_stmt 0                # work.c:16:6
	xorq	%rdx, %rcx
.Ltmp10:
	.loc	0 108 11 is_stmt 1              # work.c:108:11
	movb	%dl, 32(%rsp,%rsi)
.Ltmp11:
	#DEBUG_VALUE: i <- [DW_OP_constu 1, DW_OP_or, DW_OP_stack_value] $rsi
	#DEBUG_VALUE: i <- [DW_OP_constu 1, DW_OP_or, DW_OP_stack_value] $rsi
	.loc	0 14 13                         # work.c:14:13
	movq	%rcx, %rdx
	shlq	$13, %rdx
	.loc	0 14 6 is_stmt 0                # work.c:14:6
	xorq	%rcx, %rdx
	.loc	0 15 13 is_stmt 1               # work.c:15:13
	movq	%rdx, %rcx
	shrq	$7, %rcx
	.loc	0 15 6 is_stmt 0                # work.c:15:6
	xorq	%rdx, %rcx
	.loc	0 16 13 is_stmt 1               # work.c:16:13
	movq	%rcx, %rbx
	shlq	$17, %rbx
	.loc	0 16 6 is_stmt 0                # work.c:16:6
	xorq	%rcx, %rbx
.Ltmp12:
	.loc	0 108 11 is_stmt 1              # work.c:108:11
	movb	%cl, 33(%rsp,%rsi)
	.loc	0 107 28                        # work.c:107:28
	addq	$2, %rsi
.Ltmp13:
	#DEBUG_VALUE: i <- $rsi
	.loc	0 107 20 is_stmt 0              # work.c:107:20
	cmpq	$256, %rsi                      # imm = 0x100
.Ltmp14:
	.loc	0 107 2                         # work.c:107:2
	jne	.LBB0_3
.Ltmp15:
# %bb.4:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- 0
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $rax
	#DEBUG_VALUE: i <- $rsi
	.loc	0 0 0                           # work.c:0:0
	movq	%rbx, rng(%rip)
	xorl	%ecx, %ecx
.Ltmp16:
	#DEBUG_VALUE: round <- 0
	#DEBUG_VALUE: main:sum <- 0
	.loc	0 109 28 is_stmt 1              # work.c:109:28
	cmpl	$0, (%rsp)                      # 4-byte Folded Reload
.Ltmp17:
	.loc	0 109 2 is_stmt 0               # work.c:109:2
	jle	.LBB0_5
.Ltmp18:
# %bb.9:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- 0
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $rax
	#DEBUG_VALUE: round <- 0
	.loc	0 0 2                           # work.c:0:2
	movq	%rax, 16(%rsp)                  # 8-byte Spill
.Ltmp19:
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	.loc	0 109 2                         # work.c:109:2
	addq	$4, %rax
	movq	%rax, 8(%rsp)                   # 8-byte Spill
	movabsq	$4835703278458516699, %rdi      # imm = 0x431BDE82D7B634DB
	leaq	keys(%rip), %r13
	leaq	.LJTI0_0(%rip), %r15
	xorl	%r14d, %r14d
.Ltmp20:
	.p2align	4, 0x90
.LBB0_10:                               # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_11 Depth 2
                                        #     Child Loop BB0_13 Depth 2
                                        #       Child Loop BB0_15 Depth 3
                                        #     Child Loop BB0_20 Depth 2
                                        #       Child Loop BB0_21 Depth 3
                                        #     Child Loop BB0_24 Depth 2
                                        #       Child Loop BB0_27 Depth 3
                                        #     Child Loop BB0_30 Depth 2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- $ecx
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: i <- 0
	.loc	0 0 2                           # work.c:0:2
	movq	%rcx, 24(%rsp)                  # 8-byte Spill
.Ltmp21:
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	movl	$1, %esi
.Ltmp22:
	.p2align	4, 0x90
.LBB0_11:                               #   Parent Loop BB0_10 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- [DW_OP_constu 1, DW_OP_minus, DW_OP_stack_value] $rsi
	.loc	0 14 13 is_stmt 1               # work.c:14:13
	movq	%rbx, %rax
	shlq	$13, %rax
	.loc	0 14 6 is_stmt 0                # work.c:14:6
	xorq	%rbx, %rax
	.loc	0 15 13 is_stmt 1               # work.c:15:13
	movq	%rax, %rdx
	shrq	$7, %rdx
	.loc	0 15 6 is_stmt 0                # work.c:15:6
	xorq	%rax, %rdx
	.loc	0 16 13 is_stmt 1               # work.c:16:13
	movq	%rdx, %rcx
	shlq	$17, %rcx
	.loc	0 16 6 is_stmt 0                # work.c:16:6
	xorq	%rdx, %rcx
.Ltmp23:
	.loc	0 111 24 is_stmt 1              # work.c:111:24
	movq	%rcx, %rax
	mulq	%rdi
	shrq	$18, %rdx
	imull	$1000000, %edx, %eax            # imm = 0xF4240
.Ltmp24:
	#DEBUG_VALUE: i <- $rsi
	#DEBUG_VALUE: i <- $rsi
	.loc	0 14 13                         # work.c:14:13
	movq	%rcx, %rdx
	shlq	$13, %rdx
	.loc	0 14 6 is_stmt 0                # work.c:14:6
	xorq	%rcx, %rdx
.Ltmp25:
                                        # kill: def $ecx killed $ecx killed $rcx
	.loc	0 111 24 is_stmt 1              # work.c:111:24
	subl	%eax, %ecx
	.loc	0 111 9 is_stmt 0               # work.c:111:9
	movl	%ecx, -4(%r12,%rsi,4)
.Ltmp26:
	.loc	0 15 13 is_stmt 1               # work.c:15:13
	movq	%rdx, %rax
	shrq	$7, %rax
	.loc	0 15 6 is_stmt 0                # work.c:15:6
	xorq	%rdx, %rax
	.loc	0 16 13 is_stmt 1               # work.c:16:13
	movq	%rax, %rbx
	shlq	$17, %rbx
	.loc	0 16 6 is_stmt 0                # work.c:16:6
	xorq	%rax, %rbx
.Ltmp27:
	.loc	0 111 24 is_stmt 1              # work.c:111:24
	movq	%rbx, %rax
	mulq	%rdi
	shrq	$18, %rdx
	imull	$1000000, %edx, %eax            # imm = 0xF4240
	movl	%ebx, %ecx
	subl	%eax, %ecx
	.loc	0 111 9 is_stmt 0               # work.c:111:9
	movl	%ecx, (%r12,%rsi,4)
.Ltmp28:
	#DEBUG_VALUE: i <- [DW_OP_plus_uconst 1, DW_OP_stack_value] $rsi
	.loc	0 110 21 is_stmt 1              # work.c:110:21
	addq	$2, %rsi
.Ltmp29:
	cmpq	$200001, %rsi                   # imm = 0x30D41
.Ltmp30:
	.loc	0 110 3 is_stmt 0               # work.c:110:3
	jne	.LBB0_11
.Ltmp31:
# %bb.12:                               #   in Loop: Header=BB0_10 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	.loc	0 0 0                           # work.c:0:0
	movq	%rbx, rng(%rip)
	xorl	%ebp, %ebp
.Ltmp32:
	.loc	0 112 3 is_stmt 1               # work.c:112:3
	movq	%r12, %rdi
	xorl	%esi, %esi
	movl	$199999, %edx                   # imm = 0x30D3F
	callq	quicksort
.Ltmp33:
	.loc	0 113 20                        # work.c:113:20
	movl	400000(%r12), %r8d
	#DEBUG_VALUE: i <- 0
	movq	rng(%rip), %rbx
	movabsq	$1511157274518286469, %r9       # imm = 0x14F8B588E368F085
	leaq	vals(%rip), %rcx
	jmp	.LBB0_13
.Ltmp34:
	.p2align	4, 0x90
.LBB0_17:                               #   in Loop: Header=BB0_13 Depth=2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $ebp
	#DEBUG_VALUE: hput:k <- $eax
	#DEBUG_VALUE: hput:v <- $ebp
	#DEBUG_VALUE: hput:h <- $edx
	.loc	0 51 9                          # work.c:51:9
	leaq	(,%rdx,4), %rsi
	addq	%r13, %rsi
	movl	%edx, %edx
.Ltmp35:
.LBB0_18:                               #   in Loop: Header=BB0_13 Depth=2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $ebp
	#DEBUG_VALUE: hput:k <- $eax
	#DEBUG_VALUE: hput:v <- $ebp
	#DEBUG_VALUE: hput:h <- $edx
	.loc	0 54 10                         # work.c:54:10
	addl	%ebp, (%rcx,%rdx,4)
	.loc	0 53 10                         # work.c:53:10
	movl	%eax, (%rsi)
.Ltmp36:
	.loc	0 114 32                        # work.c:114:32
	addl	$1, %ebp
.Ltmp37:
	#DEBUG_VALUE: i <- $ebp
	.loc	0 114 21 is_stmt 0              # work.c:114:21
	cmpl	$100000, %ebp                   # imm = 0x186A0
.Ltmp38:
	.loc	0 114 3                         # work.c:114:3
	je	.LBB0_19
.Ltmp39:
.LBB0_13:                               #   Parent Loop BB0_10 Depth=1
                                        # =>  This Loop Header: Depth=2
                                        #       Child Loop BB0_15 Depth 3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $ebp
	.loc	0 14 13 is_stmt 1               # work.c:14:13
	movq	%rbx, %rax
	shlq	$13, %rax
	.loc	0 14 6 is_stmt 0                # work.c:14:6
	xorq	%rbx, %rax
	.loc	0 15 13 is_stmt 1               # work.c:15:13
	movq	%rax, %rdx
	shrq	$7, %rdx
	.loc	0 15 6 is_stmt 0                # work.c:15:6
	xorq	%rax, %rdx
	.loc	0 16 13 is_stmt 1               # work.c:16:13
	movq	%rdx, %rbx
	shlq	$17, %rbx
	.loc	0 16 6 is_stmt 0                # work.c:16:6
	xorq	%rdx, %rbx
.Ltmp40:
	.loc	0 115 27 is_stmt 1              # work.c:115:27
	movq	%rbx, %rax
	shrq	$4, %rax
	mulq	%r9
	shrq	$8, %rdx
	imull	$50000, %edx, %edx              # imm = 0xC350
	movl	%ebx, %eax
	subl	%edx, %eax
	.loc	0 115 36 is_stmt 0              # work.c:115:36
	addl	$1, %eax
.Ltmp41:
	#DEBUG_VALUE: hput:k <- $eax
	#DEBUG_VALUE: hput:v <- $ebp
	.loc	0 50 18 is_stmt 1               # work.c:50:18
	imull	$-1640531535, %eax, %edx        # imm = 0x9E3779B1
	.loc	0 50 33 is_stmt 0               # work.c:50:33
	shrl	$16, %edx
.Ltmp42:
	#DEBUG_VALUE: hput:h <- $edx
	.loc	0 51 9 is_stmt 1                # work.c:51:9
	leaq	(,%rdx,4), %rsi
	addq	%r13, %rsi
	movl	(%r13,%rdx,4), %edi
	.loc	0 51 17 is_stmt 0               # work.c:51:17
	testl	%edi, %edi
	.loc	0 51 22                         # work.c:51:22
	je	.LBB0_18
.Ltmp43:
# %bb.14:                               #   in Loop: Header=BB0_13 Depth=2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $ebp
	#DEBUG_VALUE: hput:k <- $eax
	#DEBUG_VALUE: hput:v <- $ebp
	#DEBUG_VALUE: hput:h <- $edx
	cmpl	%eax, %edi
	je	.LBB0_18
.Ltmp44:
	.p2align	4, 0x90
.LBB0_15:                               #   Parent Loop BB0_10 Depth=1
                                        #     Parent Loop BB0_13 Depth=2
                                        # =>    This Inner Loop Header: Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $ebp
	#DEBUG_VALUE: hput:k <- $eax
	#DEBUG_VALUE: hput:v <- $ebp
	#DEBUG_VALUE: hput:h <- $edx
	#DEBUG_VALUE: hput:h <- $edx
	.loc	0 52 10 is_stmt 1               # work.c:52:10
	addl	$1, %edx
.Ltmp45:
	.loc	0 52 15 is_stmt 0               # work.c:52:15
	movzwl	%dx, %edx
.Ltmp46:
	#DEBUG_VALUE: hput:h <- $edx
	.loc	0 51 9 is_stmt 1                # work.c:51:9
	movl	(%r13,%rdx,4), %esi
	.loc	0 51 17 is_stmt 0               # work.c:51:17
	testl	%esi, %esi
	.loc	0 51 22                         # work.c:51:22
	je	.LBB0_17
.Ltmp47:
# %bb.16:                               #   in Loop: Header=BB0_15 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $ebp
	#DEBUG_VALUE: hput:k <- $eax
	#DEBUG_VALUE: hput:v <- $ebp
	#DEBUG_VALUE: hput:h <- $edx
	cmpl	%eax, %esi
	jne	.LBB0_15
	jmp	.LBB0_17
.Ltmp48:
	.p2align	4, 0x90
.LBB0_19:                               #   in Loop: Header=BB0_10 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $ebp
	.loc	0 113 7 is_stmt 1               # work.c:113:7
	addq	%r8, %r14
.Ltmp49:
	#DEBUG_VALUE: main:sum <- $r14
	.loc	0 0 0 is_stmt 0                 # work.c:0:0
	movq	%rbx, rng(%rip)
	#DEBUG_VALUE: i <- 0
	#DEBUG_VALUE: main:sum <- $r14
	xorl	%eax, %eax
	movq	%r14, %rbp
.Ltmp50:
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:sum <- $rbp
	movq	16(%rsp), %r14                  # 8-byte Reload
.Ltmp51:
	#DEBUG_VALUE: main:s <- $r14
	jmp	.LBB0_20
.Ltmp52:
	.p2align	4, 0x90
.LBB0_43:                               #   in Loop: Header=BB0_20 Depth=2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 72 13 is_stmt 1               # work.c:72:13
	addq	%rdx, %rbp
.Ltmp53:
	.loc	0 117 8                         # work.c:117:8
	addq	%rcx, %rbp
.Ltmp54:
	#DEBUG_VALUE: main:sum <- $rbp
	.loc	0 116 30                        # work.c:116:30
	addq	$1, %rax
.Ltmp55:
	#DEBUG_VALUE: i <- $rax
	.loc	0 116 21 is_stmt 0              # work.c:116:21
	cmpq	$2000, %rax                     # imm = 0x7D0
.Ltmp56:
	.loc	0 116 3                         # work.c:116:3
	je	.LBB0_23
.Ltmp57:
.LBB0_20:                               #   Parent Loop BB0_10 Depth=1
                                        # =>  This Loop Header: Depth=2
                                        #       Child Loop BB0_21 Depth 3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rax
	#DEBUG_VALUE: interp:r <- 0
	#DEBUG_VALUE: pc <- 0
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 0 3                           # work.c:0:3
	xorl	%esi, %esi
	xorl	%ecx, %ecx
	movq	%rax, %rdx
	jmp	.LBB0_21
.Ltmp58:
.LBB0_41:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 69 29 is_stmt 1               # work.c:69:29
	rolq	%rdx
.Ltmp59:
	#DEBUG_VALUE: interp:acc <- $rdx
	.p2align	4, 0x90
.LBB0_42:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: interp:acc <- $rdx
	.loc	0 60 29                         # work.c:60:29
	addq	$1, %rsi
.Ltmp60:
	#DEBUG_VALUE: pc <- $rsi
	.loc	0 60 22 is_stmt 0               # work.c:60:22
	cmpq	$256, %rsi                      # imm = 0x100
.Ltmp61:
	.loc	0 60 2                          # work.c:60:2
	je	.LBB0_43
.Ltmp62:
.LBB0_21:                               #   Parent Loop BB0_10 Depth=1
                                        #     Parent Loop BB0_20 Depth=2
                                        # =>    This Inner Loop Header: Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: interp:acc <- $rdx
	.loc	0 61 20 is_stmt 1               # work.c:61:20
	movzbl	32(%rsp,%rsi), %edi
	andl	$7, %edi
	.loc	0 61 3 is_stmt 0                # work.c:61:3
	cmpl	$6, %edi
	ja	.LBB0_41
.Ltmp63:
# %bb.22:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 0 3                           # work.c:0:3
	movslq	(%r15,%rdi,4), %rdi
	addq	%r15, %rdi
	jmpq	*%rdi
.Ltmp64:
.LBB0_32:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 62 15 is_stmt 1               # work.c:62:15
	addq	$3, %rdx
.Ltmp65:
	#DEBUG_VALUE: interp:acc <- $rdx
	.loc	0 0 15 is_stmt 0                # work.c:0:15
	jmp	.LBB0_42
.Ltmp66:
.LBB0_33:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 63 22 is_stmt 1               # work.c:63:22
	movq	%rdx, %rdi
	sarq	$3, %rdi
	.loc	0 63 15 is_stmt 0               # work.c:63:15
	xorq	%rdi, %rdx
.Ltmp67:
	#DEBUG_VALUE: interp:acc <- $rdx
	.loc	0 0 15                          # work.c:0:15
	jmp	.LBB0_42
.Ltmp68:
.LBB0_34:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 64 15 is_stmt 1               # work.c:64:15
	leaq	(%rdx,%rdx,4), %rdx
.Ltmp69:
	#DEBUG_VALUE: interp:acc <- $rdx
	.loc	0 0 15 is_stmt 0                # work.c:0:15
	jmp	.LBB0_42
.Ltmp70:
.LBB0_35:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 65 20 is_stmt 1               # work.c:65:20
	movzbl	%dl, %edi
	.loc	0 65 13 is_stmt 0               # work.c:65:13
	addq	%rdi, %rcx
.Ltmp71:
	#DEBUG_VALUE: interp:r <- $rcx
	.loc	0 0 13                          # work.c:0:13
	jmp	.LBB0_42
.Ltmp72:
.LBB0_36:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 66 19 is_stmt 1               # work.c:66:19
	testb	$1, %dl
.Ltmp73:
	.loc	0 66 15 is_stmt 0               # work.c:66:15
	jne	.LBB0_37
.Ltmp74:
# %bb.38:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 66 44                         # work.c:66:44
	addq	$7, %rdx
.Ltmp75:
	#DEBUG_VALUE: interp:acc <- $rdx
	.loc	0 0 44                          # work.c:0:44
	jmp	.LBB0_42
.Ltmp76:
.LBB0_39:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 67 15 is_stmt 1               # work.c:67:15
	subq	%rcx, %rdx
.Ltmp77:
	#DEBUG_VALUE: interp:acc <- $rdx
	.loc	0 0 15 is_stmt 0                # work.c:0:15
	jmp	.LBB0_42
.Ltmp78:
.LBB0_40:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 68 13 is_stmt 1               # work.c:68:13
	xorq	%rdx, %rcx
.Ltmp79:
	#DEBUG_VALUE: interp:r <- $rcx
	.loc	0 0 13 is_stmt 0                # work.c:0:13
	jmp	.LBB0_42
.Ltmp80:
.LBB0_37:                               #   in Loop: Header=BB0_21 Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: i <- $rax
	#DEBUG_VALUE: interp:n <- 256
	#DEBUG_VALUE: interp:x <- $rax
	#DEBUG_VALUE: interp:acc <- $rdx
	#DEBUG_VALUE: interp:r <- $rcx
	#DEBUG_VALUE: pc <- $rsi
	#DEBUG_VALUE: interp:code <- [DW_OP_plus_uconst 32, DW_OP_stack_value] $rsp
	.loc	0 66 28 is_stmt 1               # work.c:66:28
	sarq	%rdx
.Ltmp81:
	#DEBUG_VALUE: interp:acc <- $rdx
	.loc	0 0 28 is_stmt 0                # work.c:0:28
	jmp	.LBB0_42
.Ltmp82:
	.p2align	4, 0x90
.LBB0_23:                               #   in Loop: Header=BB0_10 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: sieve:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: sieve:n <- 2000000
	#DEBUG_VALUE: sieve:count <- 0
	.loc	0 78 2 is_stmt 1                # work.c:78:2
	movl	$2000000, %edx                  # imm = 0x1E8480
	movq	%r14, %rdi
	movl	$1, %esi
	callq	memset@PLT
.Ltmp83:
	.loc	0 0 2 is_stmt 0                 # work.c:0:2
	xorl	%r8d, %r8d
	movl	$2, %ecx
	movl	$5, %edx
	#DEBUG_VALUE: i <- 2
	movq	8(%rsp), %rax                   # 8-byte Reload
	jmp	.LBB0_24
.Ltmp84:
	.p2align	4, 0x90
.LBB0_28:                               #   in Loop: Header=BB0_24 Depth=2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: sieve:s <- $r14
	#DEBUG_VALUE: sieve:n <- 2000000
	#DEBUG_VALUE: sieve:count <- $r8d
	#DEBUG_VALUE: i <- $rcx
	#DEBUG_VALUE: sieve:count <- $r8d
	.loc	0 79 26 is_stmt 1               # work.c:79:26
	addq	$1, %rcx
.Ltmp85:
	.loc	0 79 2 is_stmt 0                # work.c:79:2
	addq	%rdx, %rax
.Ltmp86:
	#DEBUG_VALUE: i <- $rcx
	addq	$2, %rdx
.Ltmp87:
	.loc	0 79 20                         # work.c:79:20
	cmpq	$2000000, %rcx                  # imm = 0x1E8480
.Ltmp88:
	.loc	0 79 2                          # work.c:79:2
	je	.LBB0_29
.Ltmp89:
.LBB0_24:                               #   Parent Loop BB0_10 Depth=1
                                        # =>  This Loop Header: Depth=2
                                        #       Child Loop BB0_27 Depth 3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: sieve:s <- $r14
	#DEBUG_VALUE: sieve:n <- 2000000
	#DEBUG_VALUE: i <- $rcx
	#DEBUG_VALUE: sieve:count <- $r8d
	.loc	0 80 8 is_stmt 1                # work.c:80:8
	cmpb	$0, (%r14,%rcx)
.Ltmp90:
	.loc	0 80 7 is_stmt 0                # work.c:80:7
	je	.LBB0_28
.Ltmp91:
# %bb.25:                               #   in Loop: Header=BB0_24 Depth=2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: sieve:s <- $r14
	#DEBUG_VALUE: sieve:n <- 2000000
	#DEBUG_VALUE: sieve:count <- $r8d
	#DEBUG_VALUE: i <- $rcx
	.loc	0 82 8 is_stmt 1                # work.c:82:8
	addl	$1, %r8d
.Ltmp92:
	#DEBUG_VALUE: sieve:count <- $r8d
	.loc	0 83 25                         # work.c:83:25
	movq	%rcx, %rdi
	imulq	%rcx, %rdi
.Ltmp93:
	#DEBUG_VALUE: j <- $rdi
	.loc	0 83 32 is_stmt 0               # work.c:83:32
	cmpq	$1999999, %rdi                  # imm = 0x1E847F
.Ltmp94:
	.loc	0 83 3                          # work.c:83:3
	ja	.LBB0_28
.Ltmp95:
# %bb.26:                               #   in Loop: Header=BB0_24 Depth=2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: sieve:s <- $r14
	#DEBUG_VALUE: sieve:n <- 2000000
	#DEBUG_VALUE: sieve:count <- $r8d
	#DEBUG_VALUE: i <- $rcx
	#DEBUG_VALUE: j <- $rdi
	.loc	0 0 3                           # work.c:0:3
	movq	%rax, %rsi
.Ltmp96:
	.p2align	4, 0x90
.LBB0_27:                               #   Parent Loop BB0_10 Depth=1
                                        #     Parent Loop BB0_24 Depth=2
                                        # =>    This Inner Loop Header: Depth=3
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: sieve:s <- $r14
	#DEBUG_VALUE: sieve:n <- 2000000
	#DEBUG_VALUE: sieve:count <- $r8d
	#DEBUG_VALUE: i <- $rcx
	#DEBUG_VALUE: j <- $rdi
	#DEBUG_VALUE: j <- $rdi
	.loc	0 84 9 is_stmt 1                # work.c:84:9
	movb	$0, (%rsi)
	.loc	0 83 39                         # work.c:83:39
	addq	%rcx, %rdi
.Ltmp97:
	#DEBUG_VALUE: j <- $rdi
	.loc	0 83 32 is_stmt 0               # work.c:83:32
	addq	%rcx, %rsi
	cmpq	$2000000, %rdi                  # imm = 0x1E8480
.Ltmp98:
	.loc	0 83 3                          # work.c:83:3
	jb	.LBB0_27
	jmp	.LBB0_28
.Ltmp99:
	.p2align	4, 0x90
.LBB0_29:                               #   in Loop: Header=BB0_10 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $r14
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	.loc	0 118 10 is_stmt 1              # work.c:118:10
	movl	%r8d, %eax
	movl	$1, %edx
	xorl	%r14d, %r14d
.Ltmp100:
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	.loc	0 0 10 is_stmt 0                # work.c:0:10
	movl	$1, %ecx
	#DEBUG_VALUE: adler:p <- $r12
	#DEBUG_VALUE: adler:n <- 800000
	#DEBUG_VALUE: adler:a <- 1
	#DEBUG_VALUE: adler:b <- 0
	#DEBUG_VALUE: i <- 0
	movl	$2147975281, %edi               # imm = 0x80078071
.Ltmp101:
	.p2align	4, 0x90
.LBB0_30:                               #   Parent Loop BB0_10 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: adler:p <- $r12
	#DEBUG_VALUE: adler:n <- 800000
	#DEBUG_VALUE: i <- [DW_OP_constu 1, DW_OP_minus, DW_OP_stack_value] $rcx
	#DEBUG_VALUE: adler:b <- $r14d
	#DEBUG_VALUE: adler:a <- $edx
	.loc	0 93 12 is_stmt 1               # work.c:93:12
	movzbl	-1(%r12,%rcx), %esi
	.loc	0 93 10 is_stmt 0               # work.c:93:10
	addl	%edx, %esi
	.loc	0 93 18                         # work.c:93:18
	movq	%rsi, %rdx
.Ltmp102:
	imulq	%rdi, %rdx
	shrq	$47, %rdx
	imull	$65521, %edx, %edx              # imm = 0xFFF1
	subl	%edx, %esi
.Ltmp103:
	#DEBUG_VALUE: adler:a <- $esi
	#DEBUG_VALUE: adler:a <- $esi
	.loc	0 94 10 is_stmt 1               # work.c:94:10
	addl	%esi, %r14d
.Ltmp104:
	.loc	0 94 15 is_stmt 0               # work.c:94:15
	movq	%r14, %rdx
	imulq	%rdi, %rdx
	shrq	$47, %rdx
	imull	$65521, %edx, %edx              # imm = 0xFFF1
	subl	%edx, %r14d
.Ltmp105:
	#DEBUG_VALUE: adler:b <- $r14d
	#DEBUG_VALUE: adler:b <- $r14d
	#DEBUG_VALUE: i <- $rcx
	#DEBUG_VALUE: i <- $rcx
	.loc	0 93 12 is_stmt 1               # work.c:93:12
	movzbl	(%r12,%rcx), %edx
	.loc	0 93 10 is_stmt 0               # work.c:93:10
	addl	%esi, %edx
	.loc	0 93 18                         # work.c:93:18
	movq	%rdx, %rsi
.Ltmp106:
	imulq	%rdi, %rsi
	shrq	$47, %rsi
	imull	$65521, %esi, %esi              # imm = 0xFFF1
	subl	%esi, %edx
.Ltmp107:
	#DEBUG_VALUE: adler:a <- $edx
	.loc	0 94 10 is_stmt 1               # work.c:94:10
	addl	%edx, %r14d
.Ltmp108:
	.loc	0 94 15 is_stmt 0               # work.c:94:15
	movq	%r14, %rsi
	imulq	%rdi, %rsi
	shrq	$47, %rsi
	imull	$65521, %esi, %esi              # imm = 0xFFF1
	subl	%esi, %r14d
.Ltmp109:
	#DEBUG_VALUE: adler:b <- $r14d
	#DEBUG_VALUE: i <- [DW_OP_plus_uconst 1, DW_OP_stack_value] $rcx
	.loc	0 92 23 is_stmt 1               # work.c:92:23
	addq	$2, %rcx
.Ltmp110:
	cmpq	$800001, %rcx                   # imm = 0xC3501
.Ltmp111:
	.loc	0 92 2 is_stmt 0                # work.c:92:2
	jne	.LBB0_30
.Ltmp112:
# %bb.31:                               #   in Loop: Header=BB0_10 Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $rbp
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- [DW_OP_plus_uconst 16] [$rsp+0]
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: adler:p <- $r12
	#DEBUG_VALUE: adler:n <- 800000
	#DEBUG_VALUE: adler:a <- $edx
	#DEBUG_VALUE: adler:b <- $r14d
	.loc	0 118 7 is_stmt 1               # work.c:118:7
	addq	%rax, %rbp
.Ltmp113:
	#DEBUG_VALUE: main:sum <- $rbp
	.loc	0 96 12                         # work.c:96:12
	shll	$16, %r14d
.Ltmp114:
	.loc	0 96 19 is_stmt 0               # work.c:96:19
	orl	%edx, %r14d
.Ltmp115:
	.loc	0 119 7 is_stmt 1               # work.c:119:7
	addq	%rbp, %r14
.Ltmp116:
	#DEBUG_VALUE: main:sum <- $r14
	.loc	0 0 7 is_stmt 0                 # work.c:0:7
	movq	24(%rsp), %rcx                  # 8-byte Reload
.Ltmp117:
	#DEBUG_VALUE: round <- $ecx
	.loc	0 109 42 is_stmt 1              # work.c:109:42
	addl	$1, %ecx
.Ltmp118:
	#DEBUG_VALUE: round <- [DW_OP_plus_uconst 24] [$rsp+0]
	#DEBUG_VALUE: round <- $ecx
	.loc	0 109 28 is_stmt 0              # work.c:109:28
	cmpl	(%rsp), %ecx                    # 4-byte Folded Reload
	movabsq	$4835703278458516699, %rdi      # imm = 0x431BDE82D7B634DB
	jne	.LBB0_10
	jmp	.LBB0_6
.Ltmp119:
.LBB0_5:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- 0
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: main:s <- $rax
	#DEBUG_VALUE: i <- $rsi
	#DEBUG_VALUE: round <- 0
	.loc	0 0 28                          # work.c:0:28
	xorl	%r14d, %r14d
.Ltmp120:
.LBB0_6:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: i <- 0
	#DEBUG_VALUE: main:sum <- $r14
	.loc	0 121 2 is_stmt 1               # work.c:121:2
	movq	%r14, %xmm1
	pxor	%xmm0, %xmm0
	xorl	%eax, %eax
	leaq	vals(%rip), %rcx
	leaq	keys(%rip), %rdx
	pxor	%xmm2, %xmm2
.Ltmp121:
	.p2align	4, 0x90
.LBB0_7:                                # =>This Inner Loop Header: Depth=1
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: i <- 0
	.loc	0 122 20                        # work.c:122:20
	movq	(%rdx,%rax,4), %rsi
	movq	8(%rdx,%rax,4), %rdi
	.loc	0 122 18 is_stmt 0              # work.c:122:18
	xorq	(%rcx,%rax,4), %rsi
	xorq	8(%rcx,%rax,4), %rdi
	movq	%rsi, %xmm3
	movq	%rdi, %xmm4
	.loc	0 122 10                        # work.c:122:10
	punpckldq	%xmm0, %xmm3            # xmm3 = xmm3[0],xmm0[0],xmm3[1],xmm0[1]
	.loc	0 122 7                         # work.c:122:7
	paddq	%xmm1, %xmm3
	.loc	0 122 10                        # work.c:122:10
	punpckldq	%xmm0, %xmm4            # xmm4 = xmm4[0],xmm0[0],xmm4[1],xmm0[1]
	.loc	0 122 7                         # work.c:122:7
	paddq	%xmm2, %xmm4
	.loc	0 122 20                        # work.c:122:20
	movq	16(%rdx,%rax,4), %rsi
	movq	24(%rdx,%rax,4), %rdi
	.loc	0 122 18                        # work.c:122:18
	xorq	16(%rcx,%rax,4), %rsi
	xorq	24(%rcx,%rax,4), %rdi
	movq	%rsi, %xmm1
	movq	%rdi, %xmm2
	.loc	0 122 10                        # work.c:122:10
	punpckldq	%xmm0, %xmm1            # xmm1 = xmm1[0],xmm0[0],xmm1[1],xmm0[1]
	.loc	0 122 7                         # work.c:122:7
	paddq	%xmm3, %xmm1
	.loc	0 122 10                        # work.c:122:10
	punpckldq	%xmm0, %xmm2            # xmm2 = xmm2[0],xmm0[0],xmm2[1],xmm0[1]
	.loc	0 122 7                         # work.c:122:7
	paddq	%xmm4, %xmm2
	.loc	0 121 37 is_stmt 1              # work.c:121:37
	addq	$8, %rax
	cmpq	$65536, %rax                    # imm = 0x10000
	jne	.LBB0_7
.Ltmp122:
# %bb.8:
	#DEBUG_VALUE: main:argc <- [DW_OP_LLVM_entry_value 1] $edi
	#DEBUG_VALUE: main:argv <- [DW_OP_LLVM_entry_value 1] $rsi
	#DEBUG_VALUE: main:scale <- [$rsp+0]
	#DEBUG_VALUE: main:sum <- $r14
	#DEBUG_VALUE: main:n <- 200000
	#DEBUG_VALUE: main:a <- $r12
	#DEBUG_VALUE: i <- 0
	.loc	0 121 2 is_stmt 0               # work.c:121:2
	paddq	%xmm1, %xmm2
	pshufd	$238, %xmm2, %xmm0              # xmm0 = xmm2[2,3,2,3]
	paddq	%xmm2, %xmm0
	movq	%xmm0, %rsi
.Ltmp123:
	.loc	0 123 2 is_stmt 1               # work.c:123:2
	leaq	.L.str(%rip), %rdi
	xorl	%eax, %eax
	callq	printf@PLT
.Ltmp124:
	.loc	0 125 1                         # work.c:125:1
	xorl	%eax, %eax
	addq	$296, %rsp                      # imm = 0x128
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
.Ltmp125:
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
.Ltmp126:
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Ltmp127:
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
	.section	.rodata,"a",@progbits
	.p2align	2
.LJTI0_0:
	.long	.LBB0_32-.LJTI0_0
	.long	.LBB0_33-.LJTI0_0
	.long	.LBB0_34-.LJTI0_0
	.long	.LBB0_35-.LJTI0_0
	.long	.LBB0_36-.LJTI0_0
	.long	.LBB0_39-.LJTI0_0
	.long	.LBB0_40-.LJTI0_0
                                        # -- End function
	.text
	.p2align	4, 0x90                         # -- Begin function quicksort
	.type	quicksort,@function
quicksort:                              # @quicksort
.Lfunc_begin1:
	.loc	0 21 0                          # work.c:21:0
	.cfi_startproc
# %bb.0:
	#DEBUG_VALUE: quicksort:a <- $rdi
	#DEBUG_VALUE: quicksort:lo <- $esi
	#DEBUG_VALUE: quicksort:hi <- $edx
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	pushq	%rax
	.cfi_def_cfa_offset 64
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	.loc	0 22 12 prologue_end            # work.c:22:12
	cmpl	%edx, %esi
	.loc	0 22 2 is_stmt 0                # work.c:22:2
	jge	.LBB1_15
.Ltmp128:
# %bb.1:
	#DEBUG_VALUE: quicksort:a <- $rdi
	#DEBUG_VALUE: quicksort:lo <- $esi
	#DEBUG_VALUE: quicksort:hi <- $edx
	.loc	0 0 2                           # work.c:0:2
	movl	%edx, %r8d
	movl	%esi, %r9d
	movq	%rdi, %r12
	.loc	0 22 2                          # work.c:22:2
	leaq	4(%rdi), %r13
	jmp	.LBB1_2
.Ltmp129:
	.p2align	4, 0x90
.LBB1_13:                               #   in Loop: Header=BB1_2 Depth=1
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: i <- $r15d
	#DEBUG_VALUE: j <- $r14d
	.loc	0 39 4 is_stmt 1                # work.c:39:4
	movl	%r15d, %esi
	movl	%r8d, %edx
	movq	%r9, %rbx
	callq	quicksort
.Ltmp130:
	#DEBUG_VALUE: quicksort:lo <- $ebx
	.loc	0 0 4 is_stmt 0                 # work.c:0:4
	movq	%rbx, %r9
.Ltmp131:
	#DEBUG_VALUE: quicksort:hi <- $r14d
	movl	%r14d, %r8d
	movl	%r9d, %r15d
.Ltmp132:
	#DEBUG_VALUE: quicksort:lo <- $r15d
	#DEBUG_VALUE: quicksort:hi <- $r14d
	.loc	0 22 12 is_stmt 1               # work.c:22:12
	cmpl	%r8d, %r15d
	.loc	0 22 2 is_stmt 0                # work.c:22:2
	jge	.LBB1_15
.Ltmp133:
.LBB1_2:                                # =>This Loop Header: Depth=1
                                        #     Child Loop BB1_4 Depth 2
                                        #       Child Loop BB1_5 Depth 3
                                        #       Child Loop BB1_7 Depth 3
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: p <- undef
	#DEBUG_VALUE: i <- $r9d
	#DEBUG_VALUE: j <- $r8d
	.loc	0 0 2                           # work.c:0:2
	movl	%r9d, %r15d
	movl	%r8d, %r14d
.Ltmp134:
	.loc	0 24 12 is_stmt 1               # work.c:24:12
	cmpl	%r8d, %r9d
	.loc	0 24 3 is_stmt 0                # work.c:24:3
	jle	.LBB1_3
.Ltmp135:
.LBB1_11:                               #   in Loop: Header=BB1_2 Depth=1
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: i <- $r15d
	#DEBUG_VALUE: j <- $r14d
	.loc	0 35 9 is_stmt 1                # work.c:35:9
	movl	%r14d, %eax
	subl	%r9d, %eax
	.loc	0 35 19 is_stmt 0               # work.c:35:19
	movl	%r8d, %ecx
	subl	%r15d, %ecx
.Ltmp136:
	.loc	0 39 4 is_stmt 1                # work.c:39:4
	movq	%r12, %rdi
.Ltmp137:
	.loc	0 35 14                         # work.c:35:14
	cmpl	%ecx, %eax
.Ltmp138:
	.loc	0 35 7 is_stmt 0                # work.c:35:7
	jge	.LBB1_13
.Ltmp139:
# %bb.12:                               #   in Loop: Header=BB1_2 Depth=1
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: i <- $r15d
	#DEBUG_VALUE: j <- $r14d
	.loc	0 36 4 is_stmt 1                # work.c:36:4
	movl	%r9d, %esi
	movl	%r14d, %edx
	movq	%r8, %rbx
	callq	quicksort
.Ltmp140:
	#DEBUG_VALUE: quicksort:hi <- $ebx
	.loc	0 0 4 is_stmt 0                 # work.c:0:4
	movq	%rbx, %r8
.Ltmp141:
	#DEBUG_VALUE: quicksort:lo <- $r15d
	movl	%r15d, %r9d
.Ltmp142:
	#DEBUG_VALUE: quicksort:lo <- $r15d
	#DEBUG_VALUE: quicksort:hi <- $ebx
	.loc	0 22 12 is_stmt 1               # work.c:22:12
	cmpl	%r8d, %r15d
	.loc	0 22 2 is_stmt 0                # work.c:22:2
	jl	.LBB1_2
	jmp	.LBB1_15
.Ltmp143:
	.p2align	4, 0x90
.LBB1_3:                                #   in Loop: Header=BB1_2 Depth=1
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r15d
	#DEBUG_VALUE: quicksort:hi <- $r14d
	#DEBUG_VALUE: i <- $r15d
	#DEBUG_VALUE: j <- $r14d
	.loc	0 0 2                           # work.c:0:2
	leal	(%r9,%r8), %eax
	movl	%eax, %ecx
	shrl	$31, %ecx
	addl	%eax, %ecx
	sarl	%ecx
	movslq	%ecx, %rax
	movl	(%r12,%rax,4), %eax
	#DEBUG_VALUE: p <- $eax
	movl	%r8d, %ecx
	movl	%r9d, %r15d
.Ltmp144:
	#DEBUG_VALUE: i <- $r15d
	#DEBUG_VALUE: quicksort:lo <- $r15d
	jmp	.LBB1_4
.Ltmp145:
	.p2align	4, 0x90
.LBB1_10:                               #   in Loop: Header=BB1_4 Depth=2
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: p <- $eax
	#DEBUG_VALUE: j <- $r14d
	#DEBUG_VALUE: i <- $r15d
	movl	%r14d, %ecx
.Ltmp146:
	.loc	0 24 12 is_stmt 1               # work.c:24:12
	cmpl	%r14d, %r15d
	.loc	0 24 3 is_stmt 0                # work.c:24:3
	jg	.LBB1_11
.Ltmp147:
.LBB1_4:                                #   Parent Loop BB1_2 Depth=1
                                        # =>  This Loop Header: Depth=2
                                        #       Child Loop BB1_5 Depth 3
                                        #       Child Loop BB1_7 Depth 3
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: p <- $eax
	#DEBUG_VALUE: i <- $r15d
	#DEBUG_VALUE: j <- $r14d
	#DEBUG_VALUE: j <- $ecx
	#DEBUG_VALUE: i <- $r15d
	.loc	0 25 4 is_stmt 1                # work.c:25:4
	movslq	%r15d, %rdx
	leaq	(%r12,%rdx,4), %rsi
	movl	%r15d, %edx
.Ltmp148:
	.p2align	4, 0x90
.LBB1_5:                                #   Parent Loop BB1_2 Depth=1
                                        #     Parent Loop BB1_4 Depth=2
                                        # =>    This Inner Loop Header: Depth=3
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: p <- $eax
	#DEBUG_VALUE: j <- $ecx
	#DEBUG_VALUE: i <- [DW_OP_LLVM_arg 0, DW_OP_consts 4, DW_OP_LLVM_arg 0, DW_OP_LLVM_convert 64 5, DW_OP_mul, DW_OP_LLVM_arg 0, DW_OP_plus, DW_OP_minus, DW_OP_consts 4, DW_OP_div, DW_OP_LLVM_arg 0, DW_OP_LLVM_convert 64 5, DW_OP_plus, DW_OP_stack_value] undef
	.loc	0 25 11 is_stmt 0               # work.c:25:11
	movl	(%rsi), %edi
.Ltmp149:
	#DEBUG_VALUE: i <- [DW_OP_LLVM_arg 0, DW_OP_consts 4, DW_OP_LLVM_arg 0, DW_OP_LLVM_convert 64 5, DW_OP_mul, DW_OP_LLVM_arg 0, DW_OP_plus, DW_OP_minus, DW_OP_consts 4, DW_OP_div, DW_OP_consts 1, DW_OP_LLVM_arg 0, DW_OP_LLVM_convert 64 5, DW_OP_plus, DW_OP_plus, DW_OP_stack_value] undef
	.loc	0 25 4                          # work.c:25:4
	addq	$4, %rsi
	addl	$1, %edx
	.loc	0 25 16                         # work.c:25:16
	cmpl	%eax, %edi
	.loc	0 25 4                          # work.c:25:4
	jl	.LBB1_5
.Ltmp150:
# %bb.6:                                #   in Loop: Header=BB1_4 Depth=2
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: p <- $eax
	#DEBUG_VALUE: j <- $ecx
	.loc	0 27 4 is_stmt 1                # work.c:27:4
	leal	-1(%rdx), %r15d
	movslq	%ecx, %rbp
	leaq	(,%rbp,4), %rbp
	addq	%r13, %rbp
.Ltmp151:
	.p2align	4, 0x90
.LBB1_7:                                #   Parent Loop BB1_2 Depth=1
                                        #     Parent Loop BB1_4 Depth=2
                                        # =>    This Inner Loop Header: Depth=3
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: p <- $eax
	.loc	0 27 11 is_stmt 0               # work.c:27:11
	movl	-4(%rbp), %ebx
.Ltmp152:
	#DEBUG_VALUE: j <- [DW_OP_LLVM_arg 0, DW_OP_consts 4, DW_OP_consts 4, DW_OP_LLVM_arg 1, DW_OP_LLVM_convert 64 5, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg 2, DW_OP_plus, DW_OP_minus, DW_OP_consts 18446744073709551612, DW_OP_div, DW_OP_consts 18446744073709551615, DW_OP_mul, DW_OP_LLVM_arg 1, DW_OP_LLVM_convert 64 5, DW_OP_plus, DW_OP_stack_value] $rbp, $ecx, $r12
	addq	$-4, %rbp
.Ltmp153:
	#DEBUG_VALUE: j <- [DW_OP_LLVM_arg 0, DW_OP_consts 4, DW_OP_consts 4, DW_OP_LLVM_arg 0, DW_OP_LLVM_convert 64 5, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg 0, DW_OP_plus, DW_OP_minus, DW_OP_consts 18446744073709551612, DW_OP_div, DW_OP_consts 18446744073709551615, DW_OP_mul, DW_OP_consts 18446744073709551615, DW_OP_LLVM_arg 0, DW_OP_LLVM_convert 64 5, DW_OP_plus, DW_OP_plus, DW_OP_stack_value] undef
	.loc	0 27 4                          # work.c:27:4
	addl	$-1, %ecx
	.loc	0 27 16                         # work.c:27:16
	cmpl	%eax, %ebx
	.loc	0 27 4                          # work.c:27:4
	jg	.LBB1_7
.Ltmp154:
# %bb.8:                                #   in Loop: Header=BB1_4 Depth=2
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: p <- $eax
	.loc	0 29 10 is_stmt 1               # work.c:29:10
	leal	1(%rcx), %r14d
	cmpl	%r14d, %r15d
.Ltmp155:
	.loc	0 29 8 is_stmt 0                # work.c:29:8
	jg	.LBB1_10
.Ltmp156:
# %bb.9:                                #   in Loop: Header=BB1_4 Depth=2
	#DEBUG_VALUE: quicksort:a <- $r12
	#DEBUG_VALUE: quicksort:lo <- $r9d
	#DEBUG_VALUE: quicksort:hi <- $r8d
	#DEBUG_VALUE: p <- $eax
	#DEBUG_VALUE: t <- $edi
	#DEBUG_VALUE: i <- [DW_OP_LLVM_convert 64 7, DW_OP_LLVM_convert 32 7, DW_OP_plus_uconst 1, DW_OP_stack_value] undef
	.loc	0 31 12 is_stmt 1               # work.c:31:12
	movl	%ebx, -4(%rsi)
.Ltmp157:
	#DEBUG_VALUE: j <- [DW_OP_LLVM_convert 64 7, DW_OP_LLVM_convert 32 7, DW_OP_constu 1, DW_OP_minus, DW_OP_stack_value] undef
	.loc	0 32 12                         # work.c:32:12
	movl	%edi, (%rbp)
	movl	%edx, %r15d
	movl	%ecx, %r14d
	jmp	.LBB1_10
.Ltmp158:
.LBB1_15:
	#DEBUG_VALUE: quicksort:a <- [DW_OP_LLVM_entry_value 1] $rdi
	.loc	0 43 1                          # work.c:43:1
	addq	$8, %rsp
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Ltmp159:
.Lfunc_end1:
	.size	quicksort, .Lfunc_end1-quicksort
	.cfi_endproc
                                        # -- End function
	.type	vals,@object                    # @vals
	.local	vals
	.comm	vals,262144,16
	.type	keys,@object                    # @keys
	.local	keys
	.comm	keys,262144,16
	.type	.L.str,@object                  # @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"%llu\n"
	.size	.L.str, 6

	.type	rng,@object                     # @rng
	.data
	.p2align	3
rng:
	.quad	88172645463325252               # 0x139408dcbbf7a44
	.size	rng, 8

	.section	.debug_loclists,"",@progbits
	.long	.Ldebug_list_header_end0-.Ldebug_list_header_start0 # Length
.Ldebug_list_header_start0:
	.short	5                               # Version
	.byte	8                               # Address size
	.byte	0                               # Segment selector size
	.long	33                              # Offset entry count
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
	.long	.Ldebug_loc9-.Lloclists_table_base0
	.long	.Ldebug_loc10-.Lloclists_table_base0
	.long	.Ldebug_loc11-.Lloclists_table_base0
	.long	.Ldebug_loc12-.Lloclists_table_base0
	.long	.Ldebug_loc13-.Lloclists_table_base0
	.long	.Ldebug_loc14-.Lloclists_table_base0
	.long	.Ldebug_loc15-.Lloclists_table_base0
	.long	.Ldebug_loc16-.Lloclists_table_base0
	.long	.Ldebug_loc17-.Lloclists_table_base0
	.long	.Ldebug_loc18-.Lloclists_table_base0
	.long	.Ldebug_loc19-.Lloclists_table_base0
	.long	.Ldebug_loc20-.Lloclists_table_base0
	.long	.Ldebug_loc21-.Lloclists_table_base0
	.long	.Ldebug_loc22-.Lloclists_table_base0
	.long	.Ldebug_loc23-.Lloclists_table_base0
	.long	.Ldebug_loc24-.Lloclists_table_base0
	.long	.Ldebug_loc25-.Lloclists_table_base0
	.long	.Ldebug_loc26-.Lloclists_table_base0
	.long	.Ldebug_loc27-.Lloclists_table_base0
	.long	.Ldebug_loc28-.Lloclists_table_base0
	.long	.Ldebug_loc29-.Lloclists_table_base0
	.long	.Ldebug_loc30-.Lloclists_table_base0
	.long	.Ldebug_loc31-.Lloclists_table_base0
	.long	.Ldebug_loc32-.Lloclists_table_base0
.Ldebug_loc0:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin0-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp2-.Lfunc_begin0           #   ending offset
	.byte	1                               # Loc expr size
	.byte	85                              # super-register DW_OP_reg5
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp2-.Lfunc_begin0           #   starting offset
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
	.uleb128 .Ltmp5-.Lfunc_begin0           #   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      #   ending offset
	.byte	2                               # Loc expr size
	.byte	119                             # DW_OP_breg7
	.byte	0                               # 0
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc4:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp5-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp20-.Lfunc_begin0          #   ending offset
	.byte	2                               # Loc expr size
	.byte	48                              # DW_OP_lit0
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp20-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp50-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp50-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp53-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	86                              # DW_OP_reg6
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp54-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp116-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	86                              # DW_OP_reg6
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp116-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp119-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp119-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp120-.Lfunc_begin0         #   ending offset
	.byte	2                               # Loc expr size
	.byte	48                              # DW_OP_lit0
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp120-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp126-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # DW_OP_reg14
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc5:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp5-.Lfunc_begin0           #   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      #   ending offset
	.byte	5                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	192                             # 200000
	.byte	154                             # 
	.byte	12                              # 
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc6:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp7-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp125-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	92                              # DW_OP_reg12
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc7:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp8-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp19-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # DW_OP_reg0
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp19-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp51-.Lfunc_begin0          #   ending offset
	.byte	2                               # Loc expr size
	.byte	119                             # DW_OP_breg7
	.byte	16                              # 16
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp51-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp100-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp100-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp119-.Lfunc_begin0         #   ending offset
	.byte	2                               # Loc expr size
	.byte	119                             # DW_OP_breg7
	.byte	16                              # 16
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp119-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp120-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # DW_OP_reg0
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc8:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp9-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp11-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	84                              # DW_OP_reg4
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp11-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp13-.Lfunc_begin0          #   ending offset
	.byte	5                               # Loc expr size
	.byte	116                             # DW_OP_breg4
	.byte	0                               # 0
	.byte	49                              # DW_OP_lit1
	.byte	33                              # DW_OP_or
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp13-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp18-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	84                              # DW_OP_reg4
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc9:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp16-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp20-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	0                               # 0
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp20-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp21-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # super-register DW_OP_reg2
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp21-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp117-.Lfunc_begin0         #   ending offset
	.byte	2                               # Loc expr size
	.byte	119                             # DW_OP_breg7
	.byte	24                              # 24
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp117-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp119-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # super-register DW_OP_reg2
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc10:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp22-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp24-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	116                             # DW_OP_breg4
	.byte	127                             # -1
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp24-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp28-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	84                              # DW_OP_reg4
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp28-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp29-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	116                             # DW_OP_breg4
	.byte	1                               # 1
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc11:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp34-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp50-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	86                              # super-register DW_OP_reg6
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc12:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp34-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp39-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # super-register DW_OP_reg0
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp41-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp48-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # super-register DW_OP_reg0
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc13:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp34-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp37-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	86                              # super-register DW_OP_reg6
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp41-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp48-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	86                              # super-register DW_OP_reg6
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc14:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp34-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp39-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # super-register DW_OP_reg1
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp42-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp45-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # super-register DW_OP_reg1
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp46-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp48-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # super-register DW_OP_reg1
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc15:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp52-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp57-.Lfunc_begin0          #   ending offset
	.byte	4                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	128                             # 256
	.byte	2                               # 
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp58-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp82-.Lfunc_begin0          #   ending offset
	.byte	4                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	128                             # 256
	.byte	2                               # 
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc16:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp52-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp55-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # DW_OP_reg0
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp58-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp82-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # DW_OP_reg0
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc17:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp52-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp57-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # DW_OP_reg1
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp58-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp82-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # DW_OP_reg1
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc18:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp52-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp57-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # DW_OP_reg2
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp58-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp82-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # DW_OP_reg2
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc19:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp52-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp57-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	119                             # DW_OP_breg7
	.byte	32                              # 32
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp58-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp82-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	119                             # DW_OP_breg7
	.byte	32                              # 32
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc20:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp82-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp84-.Lfunc_begin0          #   ending offset
	.byte	2                               # Loc expr size
	.byte	119                             # DW_OP_breg7
	.byte	16                              # 16
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp84-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp99-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # DW_OP_reg14
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc21:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp82-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp84-.Lfunc_begin0          #   ending offset
	.byte	3                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	0                               # 0
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp84-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp99-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	88                              # super-register DW_OP_reg8
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc22:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp84-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp85-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # DW_OP_reg2
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp86-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp99-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # DW_OP_reg2
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc23:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp93-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp99-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	85                              # DW_OP_reg5
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc24:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp101-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp102-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # super-register DW_OP_reg1
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp103-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp106-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	84                              # super-register DW_OP_reg4
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp107-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp119-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # super-register DW_OP_reg1
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc25:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp101-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp104-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # super-register DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp105-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp108-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # super-register DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp109-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp114-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # super-register DW_OP_reg14
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc26:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp101-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp105-.Lfunc_begin0         #   ending offset
	.byte	3                               # Loc expr size
	.byte	114                             # DW_OP_breg2
	.byte	127                             # -1
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp105-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp109-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # DW_OP_reg2
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp109-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp110-.Lfunc_begin0         #   ending offset
	.byte	3                               # Loc expr size
	.byte	114                             # DW_OP_breg2
	.byte	1                               # 1
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc27:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin1-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp129-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	85                              # DW_OP_reg5
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp129-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp158-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	92                              # DW_OP_reg12
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp158-.Lfunc_begin0         #   starting offset
	.uleb128 .Lfunc_end1-.Lfunc_begin0      #   ending offset
	.byte	4                               # Loc expr size
	.byte	163                             # DW_OP_entry_value
	.byte	1                               # 1
	.byte	85                              # DW_OP_reg5
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc28:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin1-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp129-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	84                              # super-register DW_OP_reg4
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp129-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp130-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	89                              # super-register DW_OP_reg9
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp130-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp132-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	83                              # super-register DW_OP_reg3
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp132-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp133-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	95                              # super-register DW_OP_reg15
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp133-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp140-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	89                              # super-register DW_OP_reg9
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp141-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp145-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	95                              # super-register DW_OP_reg15
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp145-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp158-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	89                              # super-register DW_OP_reg9
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc29:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin1-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp129-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	81                              # super-register DW_OP_reg1
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp129-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp130-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	88                              # super-register DW_OP_reg8
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp131-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp133-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # super-register DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp133-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp140-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	88                              # super-register DW_OP_reg8
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp140-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp143-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	83                              # super-register DW_OP_reg3
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp143-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp145-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # super-register DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp145-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp158-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	88                              # super-register DW_OP_reg8
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc30:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp129-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp132-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	95                              # super-register DW_OP_reg15
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp133-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp135-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	89                              # super-register DW_OP_reg9
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp135-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp143-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	95                              # super-register DW_OP_reg15
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp145-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp148-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	95                              # super-register DW_OP_reg15
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc31:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp129-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp133-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # super-register DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp133-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp135-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	88                              # super-register DW_OP_reg8
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp135-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp143-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # super-register DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp145-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp147-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	94                              # super-register DW_OP_reg14
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp147-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp151-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	82                              # super-register DW_OP_reg2
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp152-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp153-.Lfunc_begin0         #   ending offset
	.byte	55                              # Loc expr size
	.byte	118                             # DW_OP_breg6
	.byte	0                               # 0
	.byte	17                              # DW_OP_consts
	.byte	4                               # 4
	.byte	17                              # DW_OP_consts
	.byte	4                               # 4
	.byte	114                             # DW_OP_breg2
	.byte	0                               # 0
	.byte	16                              # DW_OP_constu
	.byte	255                             # 4294967295
	.byte	255                             # 
	.byte	255                             # 
	.byte	255                             # 
	.byte	15                              # 
	.byte	26                              # DW_OP_and
	.byte	168                             # DW_OP_convert
	.asciz	"\253\200\200"                  # 
	.byte	30                              # DW_OP_mul
	.byte	34                              # DW_OP_plus
	.byte	124                             # DW_OP_breg12
	.byte	0                               # 0
	.byte	16                              # DW_OP_constu
	.byte	255                             # 4294967295
	.byte	255                             # 
	.byte	255                             # 
	.byte	255                             # 
	.byte	15                              # 
	.byte	26                              # DW_OP_and
	.byte	34                              # DW_OP_plus
	.byte	28                              # DW_OP_minus
	.byte	17                              # DW_OP_consts
	.byte	124                             # -4
	.byte	27                              # DW_OP_div
	.byte	17                              # DW_OP_consts
	.byte	127                             # -1
	.byte	30                              # DW_OP_mul
	.byte	114                             # DW_OP_breg2
	.byte	0                               # 0
	.byte	16                              # DW_OP_constu
	.byte	255                             # 4294967295
	.byte	255                             # 
	.byte	255                             # 
	.byte	255                             # 
	.byte	15                              # 
	.byte	26                              # DW_OP_and
	.byte	168                             # DW_OP_convert
	.asciz	"\253\200\200"                  # 
	.byte	34                              # DW_OP_plus
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc32:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp145-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp158-.Lfunc_begin0         #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # super-register DW_OP_reg0
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
	.byte	116                             # DW_AT_rnglists_base
	.byte	23                              # DW_FORM_sec_offset
	.ascii	"\214\001"                      # DW_AT_loclists_base
	.byte	23                              # DW_FORM_sec_offset
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	2                               # Abbreviation Code
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
	.byte	1                               # DW_TAG_array_type
	.byte	1                               # DW_CHILDREN_yes
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	5                               # Abbreviation Code
	.byte	33                              # DW_TAG_subrange_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	55                              # DW_AT_count
	.byte	6                               # DW_FORM_data4
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
	.byte	22                              # DW_TAG_typedef
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	8                               # Abbreviation Code
	.byte	15                              # DW_TAG_pointer_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	9                               # Abbreviation Code
	.byte	38                              # DW_TAG_const_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	10                              # Abbreviation Code
	.byte	15                              # DW_TAG_pointer_type
	.byte	0                               # DW_CHILDREN_no
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	11                              # Abbreviation Code
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
	.byte	12                              # Abbreviation Code
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
	.byte	13                              # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	0                               # DW_CHILDREN_no
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
	.byte	32                              # DW_AT_inline
	.byte	33                              # DW_FORM_implicit_const
	.byte	1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	14                              # Abbreviation Code
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
	.byte	32                              # DW_AT_inline
	.byte	33                              # DW_FORM_implicit_const
	.byte	1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	15                              # Abbreviation Code
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
	.byte	16                              # Abbreviation Code
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
	.byte	17                              # Abbreviation Code
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
	.byte	32                              # DW_AT_inline
	.byte	33                              # DW_FORM_implicit_const
	.byte	1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	18                              # Abbreviation Code
	.byte	11                              # DW_TAG_lexical_block
	.byte	1                               # DW_CHILDREN_yes
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	19                              # Abbreviation Code
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
	.byte	20                              # Abbreviation Code
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
	.byte	21                              # Abbreviation Code
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
	.byte	22                              # Abbreviation Code
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
	.byte	23                              # Abbreviation Code
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
	.byte	24                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	34                              # DW_FORM_loclistx
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	25                              # Abbreviation Code
	.byte	11                              # DW_TAG_lexical_block
	.byte	1                               # DW_CHILDREN_yes
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	26                              # Abbreviation Code
	.byte	29                              # DW_TAG_inlined_subroutine
	.byte	0                               # DW_CHILDREN_no
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	85                              # DW_AT_ranges
	.byte	35                              # DW_FORM_rnglistx
	.byte	88                              # DW_AT_call_file
	.byte	11                              # DW_FORM_data1
	.byte	89                              # DW_AT_call_line
	.byte	11                              # DW_FORM_data1
	.byte	87                              # DW_AT_call_column
	.byte	11                              # DW_FORM_data1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	27                              # Abbreviation Code
	.byte	11                              # DW_TAG_lexical_block
	.byte	1                               # DW_CHILDREN_yes
	.byte	85                              # DW_AT_ranges
	.byte	35                              # DW_FORM_rnglistx
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	28                              # Abbreviation Code
	.byte	29                              # DW_TAG_inlined_subroutine
	.byte	1                               # DW_CHILDREN_yes
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	85                              # DW_AT_ranges
	.byte	35                              # DW_FORM_rnglistx
	.byte	88                              # DW_AT_call_file
	.byte	11                              # DW_FORM_data1
	.byte	89                              # DW_AT_call_line
	.byte	11                              # DW_FORM_data1
	.byte	87                              # DW_AT_call_column
	.byte	11                              # DW_FORM_data1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	29                              # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	34                              # DW_FORM_loclistx
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	30                              # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	24                              # DW_FORM_exprloc
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	31                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	28                              # DW_AT_const_value
	.byte	13                              # DW_FORM_sdata
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	32                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	24                              # DW_FORM_exprloc
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	33                              # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	28                              # DW_AT_const_value
	.byte	15                              # DW_FORM_udata
	.byte	49                              # DW_AT_abstract_origin
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	34                              # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
	.byte	28                              # DW_AT_const_value
	.byte	13                              # DW_FORM_sdata
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
	.byte	35                              # Abbreviation Code
	.byte	72                              # DW_TAG_call_site
	.byte	1                               # DW_CHILDREN_yes
	.byte	127                             # DW_AT_call_origin
	.byte	19                              # DW_FORM_ref4
	.byte	125                             # DW_AT_call_return_pc
	.byte	27                              # DW_FORM_addrx
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	36                              # Abbreviation Code
	.byte	73                              # DW_TAG_call_site_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	24                              # DW_FORM_exprloc
	.byte	126                             # DW_AT_call_value
	.byte	24                              # DW_FORM_exprloc
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	37                              # Abbreviation Code
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
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	38                              # Abbreviation Code
	.byte	33                              # DW_TAG_subrange_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	55                              # DW_AT_count
	.byte	5                               # DW_FORM_data2
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
	.byte	1                               # Abbrev [1] 0xc:0x3b9 DW_TAG_compile_unit
	.byte	0                               # DW_AT_producer
	.short	12                              # DW_AT_language
	.byte	1                               # DW_AT_name
	.long	.Lstr_offsets_base0             # DW_AT_str_offsets_base
	.long	.Lline_table_start0             # DW_AT_stmt_list
	.byte	2                               # DW_AT_comp_dir
	.byte	3                               # DW_AT_low_pc
	.long	.Lfunc_end1-.Lfunc_begin0       # DW_AT_high_pc
	.long	.Laddr_table_base0              # DW_AT_addr_base
	.long	.Lrnglists_table_base0          # DW_AT_rnglists_base
	.long	.Lloclists_table_base0          # DW_AT_loclists_base
	.byte	2                               # Abbrev [2] 0x2b:0x4 DW_TAG_base_type
	.byte	38                              # DW_AT_name
	.byte	5                               # DW_AT_encoding
	.byte	8                               # DW_AT_byte_size
	.byte	3                               # Abbrev [3] 0x2f:0xb DW_TAG_variable
	.byte	3                               # DW_AT_name
	.long	58                              # DW_AT_type
	.byte	0                               # DW_AT_decl_file
	.byte	46                              # DW_AT_decl_line
	.byte	2                               # DW_AT_location
	.byte	161
	.byte	0
	.byte	4                               # Abbrev [4] 0x3a:0xf DW_TAG_array_type
	.long	73                              # DW_AT_type
	.byte	5                               # Abbrev [5] 0x3f:0x9 DW_TAG_subrange_type
	.long	77                              # DW_AT_type
	.long	65536                           # DW_AT_count
	.byte	0                               # End Of Children Mark
	.byte	2                               # Abbrev [2] 0x49:0x4 DW_TAG_base_type
	.byte	4                               # DW_AT_name
	.byte	7                               # DW_AT_encoding
	.byte	4                               # DW_AT_byte_size
	.byte	6                               # Abbrev [6] 0x4d:0x4 DW_TAG_base_type
	.byte	5                               # DW_AT_name
	.byte	8                               # DW_AT_byte_size
	.byte	7                               # DW_AT_encoding
	.byte	3                               # Abbrev [3] 0x51:0xb DW_TAG_variable
	.byte	6                               # DW_AT_name
	.long	58                              # DW_AT_type
	.byte	0                               # DW_AT_decl_file
	.byte	46                              # DW_AT_decl_line
	.byte	2                               # DW_AT_location
	.byte	161
	.byte	1
	.byte	3                               # Abbrev [3] 0x5c:0xb DW_TAG_variable
	.byte	7                               # DW_AT_name
	.long	103                             # DW_AT_type
	.byte	0                               # DW_AT_decl_file
	.byte	10                              # DW_AT_decl_line
	.byte	2                               # DW_AT_location
	.byte	161
	.byte	2
	.byte	2                               # Abbrev [2] 0x67:0x4 DW_TAG_base_type
	.byte	8                               # DW_AT_name
	.byte	7                               # DW_AT_encoding
	.byte	8                               # DW_AT_byte_size
	.byte	7                               # Abbrev [7] 0x6b:0x8 DW_TAG_typedef
	.long	115                             # DW_AT_type
	.byte	10                              # DW_AT_name
	.byte	1                               # DW_AT_decl_file
	.byte	46                              # DW_AT_decl_line
	.byte	2                               # Abbrev [2] 0x73:0x4 DW_TAG_base_type
	.byte	9                               # DW_AT_name
	.byte	7                               # DW_AT_encoding
	.byte	8                               # DW_AT_byte_size
	.byte	2                               # Abbrev [2] 0x77:0x4 DW_TAG_base_type
	.byte	11                              # DW_AT_name
	.byte	8                               # DW_AT_encoding
	.byte	1                               # DW_AT_byte_size
	.byte	2                               # Abbrev [2] 0x7b:0x4 DW_TAG_base_type
	.byte	12                              # DW_AT_name
	.byte	5                               # DW_AT_encoding
	.byte	4                               # DW_AT_byte_size
	.byte	8                               # Abbrev [8] 0x7f:0x5 DW_TAG_pointer_type
	.long	132                             # DW_AT_type
	.byte	9                               # Abbrev [9] 0x84:0x5 DW_TAG_const_type
	.long	119                             # DW_AT_type
	.byte	8                               # Abbrev [8] 0x89:0x5 DW_TAG_pointer_type
	.long	142                             # DW_AT_type
	.byte	8                               # Abbrev [8] 0x8e:0x5 DW_TAG_pointer_type
	.long	147                             # DW_AT_type
	.byte	2                               # Abbrev [2] 0x93:0x4 DW_TAG_base_type
	.byte	13                              # DW_AT_name
	.byte	6                               # DW_AT_encoding
	.byte	1                               # DW_AT_byte_size
	.byte	10                              # Abbrev [10] 0x97:0x1 DW_TAG_pointer_type
	.byte	2                               # Abbrev [2] 0x98:0x4 DW_TAG_base_type
	.byte	14                              # DW_AT_name
	.byte	5                               # DW_AT_encoding
	.byte	8                               # DW_AT_byte_size
	.byte	11                              # Abbrev [11] 0x9c:0x13 DW_TAG_subprogram
	.byte	15                              # DW_AT_name
	.byte	2                               # DW_AT_decl_file
	.short	362                             # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	123                             # DW_AT_type
                                        # DW_AT_external
                                        # DW_AT_inline
	.byte	12                              # Abbrev [12] 0xa5:0x9 DW_TAG_formal_parameter
	.byte	16                              # DW_AT_name
	.byte	2                               # DW_AT_decl_file
	.short	362                             # DW_AT_decl_line
	.long	175                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	8                               # Abbrev [8] 0xaf:0x5 DW_TAG_pointer_type
	.long	180                             # DW_AT_type
	.byte	9                               # Abbrev [9] 0xb4:0x5 DW_TAG_const_type
	.long	147                             # DW_AT_type
	.byte	13                              # Abbrev [13] 0xb9:0x8 DW_TAG_subprogram
	.byte	17                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	12                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	103                             # DW_AT_type
                                        # DW_AT_inline
	.byte	14                              # Abbrev [14] 0xc1:0x1d DW_TAG_subprogram
	.byte	18                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	48                              # DW_AT_decl_line
                                        # DW_AT_prototyped
                                        # DW_AT_inline
	.byte	15                              # Abbrev [15] 0xc5:0x8 DW_TAG_formal_parameter
	.byte	19                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	48                              # DW_AT_decl_line
	.long	73                              # DW_AT_type
	.byte	15                              # Abbrev [15] 0xcd:0x8 DW_TAG_formal_parameter
	.byte	20                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	48                              # DW_AT_decl_line
	.long	73                              # DW_AT_type
	.byte	16                              # Abbrev [16] 0xd5:0x8 DW_TAG_variable
	.byte	21                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	50                              # DW_AT_decl_line
	.long	73                              # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	17                              # Abbrev [17] 0xde:0x3b DW_TAG_subprogram
	.byte	22                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	57                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	152                             # DW_AT_type
                                        # DW_AT_inline
	.byte	15                              # Abbrev [15] 0xe6:0x8 DW_TAG_formal_parameter
	.byte	23                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	57                              # DW_AT_decl_line
	.long	127                             # DW_AT_type
	.byte	15                              # Abbrev [15] 0xee:0x8 DW_TAG_formal_parameter
	.byte	24                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	57                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	15                              # Abbrev [15] 0xf6:0x8 DW_TAG_formal_parameter
	.byte	25                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	57                              # DW_AT_decl_line
	.long	152                             # DW_AT_type
	.byte	16                              # Abbrev [16] 0xfe:0x8 DW_TAG_variable
	.byte	26                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	59                              # DW_AT_decl_line
	.long	152                             # DW_AT_type
	.byte	16                              # Abbrev [16] 0x106:0x8 DW_TAG_variable
	.byte	27                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	59                              # DW_AT_decl_line
	.long	152                             # DW_AT_type
	.byte	18                              # Abbrev [18] 0x10e:0xa DW_TAG_lexical_block
	.byte	16                              # Abbrev [16] 0x10f:0x8 DW_TAG_variable
	.byte	28                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	60                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	17                              # Abbrev [17] 0x119:0x35 DW_TAG_subprogram
	.byte	29                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	75                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	123                             # DW_AT_type
                                        # DW_AT_inline
	.byte	15                              # Abbrev [15] 0x121:0x8 DW_TAG_formal_parameter
	.byte	30                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	75                              # DW_AT_decl_line
	.long	142                             # DW_AT_type
	.byte	15                              # Abbrev [15] 0x129:0x8 DW_TAG_formal_parameter
	.byte	24                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	75                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	16                              # Abbrev [16] 0x131:0x8 DW_TAG_variable
	.byte	31                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	77                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	18                              # Abbrev [18] 0x139:0x14 DW_TAG_lexical_block
	.byte	16                              # Abbrev [16] 0x13a:0x8 DW_TAG_variable
	.byte	32                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	79                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	18                              # Abbrev [18] 0x142:0xa DW_TAG_lexical_block
	.byte	16                              # Abbrev [16] 0x143:0x8 DW_TAG_variable
	.byte	33                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	83                              # DW_AT_decl_line
	.long	152                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	17                              # Abbrev [17] 0x14e:0x33 DW_TAG_subprogram
	.byte	34                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	89                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	73                              # DW_AT_type
                                        # DW_AT_inline
	.byte	15                              # Abbrev [15] 0x156:0x8 DW_TAG_formal_parameter
	.byte	35                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	89                              # DW_AT_decl_line
	.long	127                             # DW_AT_type
	.byte	15                              # Abbrev [15] 0x15e:0x8 DW_TAG_formal_parameter
	.byte	24                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	89                              # DW_AT_decl_line
	.long	107                             # DW_AT_type
	.byte	16                              # Abbrev [16] 0x166:0x8 DW_TAG_variable
	.byte	36                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	91                              # DW_AT_decl_line
	.long	73                              # DW_AT_type
	.byte	16                              # Abbrev [16] 0x16e:0x8 DW_TAG_variable
	.byte	37                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	91                              # DW_AT_decl_line
	.long	73                              # DW_AT_type
	.byte	18                              # Abbrev [18] 0x176:0xa DW_TAG_lexical_block
	.byte	16                              # Abbrev [16] 0x177:0x8 DW_TAG_variable
	.byte	32                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	92                              # DW_AT_decl_line
	.long	107                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	19                              # Abbrev [19] 0x181:0x1c1 DW_TAG_subprogram
	.byte	3                               # DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       # DW_AT_high_pc
	.byte	1                               # DW_AT_frame_base
	.byte	87
                                        # DW_AT_call_all_calls
	.byte	39                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	99                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.long	123                             # DW_AT_type
                                        # DW_AT_external
	.byte	20                              # Abbrev [20] 0x190:0x9 DW_TAG_formal_parameter
	.byte	0                               # DW_AT_location
	.byte	41                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	99                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	20                              # Abbrev [20] 0x199:0x9 DW_TAG_formal_parameter
	.byte	1                               # DW_AT_location
	.byte	42                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	99                              # DW_AT_decl_line
	.long	137                             # DW_AT_type
	.byte	21                              # Abbrev [21] 0x1a2:0xb DW_TAG_variable
	.byte	2                               # DW_AT_location
	.byte	145
	.byte	32
	.byte	23                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	106                             # DW_AT_decl_line
	.long	946                             # DW_AT_type
	.byte	22                              # Abbrev [22] 0x1ad:0x9 DW_TAG_variable
	.byte	3                               # DW_AT_location
	.byte	43                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	101                             # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	22                              # Abbrev [22] 0x1b6:0x9 DW_TAG_variable
	.byte	4                               # DW_AT_location
	.byte	44                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	102                             # DW_AT_decl_line
	.long	103                             # DW_AT_type
	.byte	22                              # Abbrev [22] 0x1bf:0x9 DW_TAG_variable
	.byte	5                               # DW_AT_location
	.byte	24                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	103                             # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	22                              # Abbrev [22] 0x1c8:0x9 DW_TAG_variable
	.byte	6                               # DW_AT_location
	.byte	36                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	104                             # DW_AT_decl_line
	.long	959                             # DW_AT_type
	.byte	22                              # Abbrev [22] 0x1d1:0x9 DW_TAG_variable
	.byte	7                               # DW_AT_location
	.byte	30                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	105                             # DW_AT_decl_line
	.long	142                             # DW_AT_type
	.byte	23                              # Abbrev [23] 0x1da:0x14 DW_TAG_inlined_subroutine
	.long	156                             # DW_AT_abstract_origin
	.byte	4                               # DW_AT_low_pc
	.long	.Ltmp5-.Ltmp2                   # DW_AT_high_pc
	.byte	0                               # DW_AT_call_file
	.byte	101                             # DW_AT_call_line
	.byte	25                              # DW_AT_call_column
	.byte	24                              # Abbrev [24] 0x1e7:0x6 DW_TAG_formal_parameter
	.byte	2                               # DW_AT_location
	.long	165                             # DW_AT_abstract_origin
	.byte	0                               # End Of Children Mark
	.byte	25                              # Abbrev [25] 0x1ee:0x19 DW_TAG_lexical_block
	.byte	5                               # DW_AT_low_pc
	.long	.Ltmp16-.Ltmp9                  # DW_AT_high_pc
	.byte	22                              # Abbrev [22] 0x1f4:0x9 DW_TAG_variable
	.byte	8                               # DW_AT_location
	.byte	32                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	107                             # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	26                              # Abbrev [26] 0x1fd:0x9 DW_TAG_inlined_subroutine
	.long	185                             # DW_AT_abstract_origin
	.byte	0                               # DW_AT_ranges
	.byte	0                               # DW_AT_call_file
	.byte	108                             # DW_AT_call_line
	.byte	28                              # DW_AT_call_column
	.byte	0                               # End Of Children Mark
	.byte	25                              # Abbrev [25] 0x207:0x110 DW_TAG_lexical_block
	.byte	6                               # DW_AT_low_pc
	.long	.Ltmp119-.Ltmp16                # DW_AT_high_pc
	.byte	22                              # Abbrev [22] 0x20d:0x9 DW_TAG_variable
	.byte	9                               # DW_AT_location
	.byte	45                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	109                             # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	25                              # Abbrev [25] 0x216:0x19 DW_TAG_lexical_block
	.byte	7                               # DW_AT_low_pc
	.long	.Ltmp32-.Ltmp22                 # DW_AT_high_pc
	.byte	22                              # Abbrev [22] 0x21c:0x9 DW_TAG_variable
	.byte	10                              # DW_AT_location
	.byte	32                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	110                             # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	26                              # Abbrev [26] 0x225:0x9 DW_TAG_inlined_subroutine
	.long	185                             # DW_AT_abstract_origin
	.byte	1                               # DW_AT_ranges
	.byte	0                               # DW_AT_call_file
	.byte	111                             # DW_AT_call_line
	.byte	17                              # DW_AT_call_column
	.byte	0                               # End Of Children Mark
	.byte	27                              # Abbrev [27] 0x22f:0x31 DW_TAG_lexical_block
	.byte	2                               # DW_AT_ranges
	.byte	22                              # Abbrev [22] 0x231:0x9 DW_TAG_variable
	.byte	11                              # DW_AT_location
	.byte	32                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	114                             # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	28                              # Abbrev [28] 0x23a:0x1c DW_TAG_inlined_subroutine
	.long	193                             # DW_AT_abstract_origin
	.byte	3                               # DW_AT_ranges
	.byte	0                               # DW_AT_call_file
	.byte	115                             # DW_AT_call_line
	.byte	4                               # DW_AT_call_column
	.byte	24                              # Abbrev [24] 0x243:0x6 DW_TAG_formal_parameter
	.byte	12                              # DW_AT_location
	.long	197                             # DW_AT_abstract_origin
	.byte	24                              # Abbrev [24] 0x249:0x6 DW_TAG_formal_parameter
	.byte	13                              # DW_AT_location
	.long	205                             # DW_AT_abstract_origin
	.byte	29                              # Abbrev [29] 0x24f:0x6 DW_TAG_variable
	.byte	14                              # DW_AT_location
	.long	213                             # DW_AT_abstract_origin
	.byte	0                               # End Of Children Mark
	.byte	26                              # Abbrev [26] 0x256:0x9 DW_TAG_inlined_subroutine
	.long	185                             # DW_AT_abstract_origin
	.byte	4                               # DW_AT_ranges
	.byte	0                               # DW_AT_call_file
	.byte	115                             # DW_AT_call_line
	.byte	20                              # DW_AT_call_column
	.byte	0                               # End Of Children Mark
	.byte	25                              # Abbrev [25] 0x260:0x47 DW_TAG_lexical_block
	.byte	8                               # DW_AT_low_pc
	.long	.Ltmp82-.Ltmp52                 # DW_AT_high_pc
	.byte	21                              # Abbrev [21] 0x266:0xa DW_TAG_variable
	.byte	1                               # DW_AT_location
	.byte	80
	.byte	32                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	116                             # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	28                              # Abbrev [28] 0x270:0x36 DW_TAG_inlined_subroutine
	.long	222                             # DW_AT_abstract_origin
	.byte	5                               # DW_AT_ranges
	.byte	0                               # DW_AT_call_file
	.byte	117                             # DW_AT_call_line
	.byte	31                              # DW_AT_call_column
	.byte	24                              # Abbrev [24] 0x279:0x6 DW_TAG_formal_parameter
	.byte	19                              # DW_AT_location
	.long	230                             # DW_AT_abstract_origin
	.byte	24                              # Abbrev [24] 0x27f:0x6 DW_TAG_formal_parameter
	.byte	15                              # DW_AT_location
	.long	238                             # DW_AT_abstract_origin
	.byte	24                              # Abbrev [24] 0x285:0x6 DW_TAG_formal_parameter
	.byte	16                              # DW_AT_location
	.long	246                             # DW_AT_abstract_origin
	.byte	29                              # Abbrev [29] 0x28b:0x6 DW_TAG_variable
	.byte	17                              # DW_AT_location
	.long	254                             # DW_AT_abstract_origin
	.byte	29                              # Abbrev [29] 0x291:0x6 DW_TAG_variable
	.byte	18                              # DW_AT_location
	.long	262                             # DW_AT_abstract_origin
	.byte	25                              # Abbrev [25] 0x297:0xe DW_TAG_lexical_block
	.byte	9                               # DW_AT_low_pc
	.long	.Ltmp82-.Ltmp58                 # DW_AT_high_pc
	.byte	30                              # Abbrev [30] 0x29d:0x7 DW_TAG_variable
	.byte	1                               # DW_AT_location
	.byte	84
	.long	271                             # DW_AT_abstract_origin
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	23                              # Abbrev [23] 0x2a7:0x3d DW_TAG_inlined_subroutine
	.long	281                             # DW_AT_abstract_origin
	.byte	10                              # DW_AT_low_pc
	.long	.Ltmp99-.Ltmp82                 # DW_AT_high_pc
	.byte	0                               # DW_AT_call_file
	.byte	118                             # DW_AT_call_line
	.byte	20                              # DW_AT_call_column
	.byte	24                              # Abbrev [24] 0x2b4:0x6 DW_TAG_formal_parameter
	.byte	20                              # DW_AT_location
	.long	289                             # DW_AT_abstract_origin
	.byte	31                              # Abbrev [31] 0x2ba:0x9 DW_TAG_formal_parameter
	.asciz	"\200\211\372"                  # DW_AT_const_value
	.long	297                             # DW_AT_abstract_origin
	.byte	29                              # Abbrev [29] 0x2c3:0x6 DW_TAG_variable
	.byte	21                              # DW_AT_location
	.long	305                             # DW_AT_abstract_origin
	.byte	25                              # Abbrev [25] 0x2c9:0x1a DW_TAG_lexical_block
	.byte	11                              # DW_AT_low_pc
	.long	.Ltmp99-.Ltmp84                 # DW_AT_high_pc
	.byte	29                              # Abbrev [29] 0x2cf:0x6 DW_TAG_variable
	.byte	22                              # DW_AT_location
	.long	314                             # DW_AT_abstract_origin
	.byte	25                              # Abbrev [25] 0x2d5:0xd DW_TAG_lexical_block
	.byte	12                              # DW_AT_low_pc
	.long	.Ltmp99-.Ltmp92                 # DW_AT_high_pc
	.byte	29                              # Abbrev [29] 0x2db:0x6 DW_TAG_variable
	.byte	23                              # DW_AT_location
	.long	323                             # DW_AT_abstract_origin
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	28                              # Abbrev [28] 0x2e4:0x32 DW_TAG_inlined_subroutine
	.long	334                             # DW_AT_abstract_origin
	.byte	6                               # DW_AT_ranges
	.byte	0                               # DW_AT_call_file
	.byte	119                             # DW_AT_call_line
	.byte	10                              # DW_AT_call_column
	.byte	32                              # Abbrev [32] 0x2ed:0x7 DW_TAG_formal_parameter
	.byte	1                               # DW_AT_location
	.byte	92
	.long	342                             # DW_AT_abstract_origin
	.byte	33                              # Abbrev [33] 0x2f4:0x8 DW_TAG_formal_parameter
	.ascii	"\200\3520"                     # DW_AT_const_value
	.long	350                             # DW_AT_abstract_origin
	.byte	29                              # Abbrev [29] 0x2fc:0x6 DW_TAG_variable
	.byte	24                              # DW_AT_location
	.long	358                             # DW_AT_abstract_origin
	.byte	29                              # Abbrev [29] 0x302:0x6 DW_TAG_variable
	.byte	25                              # DW_AT_location
	.long	366                             # DW_AT_abstract_origin
	.byte	25                              # Abbrev [25] 0x308:0xd DW_TAG_lexical_block
	.byte	13                              # DW_AT_low_pc
	.long	.Ltmp112-.Ltmp101               # DW_AT_high_pc
	.byte	29                              # Abbrev [29] 0x30e:0x6 DW_TAG_variable
	.byte	26                              # DW_AT_location
	.long	375                             # DW_AT_abstract_origin
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	25                              # Abbrev [25] 0x317:0x10 DW_TAG_lexical_block
	.byte	14                              # DW_AT_low_pc
	.long	.Ltmp123-.Ltmp120               # DW_AT_high_pc
	.byte	34                              # Abbrev [34] 0x31d:0x9 DW_TAG_variable
	.byte	0                               # DW_AT_const_value
	.byte	32                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	121                             # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	35                              # Abbrev [35] 0x327:0x1a DW_TAG_call_site
	.long	834                             # DW_AT_call_origin
	.byte	15                              # DW_AT_call_return_pc
	.byte	36                              # Abbrev [36] 0x32d:0x8 DW_TAG_call_site_parameter
	.byte	1                               # DW_AT_location
	.byte	81
	.byte	4                               # DW_AT_call_value
	.byte	16
	.ascii	"\277\232\f"
	.byte	36                              # Abbrev [36] 0x335:0x5 DW_TAG_call_site_parameter
	.byte	1                               # DW_AT_location
	.byte	84
	.byte	1                               # DW_AT_call_value
	.byte	48
	.byte	36                              # Abbrev [36] 0x33a:0x6 DW_TAG_call_site_parameter
	.byte	1                               # DW_AT_location
	.byte	85
	.byte	2                               # DW_AT_call_value
	.byte	124
	.byte	0
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	37                              # Abbrev [37] 0x342:0x70 DW_TAG_subprogram
	.byte	16                              # DW_AT_low_pc
	.long	.Lfunc_end1-.Lfunc_begin1       # DW_AT_high_pc
	.byte	1                               # DW_AT_frame_base
	.byte	87
                                        # DW_AT_call_all_calls
	.byte	40                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	20                              # DW_AT_decl_line
                                        # DW_AT_prototyped
	.byte	20                              # Abbrev [20] 0x34d:0x9 DW_TAG_formal_parameter
	.byte	27                              # DW_AT_location
	.byte	36                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	20                              # DW_AT_decl_line
	.long	959                             # DW_AT_type
	.byte	20                              # Abbrev [20] 0x356:0x9 DW_TAG_formal_parameter
	.byte	28                              # DW_AT_location
	.byte	46                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	20                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	20                              # Abbrev [20] 0x35f:0x9 DW_TAG_formal_parameter
	.byte	29                              # DW_AT_location
	.byte	47                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	20                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	27                              # Abbrev [27] 0x368:0x2f DW_TAG_lexical_block
	.byte	7                               # DW_AT_ranges
	.byte	22                              # Abbrev [22] 0x36a:0x9 DW_TAG_variable
	.byte	30                              # DW_AT_location
	.byte	32                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	23                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	22                              # Abbrev [22] 0x373:0x9 DW_TAG_variable
	.byte	31                              # DW_AT_location
	.byte	33                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	23                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	22                              # Abbrev [22] 0x37c:0x9 DW_TAG_variable
	.byte	32                              # DW_AT_location
	.byte	35                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	23                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	25                              # Abbrev [25] 0x385:0x11 DW_TAG_lexical_block
	.byte	17                              # DW_AT_low_pc
	.long	.Ltmp158-.Ltmp156               # DW_AT_high_pc
	.byte	21                              # Abbrev [21] 0x38b:0xa DW_TAG_variable
	.byte	1                               # DW_AT_location
	.byte	85
	.byte	48                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	30                              # DW_AT_decl_line
	.long	123                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	35                              # Abbrev [35] 0x397:0xd DW_TAG_call_site
	.long	834                             # DW_AT_call_origin
	.byte	18                              # DW_AT_call_return_pc
	.byte	36                              # Abbrev [36] 0x39d:0x6 DW_TAG_call_site_parameter
	.byte	1                               # DW_AT_location
	.byte	84
	.byte	2                               # DW_AT_call_value
	.byte	127
	.byte	0
	.byte	0                               # End Of Children Mark
	.byte	35                              # Abbrev [35] 0x3a4:0xd DW_TAG_call_site
	.long	834                             # DW_AT_call_origin
	.byte	19                              # DW_AT_call_return_pc
	.byte	36                              # Abbrev [36] 0x3aa:0x6 DW_TAG_call_site_parameter
	.byte	1                               # DW_AT_location
	.byte	81
	.byte	2                               # DW_AT_call_value
	.byte	126
	.byte	0
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	4                               # Abbrev [4] 0x3b2:0xd DW_TAG_array_type
	.long	119                             # DW_AT_type
	.byte	38                              # Abbrev [38] 0x3b7:0x7 DW_TAG_subrange_type
	.long	77                              # DW_AT_type
	.short	256                             # DW_AT_count
	.byte	0                               # End Of Children Mark
	.byte	8                               # Abbrev [8] 0x3bf:0x5 DW_TAG_pointer_type
	.long	123                             # DW_AT_type
	.byte	0                               # End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_rnglists,"",@progbits
	.long	.Ldebug_list_header_end1-.Ldebug_list_header_start1 # Length
.Ldebug_list_header_start1:
	.short	5                               # Version
	.byte	8                               # Address size
	.byte	0                               # Segment selector size
	.long	8                               # Offset entry count
.Lrnglists_table_base0:
	.long	.Ldebug_ranges0-.Lrnglists_table_base0
	.long	.Ldebug_ranges1-.Lrnglists_table_base0
	.long	.Ldebug_ranges2-.Lrnglists_table_base0
	.long	.Ldebug_ranges3-.Lrnglists_table_base0
	.long	.Ldebug_ranges4-.Lrnglists_table_base0
	.long	.Ldebug_ranges5-.Lrnglists_table_base0
	.long	.Ldebug_ranges6-.Lrnglists_table_base0
	.long	.Ldebug_ranges7-.Lrnglists_table_base0
.Ldebug_ranges0:
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp9-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp10-.Lfunc_begin0          #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp11-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp12-.Lfunc_begin0          #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp15-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp16-.Lfunc_begin0          #   ending offset
	.byte	0                               # DW_RLE_end_of_list
.Ldebug_ranges1:
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp22-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp23-.Lfunc_begin0          #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp24-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp25-.Lfunc_begin0          #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp26-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp27-.Lfunc_begin0          #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp31-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp32-.Lfunc_begin0          #   ending offset
	.byte	0                               # DW_RLE_end_of_list
.Ldebug_ranges2:
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp34-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp48-.Lfunc_begin0          #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp49-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp52-.Lfunc_begin0          #   ending offset
	.byte	0                               # DW_RLE_end_of_list
.Ldebug_ranges3:
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp34-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp36-.Lfunc_begin0          #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp41-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp48-.Lfunc_begin0          #   ending offset
	.byte	0                               # DW_RLE_end_of_list
.Ldebug_ranges4:
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp39-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp40-.Lfunc_begin0          #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp49-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp52-.Lfunc_begin0          #   ending offset
	.byte	0                               # DW_RLE_end_of_list
.Ldebug_ranges5:
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp52-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp53-.Lfunc_begin0          #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp58-.Lfunc_begin0          #   starting offset
	.uleb128 .Ltmp82-.Lfunc_begin0          #   ending offset
	.byte	0                               # DW_RLE_end_of_list
.Ldebug_ranges6:
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp101-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp112-.Lfunc_begin0         #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp113-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp115-.Lfunc_begin0         #   ending offset
	.byte	0                               # DW_RLE_end_of_list
.Ldebug_ranges7:
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp129-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp132-.Lfunc_begin0         #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp134-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp142-.Lfunc_begin0         #   ending offset
	.byte	4                               # DW_RLE_offset_pair
	.uleb128 .Ltmp146-.Lfunc_begin0         #   starting offset
	.uleb128 .Ltmp158-.Lfunc_begin0         #   ending offset
	.byte	0                               # DW_RLE_end_of_list
.Ldebug_list_header_end1:
	.section	.debug_str_offsets,"",@progbits
	.long	200                             # Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 14.0.6"   # string offset=0
.Linfo_string1:
	.asciz	"work.c"                        # string offset=28
.Linfo_string2:
	.asciz	"/build"                 # string offset=35
.Linfo_string3:
	.asciz	"keys"                          # string offset=49
.Linfo_string4:
	.asciz	"unsigned int"                  # string offset=54
.Linfo_string5:
	.asciz	"__ARRAY_SIZE_TYPE__"           # string offset=67
.Linfo_string6:
	.asciz	"vals"                          # string offset=87
.Linfo_string7:
	.asciz	"rng"                           # string offset=92
.Linfo_string8:
	.asciz	"unsigned long long"            # string offset=96
.Linfo_string9:
	.asciz	"unsigned long"                 # string offset=115
.Linfo_string10:
	.asciz	"size_t"                        # string offset=129
.Linfo_string11:
	.asciz	"unsigned char"                 # string offset=136
.Linfo_string12:
	.asciz	"int"                           # string offset=150
.Linfo_string13:
	.asciz	"char"                          # string offset=154
.Linfo_string14:
	.asciz	"long"                          # string offset=159
.Linfo_string15:
	.asciz	"atoi"                          # string offset=164
.Linfo_string16:
	.asciz	"__nptr"                        # string offset=169
.Linfo_string17:
	.asciz	"next"                          # string offset=176
.Linfo_string18:
	.asciz	"hput"                          # string offset=181
.Linfo_string19:
	.asciz	"k"                             # string offset=186
.Linfo_string20:
	.asciz	"v"                             # string offset=188
.Linfo_string21:
	.asciz	"h"                             # string offset=190
.Linfo_string22:
	.asciz	"interp"                        # string offset=192
.Linfo_string23:
	.asciz	"code"                          # string offset=199
.Linfo_string24:
	.asciz	"n"                             # string offset=204
.Linfo_string25:
	.asciz	"x"                             # string offset=206
.Linfo_string26:
	.asciz	"acc"                           # string offset=208
.Linfo_string27:
	.asciz	"r"                             # string offset=212
.Linfo_string28:
	.asciz	"pc"                            # string offset=214
.Linfo_string29:
	.asciz	"sieve"                         # string offset=217
.Linfo_string30:
	.asciz	"s"                             # string offset=223
.Linfo_string31:
	.asciz	"count"                         # string offset=225
.Linfo_string32:
	.asciz	"i"                             # string offset=231
.Linfo_string33:
	.asciz	"j"                             # string offset=233
.Linfo_string34:
	.asciz	"adler"                         # string offset=235
.Linfo_string35:
	.asciz	"p"                             # string offset=241
.Linfo_string36:
	.asciz	"a"                             # string offset=243
.Linfo_string37:
	.asciz	"b"                             # string offset=245
.Linfo_string38:
	.asciz	"DW_ATE_signed_64"              # string offset=247
.Linfo_string39:
	.asciz	"main"                          # string offset=264
.Linfo_string40:
	.asciz	"quicksort"                     # string offset=269
.Linfo_string41:
	.asciz	"argc"                          # string offset=279
.Linfo_string42:
	.asciz	"argv"                          # string offset=284
.Linfo_string43:
	.asciz	"scale"                         # string offset=289
.Linfo_string44:
	.asciz	"sum"                           # string offset=295
.Linfo_string45:
	.asciz	"round"                         # string offset=299
.Linfo_string46:
	.asciz	"lo"                            # string offset=305
.Linfo_string47:
	.asciz	"hi"                            # string offset=308
.Linfo_string48:
	.asciz	"t"                             # string offset=311
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
	.long	.Linfo_string23
	.long	.Linfo_string24
	.long	.Linfo_string25
	.long	.Linfo_string26
	.long	.Linfo_string27
	.long	.Linfo_string28
	.long	.Linfo_string29
	.long	.Linfo_string30
	.long	.Linfo_string31
	.long	.Linfo_string32
	.long	.Linfo_string33
	.long	.Linfo_string34
	.long	.Linfo_string35
	.long	.Linfo_string36
	.long	.Linfo_string37
	.long	.Linfo_string38
	.long	.Linfo_string39
	.long	.Linfo_string40
	.long	.Linfo_string41
	.long	.Linfo_string42
	.long	.Linfo_string43
	.long	.Linfo_string44
	.long	.Linfo_string45
	.long	.Linfo_string46
	.long	.Linfo_string47
	.long	.Linfo_string48
	.section	.debug_addr,"",@progbits
	.long	.Ldebug_addr_end0-.Ldebug_addr_start0 # Length of contribution
.Ldebug_addr_start0:
	.short	5                               # DWARF version number
	.byte	8                               # Address size
	.byte	0                               # Segment selector size
.Laddr_table_base0:
	.quad	keys
	.quad	vals
	.quad	rng
	.quad	.Lfunc_begin0
	.quad	.Ltmp2
	.quad	.Ltmp9
	.quad	.Ltmp16
	.quad	.Ltmp22
	.quad	.Ltmp52
	.quad	.Ltmp58
	.quad	.Ltmp82
	.quad	.Ltmp84
	.quad	.Ltmp92
	.quad	.Ltmp101
	.quad	.Ltmp120
	.quad	.Ltmp33
	.quad	.Lfunc_begin1
	.quad	.Ltmp156
	.quad	.Ltmp130
	.quad	.Ltmp140
.Ldebug_addr_end0:
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.section	.debug_line,"",@progbits
.Lline_table_start0:
