	.text
	.file	"throw.cc"
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
.Lfunc_begin0:
	.cfi_startproc
	.cfi_personality 155, DW.ref.__gxx_personality_v0
	.cfi_lsda 27, .Lexception0
# %bb.0:
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
	subq	$88, %rsp
	.cfi_def_cfa_offset 144
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	xorl	%ebx, %ebx
	movl	$1, %r14d
	movl	$2863311531, %r13d              # imm = 0xAAAAAAAB
	xorl	%ebp, %ebp
	xorl	%r15d, %r15d
	.p2align	4, 0x90
.LBB0_1:                                # =>This Inner Loop Header: Depth=1
	movl	%r15d, %eax
	imulq	%r13, %rax
	shrq	$33, %rax
	leal	(%rax,%rax,2), %eax
	cmpl	%r15d, %eax
	je	.LBB0_2
# %bb.23:                               #   in Loop: Header=BB0_1 Depth=1
	addl	$5, _ZL9destroyed(%rip)
	movl	%r14d, %r12d
.LBB0_24:                               #   in Loop: Header=BB0_1 Depth=1
	addl	$1, _ZL9destroyed(%rip)
	addl	%r12d, %ebx
.LBB0_25:                               #   in Loop: Header=BB0_1 Depth=1
	addl	$1, %r15d
	addl	$2, %r14d
	cmpl	$30, %r15d
	jne	.LBB0_1
	jmp	.LBB0_26
.LBB0_2:                                #   in Loop: Header=BB0_1 Depth=1
	movl	$16, %edi
	callq	__cxa_allocate_exception@PLT
	movq	%rax, 16(%rsp)                  # 8-byte Spill
	leaq	56(%rsp), %r12
	movq	%r12, %rdi
	movl	%r15d, %esi
	callq	_ZNSt7__cxx119to_stringEi
.Ltmp0:
	leaq	24(%rsp), %rdi
	leaq	.L.str.1(%rip), %rsi
	movq	%r12, %rdx
	callq	_ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_
.Ltmp1:
# %bb.3:                                #   in Loop: Header=BB0_1 Depth=1
	movb	$1, %al
	movl	%eax, 4(%rsp)                   # 4-byte Spill
.Ltmp3:
	movq	16(%rsp), %rdi                  # 8-byte Reload
	leaq	24(%rsp), %rsi
	callq	_ZNSt13runtime_errorC1ERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE@PLT
.Ltmp4:
# %bb.4:                                #   in Loop: Header=BB0_1 Depth=1
	movl	$0, 4(%rsp)                     # 4-byte Folded Spill
.Ltmp5:
	movq	16(%rsp), %rdi                  # 8-byte Reload
	movq	_ZTISt13runtime_error@GOTPCREL(%rip), %rsi
	movq	_ZNSt13runtime_errorD1Ev@GOTPCREL(%rip), %rdx
	callq	__cxa_throw@PLT
.Ltmp6:
	jmp	.LBB0_15
.LBB0_6:                                #   in Loop: Header=BB0_1 Depth=1
.Ltmp7:
	movq	%rdx, 8(%rsp)                   # 8-byte Spill
	movq	%rax, %r12
	movq	24(%rsp), %rdi
	leaq	40(%rsp), %rax
	cmpq	%rax, %rdi
	je	.LBB0_8
# %bb.7:                                #   in Loop: Header=BB0_1 Depth=1
	callq	_ZdlPv@PLT
	jmp	.LBB0_8
.LBB0_5:                                #   in Loop: Header=BB0_1 Depth=1
.Ltmp2:
	movq	%rdx, 8(%rsp)                   # 8-byte Spill
	movq	%rax, %r12
	movb	$1, %al
	movl	%eax, 4(%rsp)                   # 4-byte Spill
.LBB0_8:                                #   in Loop: Header=BB0_1 Depth=1
	movq	56(%rsp), %rdi
	leaq	72(%rsp), %rax
	cmpq	%rax, %rdi
	je	.LBB0_10
# %bb.9:                                #   in Loop: Header=BB0_1 Depth=1
	callq	_ZdlPv@PLT
.LBB0_10:                               #   in Loop: Header=BB0_1 Depth=1
	cmpb	$0, 4(%rsp)                     # 1-byte Folded Reload
	je	.LBB0_12
# %bb.11:                               #   in Loop: Header=BB0_1 Depth=1
	movq	16(%rsp), %rdi                  # 8-byte Reload
	callq	__cxa_free_exception@PLT
.LBB0_12:                               #   in Loop: Header=BB0_1 Depth=1
	addl	$5, _ZL9destroyed(%rip)
	cmpl	$2, 8(%rsp)                     # 4-byte Folded Reload
	jne	.LBB0_19
# %bb.13:                               #   in Loop: Header=BB0_1 Depth=1
	movq	%r12, %rdi
	callq	__cxa_begin_catch@PLT
	testb	$1, %r15b
	je	.LBB0_14
# %bb.17:                               #   in Loop: Header=BB0_1 Depth=1
	movl	$-1, %r12d
.Ltmp8:
	callq	__cxa_end_catch@PLT
.Ltmp9:
	jmp	.LBB0_24
.LBB0_14:                               #   in Loop: Header=BB0_1 Depth=1
.Ltmp11:
	callq	__cxa_rethrow@PLT
.Ltmp12:
	jmp	.LBB0_22
.LBB0_16:                               #   in Loop: Header=BB0_1 Depth=1
.Ltmp13:
	movq	%rdx, 8(%rsp)                   # 8-byte Spill
	movq	%rax, %r12
.Ltmp14:
	callq	__cxa_end_catch@PLT
.Ltmp15:
	jmp	.LBB0_19
.LBB0_18:                               #   in Loop: Header=BB0_1 Depth=1
.Ltmp10:
	movq	%rdx, 8(%rsp)                   # 8-byte Spill
	movq	%rax, %r12
.LBB0_19:                               #   in Loop: Header=BB0_1 Depth=1
	addl	$1, _ZL9destroyed(%rip)
	cmpl	$1, 8(%rsp)                     # 4-byte Folded Reload
	jne	.LBB0_27
# %bb.20:                               #   in Loop: Header=BB0_1 Depth=1
	movq	%r12, %rdi
	callq	__cxa_begin_catch@PLT
	addl	$1, %ebp
	callq	__cxa_end_catch@PLT
	jmp	.LBB0_25
.LBB0_26:
	movl	_ZL9destroyed(%rip), %ecx
	leaq	.L.str(%rip), %rdi
	movl	%ebx, %esi
	movl	%ebp, %edx
	xorl	%eax, %eax
	callq	printf@PLT
	movl	%ebp, %eax
	addq	$88, %rsp
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
.LBB0_15:
	.cfi_def_cfa_offset 144
.LBB0_22:
.LBB0_27:
	movq	%r12, %rdi
	callq	_Unwind_Resume@PLT
.LBB0_21:
.Ltmp16:
	movq	%rax, %rdi
	callq	__clang_call_terminate
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
	.section	.gcc_except_table,"a",@progbits
	.p2align	2
GCC_except_table0:
.Lexception0:
	.byte	255                             # @LPStart Encoding = omit
	.byte	155                             # @TType Encoding = indirect pcrel sdata4
	.uleb128 .Lttbase0-.Lttbaseref0
.Lttbaseref0:
	.byte	1                               # Call site Encoding = uleb128
	.uleb128 .Lcst_end0-.Lcst_begin0
.Lcst_begin0:
	.uleb128 .Lfunc_begin0-.Lfunc_begin0    # >> Call Site 1 <<
	.uleb128 .Ltmp0-.Lfunc_begin0           #   Call between .Lfunc_begin0 and .Ltmp0
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp0-.Lfunc_begin0           # >> Call Site 2 <<
	.uleb128 .Ltmp1-.Ltmp0                  #   Call between .Ltmp0 and .Ltmp1
	.uleb128 .Ltmp2-.Lfunc_begin0           #     jumps to .Ltmp2
	.byte	5                               #   On action: 3
	.uleb128 .Ltmp3-.Lfunc_begin0           # >> Call Site 3 <<
	.uleb128 .Ltmp6-.Ltmp3                  #   Call between .Ltmp3 and .Ltmp6
	.uleb128 .Ltmp7-.Lfunc_begin0           #     jumps to .Ltmp7
	.byte	5                               #   On action: 3
	.uleb128 .Ltmp6-.Lfunc_begin0           # >> Call Site 4 <<
	.uleb128 .Ltmp8-.Ltmp6                  #   Call between .Ltmp6 and .Ltmp8
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp8-.Lfunc_begin0           # >> Call Site 5 <<
	.uleb128 .Ltmp9-.Ltmp8                  #   Call between .Ltmp8 and .Ltmp9
	.uleb128 .Ltmp10-.Lfunc_begin0          #     jumps to .Ltmp10
	.byte	3                               #   On action: 2
	.uleb128 .Ltmp11-.Lfunc_begin0          # >> Call Site 6 <<
	.uleb128 .Ltmp12-.Ltmp11                #   Call between .Ltmp11 and .Ltmp12
	.uleb128 .Ltmp13-.Lfunc_begin0          #     jumps to .Ltmp13
	.byte	3                               #   On action: 2
	.uleb128 .Ltmp14-.Lfunc_begin0          # >> Call Site 7 <<
	.uleb128 .Ltmp15-.Ltmp14                #   Call between .Ltmp14 and .Ltmp15
	.uleb128 .Ltmp16-.Lfunc_begin0          #     jumps to .Ltmp16
	.byte	7                               #   On action: 4
	.uleb128 .Ltmp15-.Lfunc_begin0          # >> Call Site 8 <<
	.uleb128 .Lfunc_end0-.Ltmp15            #   Call between .Ltmp15 and .Lfunc_end0
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
.Lcst_end0:
	.byte	0                               # >> Action Record 1 <<
                                        #   Cleanup
	.byte	0                               #   No further actions
	.byte	1                               # >> Action Record 2 <<
                                        #   Catch TypeInfo 1
	.byte	125                             #   Continue to action 1
	.byte	2                               # >> Action Record 3 <<
                                        #   Catch TypeInfo 2
	.byte	125                             #   Continue to action 2
	.byte	3                               # >> Action Record 4 <<
                                        #   Catch TypeInfo 3
	.byte	0                               #   No further actions
	.p2align	2
                                        # >> Catch TypeInfos <<
	.long	0                               # TypeInfo 3
.Ltmp17:                                # TypeInfo 2
	.long	.L_ZTISt13runtime_error.DW.stub-.Ltmp17
.Ltmp18:                                # TypeInfo 1
	.long	.L_ZTISt9exception.DW.stub-.Ltmp18
.Lttbase0:
	.p2align	2
                                        # -- End function
	.section	.text.__clang_call_terminate,"axG",@progbits,__clang_call_terminate,comdat
	.hidden	__clang_call_terminate          # -- Begin function __clang_call_terminate
	.weak	__clang_call_terminate
	.p2align	4, 0x90
	.type	__clang_call_terminate,@function
__clang_call_terminate:                 # @__clang_call_terminate
# %bb.0:
	pushq	%rax
	callq	__cxa_begin_catch@PLT
	callq	_ZSt9terminatev@PLT
.Lfunc_end1:
	.size	__clang_call_terminate, .Lfunc_end1-__clang_call_terminate
                                        # -- End function
	.section	.text._ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_,"axG",@progbits,_ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_,comdat
	.weak	_ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_ # -- Begin function _ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_
	.p2align	4, 0x90
	.type	_ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_,@function
_ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_: # @_ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_
	.cfi_startproc
# %bb.0:
	pushq	%r15
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -32
	.cfi_offset %r14, -24
	.cfi_offset %r15, -16
	movq	%rdx, %r15
	movq	%rsi, %rbx
	movq	%rdi, %r14
	movq	%rsi, %rdi
	callq	strlen@PLT
	movq	%r15, %rdi
	xorl	%esi, %esi
	xorl	%edx, %edx
	movq	%rbx, %rcx
	movq	%rax, %r8
	callq	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_replaceEmmPKcm@PLT
	movq	%rax, %rbx
	leaq	16(%r14), %rdi
	movq	%rdi, (%r14)
	movq	(%rax), %rax
	movq	%rbx, %r15
	addq	$16, %r15
	cmpq	%r15, %rax
	je	.LBB2_1
# %bb.3:
	movq	%rax, (%r14)
	movq	16(%rbx), %rax
	movq	%rax, 16(%r14)
	jmp	.LBB2_4
.LBB2_1:
	movq	8(%rbx), %rdx
	incq	%rdx
	je	.LBB2_4
# %bb.2:
	movq	%r15, %rsi
	callq	memcpy@PLT
.LBB2_4:
	movq	8(%rbx), %rax
	movq	%rax, 8(%r14)
	movq	%r15, (%rbx)
	movq	$0, 8(%rbx)
	movb	$0, 16(%rbx)
	movq	%r14, %rax
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end2:
	.size	_ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_, .Lfunc_end2-_ZStplIcSt11char_traitsIcESaIcEENSt7__cxx1112basic_stringIT_T0_T1_EEPKS5_OS8_
	.cfi_endproc
                                        # -- End function
	.section	.text._ZNSt7__cxx119to_stringEi,"axG",@progbits,_ZNSt7__cxx119to_stringEi,comdat
	.weak	_ZNSt7__cxx119to_stringEi       # -- Begin function _ZNSt7__cxx119to_stringEi
	.p2align	4, 0x90
	.type	_ZNSt7__cxx119to_stringEi,@function
_ZNSt7__cxx119to_stringEi:              # @_ZNSt7__cxx119to_stringEi
.Lfunc_begin1:
	.cfi_startproc
	.cfi_personality 155, DW.ref.__gxx_personality_v0
	.cfi_lsda 27, .Lexception1
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%rbx
	.cfi_def_cfa_offset 40
	pushq	%rax
	.cfi_def_cfa_offset 48
	.cfi_offset %rbx, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movl	%esi, %r15d
	movq	%rdi, %r14
	movl	%esi, %ebp
	negl	%ebp
	cmovsl	%esi, %ebp
	movl	$1, %ebx
	cmpl	$10, %ebp
	jb	.LBB3_9
# %bb.1:
	movl	$4, %ebx
	movl	$3518437209, %eax               # imm = 0xD1B71759
	movl	%ebp, %ecx
	.p2align	4, 0x90
.LBB3_2:                                # =>This Inner Loop Header: Depth=1
	cmpl	$99, %ecx
	jbe	.LBB3_3
# %bb.4:                                #   in Loop: Header=BB3_2 Depth=1
	cmpl	$999, %ecx                      # imm = 0x3E7
	jbe	.LBB3_5
# %bb.6:                                #   in Loop: Header=BB3_2 Depth=1
	cmpl	$10000, %ecx                    # imm = 0x2710
	jb	.LBB3_9
# %bb.7:                                #   in Loop: Header=BB3_2 Depth=1
	movl	%ecx, %edx
	imulq	%rax, %rdx
	shrq	$45, %rdx
	addl	$4, %ebx
	cmpl	$99999, %ecx                    # imm = 0x1869F
	movl	%edx, %ecx
	ja	.LBB3_2
# %bb.8:
	addl	$-3, %ebx
	jmp	.LBB3_9
.LBB3_3:
	addl	$-2, %ebx
	jmp	.LBB3_9
.LBB3_5:
	addl	$-1, %ebx
.LBB3_9:
	shrl	$31, %r15d
	leal	(%rbx,%r15), %esi
	leaq	16(%r14), %rax
	movq	%rax, (%r14)
.Ltmp19:
	movq	%r14, %rdi
	movl	$45, %edx
	callq	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE12_M_constructEmc@PLT
.Ltmp20:
# %bb.10:
	movl	%r15d, %r9d
	addq	(%r14), %r9
	cmpl	$100, %ebp
	jb	.LBB3_11
# %bb.12:
	addl	$-2, %ebx
	leaq	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits(%rip), %r8
	.p2align	4, 0x90
.LBB3_13:                               # =>This Inner Loop Header: Depth=1
	leal	1(%rbx), %esi
	movl	%ebp, %ecx
	imulq	$1374389535, %rcx, %rcx         # imm = 0x51EB851F
	shrq	$37, %rcx
	imull	$100, %ecx, %edi
	movl	%ebp, %edx
	subl	%edi, %edx
	movzbl	(%r8,%rdx,2), %eax
	movzbl	1(%r8,%rdx,2), %edx
	movb	%dl, (%r9,%rsi)
	movl	%ebx, %edx
	movb	%al, (%r9,%rdx)
	addl	$-2, %ebx
	cmpl	$9999, %ebp                     # imm = 0x270F
	movl	%ecx, %ebp
	ja	.LBB3_13
# %bb.14:
	cmpl	$10, %ecx
	jb	.LBB3_16
.LBB3_15:
	addl	%ecx, %ecx
	leaq	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits(%rip), %rax
	movb	(%rcx,%rax), %dl
	movb	1(%rcx,%rax), %al
	movb	%al, 1(%r9)
	jmp	.LBB3_17
.LBB3_11:
	movl	%ebp, %ecx
	cmpl	$10, %ecx
	jae	.LBB3_15
.LBB3_16:
	addb	$48, %cl
	movl	%ecx, %edx
.LBB3_17:
	movb	%dl, (%r9)
	movq	%r14, %rax
	addq	$8, %rsp
	.cfi_def_cfa_offset 40
	popq	%rbx
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.LBB3_18:
	.cfi_def_cfa_offset 48
.Ltmp21:
	movq	%rax, %rdi
	callq	__clang_call_terminate
.Lfunc_end3:
	.size	_ZNSt7__cxx119to_stringEi, .Lfunc_end3-_ZNSt7__cxx119to_stringEi
	.cfi_endproc
	.section	.gcc_except_table._ZNSt7__cxx119to_stringEi,"aG",@progbits,_ZNSt7__cxx119to_stringEi,comdat
	.p2align	2
GCC_except_table3:
.Lexception1:
	.byte	255                             # @LPStart Encoding = omit
	.byte	155                             # @TType Encoding = indirect pcrel sdata4
	.uleb128 .Lttbase1-.Lttbaseref1
.Lttbaseref1:
	.byte	1                               # Call site Encoding = uleb128
	.uleb128 .Lcst_end1-.Lcst_begin1
.Lcst_begin1:
	.uleb128 .Ltmp19-.Lfunc_begin1          # >> Call Site 1 <<
	.uleb128 .Ltmp20-.Ltmp19                #   Call between .Ltmp19 and .Ltmp20
	.uleb128 .Ltmp21-.Lfunc_begin1          #     jumps to .Ltmp21
	.byte	1                               #   On action: 1
.Lcst_end1:
	.byte	1                               # >> Action Record 1 <<
                                        #   Catch TypeInfo 1
	.byte	0                               #   No further actions
	.p2align	2
                                        # >> Catch TypeInfos <<
	.long	0                               # TypeInfo 1
.Lttbase1:
	.p2align	2
                                        # -- End function
	.type	.L.str,@object                  # @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"%d %d %d\n"
	.size	.L.str, 10

	.type	_ZL9destroyed,@object           # @_ZL9destroyed
	.local	_ZL9destroyed
	.comm	_ZL9destroyed,4,4
	.type	.L.str.1,@object                # @.str.1
.L.str.1:
	.asciz	"level3 "
	.size	.L.str.1, 8

	.type	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits,@object # @_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits
	.section	.rodata._ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits,"aG",@progbits,_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits,comdat
	.weak	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits
	.p2align	4
_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits:
	.asciz	"00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
	.size	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits, 201

	.data
	.p2align	3
.L_ZTISt13runtime_error.DW.stub:
	.quad	_ZTISt13runtime_error
.L_ZTISt9exception.DW.stub:
	.quad	_ZTISt9exception
	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section	.data.DW.ref.__gxx_personality_v0,"aGw",@progbits,DW.ref.__gxx_personality_v0,comdat
	.p2align	3
	.type	DW.ref.__gxx_personality_v0,@object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.quad	__gxx_personality_v0
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __gxx_personality_v0
	.addrsig_sym _Unwind_Resume
	.addrsig_sym _ZTISt9exception
	.addrsig_sym _ZTISt13runtime_error
