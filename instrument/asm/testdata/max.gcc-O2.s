	.file	"max.c"
	.text
.Ltext0:
	.file 0 "/build" "/src/max.c"
	.p2align 4
	.globl	max
	.type	max, @function
max:
.LVL0:
.LFB12:
	.file 1 "/src/max.c"
	.loc 1 24 1 view -0
	.cfi_startproc
	.loc 1 25 2 view .LVU1
	.loc 1 26 2 view .LVU2
	.loc 1 27 2 view .LVU3
	.loc 1 27 16 view .LVU4
	cmpl	$1, %esi
	jle	.L5
	movl	%esi, %esi
	.loc 1 27 16 is_stmt 0 view .LVU5
	movl	$1, %eax
	.loc 1 26 4 view .LVU6
	xorl	%edx, %edx
.LVL1:
	.p2align 4,,10
	.p2align 3
.L4:
	.loc 1 28 3 is_stmt 1 view .LVU7
	.loc 1 28 15 is_stmt 0 view .LVU8
	movslq	%edx, %rcx
	movl	(%rdi,%rcx,4), %ecx
	cmpl	%ecx, (%rdi,%rax,4)
	cmovg	%eax, %edx
.LVL2:
	.loc 1 27 22 is_stmt 1 view .LVU9
	.loc 1 27 16 view .LVU10
	addq	$1, %rax
.LVL3:
	.loc 1 27 16 is_stmt 0 view .LVU11
	cmpq	%rax, %rsi
	jne	.L4
	.loc 1 31 1 view .LVU12
	movl	%edx, %eax
	ret
.LVL4:
	.p2align 4,,10
	.p2align 3
.L5:
	.loc 1 26 4 view .LVU13
	xorl	%edx, %edx
	.loc 1 30 2 is_stmt 1 view .LVU14
	.loc 1 31 1 is_stmt 0 view .LVU15
	movl	%edx, %eax
	ret
	.cfi_endproc
.LFE12:
	.size	max, .-max
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LVL5:
.LFB11:
	.loc 1 15 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 16 2 view .LVU17
	.loc 1 17 2 view .LVU18
	.loc 1 15 1 is_stmt 0 view .LVU19
	movl	%edi, %eax
	pushq	%r12
	.cfi_def_cfa_offset 16
	.cfi_offset 12, -16
	movl	$1, %edi
.LVL6:
	.loc 1 15 1 view .LVU20
	pushq	%rbp
	.cfi_def_cfa_offset 24
	.cfi_offset 6, -24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset 3, -32
	.loc 1 17 2 view .LVU21
	cmpl	$1, %eax
	jle	.L9
.LVL7:
.LBB4:
.LBI4:
	.file 2 "/usr/include/stdlib.h"
	.loc 2 362 1 is_stmt 1 discriminator 1 view .LVU22
.LBB5:
	.loc 2 364 3 discriminator 1 view .LVU23
	.loc 2 364 16 is_stmt 0 discriminator 1 view .LVU24
	movq	8(%rsi), %rdi
	movl	$10, %edx
	xorl	%esi, %esi
.LVL8:
	.loc 2 364 16 discriminator 1 view .LVU25
	call	strtol@PLT
.LVL9:
	.loc 2 364 16 discriminator 1 view .LVU26
.LBE5:
.LBE4:
	.loc 1 17 2 discriminator 1 view .LVU27
	movl	%eax, %edi
.L9:
	.loc 1 17 2 discriminator 4 view .LVU28
	call	srand@PLT
.LVL10:
	.loc 1 18 2 is_stmt 1 discriminator 4 view .LVU29
	.loc 1 18 16 discriminator 4 view .LVU30
	leaq	x(%rip), %r12
	movq	%r12, %rbx
	leaq	400000(%r12), %rbp
.LVL11:
	.p2align 4,,10
	.p2align 3
.L10:
	.loc 1 19 3 discriminator 3 view .LVU31
	.loc 1 19 10 is_stmt 0 discriminator 3 view .LVU32
	call	rand@PLT
.LVL12:
	.loc 1 18 16 discriminator 3 view .LVU33
	addq	$4, %rbx
.LVL13:
	.loc 1 19 8 discriminator 3 view .LVU34
	movl	%eax, -4(%rbx)
	.loc 1 18 22 is_stmt 1 discriminator 3 view .LVU35
.LVL14:
	.loc 1 18 16 discriminator 3 view .LVU36
	cmpq	%rbp, %rbx
	jne	.L10
	.loc 1 20 2 view .LVU37
	.loc 1 20 9 is_stmt 0 view .LVU38
	movq	%r12, %rdi
	movl	$100000, %esi
	call	max
.LVL15:
	.loc 1 21 1 view .LVU39
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%rbp
	.cfi_def_cfa_offset 16
	.loc 1 20 19 view .LVU40
	shrl	$31, %eax
	.loc 1 21 1 view .LVU41
	popq	%r12
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE11:
	.size	main, .-main
	.globl	x
	.bss
	.align 32
	.type	x, @object
	.size	x, 400000
x:
	.zero	400000
	.text
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x24d
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0xb
	.long	.LASF17
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.long	.LLRL6
	.quad	0
	.long	.Ldebug_line0
	.uleb128 0x1
	.byte	0x8
	.byte	0x7
	.long	.LASF2
	.uleb128 0xc
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x1
	.byte	0x8
	.byte	0x5
	.long	.LASF3
	.uleb128 0x1
	.byte	0x8
	.byte	0x5
	.long	.LASF4
	.uleb128 0x1
	.byte	0x1
	.byte	0x8
	.long	.LASF5
	.uleb128 0x1
	.byte	0x2
	.byte	0x7
	.long	.LASF6
	.uleb128 0x1
	.byte	0x4
	.byte	0x7
	.long	.LASF7
	.uleb128 0x1
	.byte	0x1
	.byte	0x6
	.long	.LASF8
	.uleb128 0x1
	.byte	0x2
	.byte	0x5
	.long	.LASF9
	.uleb128 0x2
	.long	0x6e
	.uleb128 0x1
	.byte	0x1
	.byte	0x6
	.long	.LASF10
	.uleb128 0xd
	.long	0x6e
	.uleb128 0x1
	.byte	0x8
	.byte	0x7
	.long	.LASF11
	.uleb128 0xe
	.long	0x31
	.long	0x94
	.uleb128 0xf
	.long	0x2a
	.long	0x1869f
	.byte	0
	.uleb128 0x10
	.string	"x"
	.byte	0x1
	.byte	0xa
	.byte	0x5
	.long	0x81
	.uleb128 0x9
	.byte	0x3
	.quad	x
	.uleb128 0x11
	.long	.LASF18
	.byte	0x2
	.byte	0xb1
	.byte	0x11
	.long	0x38
	.long	0xc8
	.uleb128 0x3
	.long	0xcd
	.uleb128 0x3
	.long	0xd7
	.uleb128 0x3
	.long	0x31
	.byte	0
	.uleb128 0x2
	.long	0x75
	.uleb128 0x6
	.long	0xc8
	.uleb128 0x2
	.long	0x69
	.uleb128 0x6
	.long	0xd2
	.uleb128 0x12
	.long	.LASF19
	.byte	0x2
	.value	0x1c6
	.byte	0xc
	.long	0x31
	.uleb128 0x13
	.long	.LASF15
	.byte	0x2
	.value	0x1c8
	.byte	0xd
	.long	0xfc
	.uleb128 0x3
	.long	0x54
	.byte	0
	.uleb128 0x14
	.string	"max"
	.byte	0x1
	.byte	0x17
	.byte	0x5
	.long	0x31
	.quad	.LFB12
	.quad	.LFE12-.LFB12
	.uleb128 0x1
	.byte	0x9c
	.long	0x155
	.uleb128 0x7
	.string	"v"
	.byte	0xe
	.long	0x155
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x7
	.string	"n"
	.byte	0x15
	.long	0x31
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x5
	.string	"i"
	.byte	0x19
	.byte	0x6
	.long	0x31
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x5
	.string	"j"
	.byte	0x19
	.byte	0x9
	.long	0x31
	.long	.LLST1
	.long	.LVUS1
	.byte	0
	.uleb128 0x2
	.long	0x31
	.uleb128 0x15
	.long	.LASF12
	.byte	0x1
	.byte	0xe
	.byte	0x5
	.long	0x31
	.quad	.LFB11
	.quad	.LFE11-.LFB11
	.uleb128 0x1
	.byte	0x9c
	.long	0x234
	.uleb128 0x8
	.long	.LASF13
	.byte	0xe
	.long	0x31
	.long	.LLST2
	.long	.LVUS2
	.uleb128 0x8
	.long	.LASF14
	.byte	0x1b
	.long	0xd2
	.long	.LLST3
	.long	.LVUS3
	.uleb128 0x5
	.string	"i"
	.byte	0x10
	.byte	0x6
	.long	0x31
	.long	.LLST4
	.long	.LVUS4
	.uleb128 0x16
	.long	0x234
	.quad	.LBI4
	.byte	.LVU22
	.quad	.LBB4
	.quad	.LBE4-.LBB4
	.byte	0x1
	.byte	0x11
	.byte	0x1d
	.long	0x1fc
	.uleb128 0x17
	.long	0x242
	.long	.LLST5
	.long	.LVUS5
	.uleb128 0x9
	.quad	.LVL9
	.long	0xa8
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
	.uleb128 0xa
	.quad	.LVL10
	.long	0xe9
	.uleb128 0xa
	.quad	.LVL12
	.long	0xdc
	.uleb128 0x9
	.quad	.LVL15
	.long	0xfc
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x75
	.sleb128 0
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x5
	.byte	0xc
	.long	0x186a0
	.byte	0
	.byte	0
	.uleb128 0x18
	.long	.LASF16
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0x31
	.byte	0x3
	.uleb128 0x19
	.long	.LASF20
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0xc8
	.byte	0
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
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
	.uleb128 0x5
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
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
	.uleb128 0x6
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 23
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 14
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
	.uleb128 0x9
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xa
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xb
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
	.uleb128 0xc
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
	.uleb128 0xd
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xe
	.uleb128 0x1
	.byte	0x1
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xf
	.uleb128 0x21
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2f
	.uleb128 0x6
	.byte	0
	.byte	0
	.uleb128 0x10
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
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x11
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
	.uleb128 0x12
	.uleb128 0x2e
	.byte	0
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
	.byte	0
	.byte	0
	.uleb128 0x13
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
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x14
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
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
	.uleb128 0x15
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
	.uleb128 0x16
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
	.uleb128 0x17
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
	.uleb128 0x18
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
	.uleb128 0x19
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
.LVUS0:
	.uleb128 .LVU4
	.uleb128 .LVU7
	.uleb128 .LVU7
	.uleb128 .LVU10
	.uleb128 .LVU10
	.uleb128 .LVU11
	.uleb128 .LVU13
	.uleb128 0
.LLST0:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL1-.LVL0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL1-.LVL0
	.uleb128 .LVL2-.LVL0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL2-.LVL0
	.uleb128 .LVL3-.LVL0
	.uleb128 0x3
	.byte	0x70
	.sleb128 1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL4-.LVL0
	.uleb128 .LFE12-.LVL0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0
.LVUS1:
	.uleb128 .LVU3
	.uleb128 .LVU7
	.uleb128 .LVU7
	.uleb128 .LVU13
	.uleb128 .LVU13
	.uleb128 0
.LLST1:
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
	.uleb128 .LVL4-.LVL0
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL4-.LVL0
	.uleb128 .LFE12-.LVL0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.LVUS2:
	.uleb128 0
	.uleb128 .LVU20
	.uleb128 .LVU20
	.uleb128 .LVU26
	.uleb128 .LVU26
	.uleb128 0
.LLST2:
	.byte	0x6
	.quad	.LVL5
	.byte	0x4
	.uleb128 .LVL5-.LVL5
	.uleb128 .LVL6-.LVL5
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL6-.LVL5
	.uleb128 .LVL9-1-.LVL5
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL9-1-.LVL5
	.uleb128 .LFE11-.LVL5
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS3:
	.uleb128 0
	.uleb128 .LVU25
	.uleb128 .LVU25
	.uleb128 0
.LLST3:
	.byte	0x6
	.quad	.LVL5
	.byte	0x4
	.uleb128 .LVL5-.LVL5
	.uleb128 .LVL8-.LVL5
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL8-.LVL5
	.uleb128 .LFE11-.LVL5
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0
.LVUS4:
	.uleb128 .LVU30
	.uleb128 .LVU31
	.uleb128 .LVU31
	.uleb128 .LVU34
	.uleb128 .LVU34
	.uleb128 .LVU36
.LLST4:
	.byte	0x6
	.quad	.LVL10
	.byte	0x4
	.uleb128 .LVL10-.LVL10
	.uleb128 .LVL11-.LVL10
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL11-.LVL10
	.uleb128 .LVL13-.LVL10
	.uleb128 0xf
	.byte	0x73
	.sleb128 0
	.byte	0x3
	.quad	x
	.byte	0x1c
	.byte	0x32
	.byte	0x25
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL13-.LVL10
	.uleb128 .LVL14-.LVL10
	.uleb128 0xf
	.byte	0x73
	.sleb128 0
	.byte	0x3
	.quad	x+4
	.byte	0x1c
	.byte	0x32
	.byte	0x25
	.byte	0x9f
	.byte	0
.LVUS5:
	.uleb128 .LVU22
	.uleb128 .LVU25
	.uleb128 .LVU25
	.uleb128 .LVU26
.LLST5:
	.byte	0x6
	.quad	.LVL7
	.byte	0x4
	.uleb128 .LVL7-.LVL7
	.uleb128 .LVL8-.LVL7
	.uleb128 0x2
	.byte	0x74
	.sleb128 8
	.byte	0x4
	.uleb128 .LVL8-.LVL7
	.uleb128 .LVL9-1-.LVL7
	.uleb128 0x1
	.byte	0x55
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
	.quad	.LFB11
	.quad	.LFE11-.LFB11
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
.LLRL6:
	.byte	0x7
	.quad	.Ltext0
	.uleb128 .Letext0-.Ltext0
	.byte	0x7
	.quad	.LFB11
	.uleb128 .LFE11-.LFB11
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF4:
	.string	"long long int"
.LASF7:
	.string	"unsigned int"
.LASF12:
	.string	"main"
.LASF2:
	.string	"long unsigned int"
.LASF19:
	.string	"rand"
.LASF11:
	.string	"long long unsigned int"
.LASF18:
	.string	"strtol"
.LASF5:
	.string	"unsigned char"
.LASF17:
	.string	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fasynchronous-unwind-tables"
.LASF3:
	.string	"long int"
.LASF20:
	.string	"__nptr"
.LASF16:
	.string	"atoi"
.LASF15:
	.string	"srand"
.LASF13:
	.string	"argc"
.LASF6:
	.string	"short unsigned int"
.LASF8:
	.string	"signed char"
.LASF14:
	.string	"argv"
.LASF9:
	.string	"short int"
.LASF10:
	.string	"char"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"/build"
.LASF0:
	.string	"/src/max.c"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
