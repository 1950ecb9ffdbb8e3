	.file	"throw.cc"
	.text
	.section	.text._ZNSt7__cxx119to_stringEi,"axG",@progbits,_ZNSt7__cxx119to_stringEi,comdat
	.p2align 4
	.weak	_ZNSt7__cxx119to_stringEi
	.type	_ZNSt7__cxx119to_stringEi, @function
_ZNSt7__cxx119to_stringEi:
.LFB1145:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA1145
	pushq	%r14
	.cfi_def_cfa_offset 16
	.cfi_offset 14, -16
	movl	%esi, %r14d
	pushq	%r13
	.cfi_def_cfa_offset 24
	.cfi_offset 13, -24
	shrl	$31, %r14d
	movq	%rdi, %r13
	pushq	%r12
	.cfi_def_cfa_offset 32
	.cfi_offset 12, -32
	pushq	%rbp
	.cfi_def_cfa_offset 40
	.cfi_offset 6, -40
	movl	%esi, %ebp
	negl	%ebp
	pushq	%rbx
	.cfi_def_cfa_offset 48
	.cfi_offset 3, -48
	cmovs	%esi, %ebp
	cmpl	$9, %ebp
	jbe	.L3
	cmpl	$99, %ebp
	jbe	.L4
	cmpl	$999, %ebp
	jbe	.L19
	movl	%ebp, %ebx
	cmpl	$9999, %ebp
	jbe	.L30
	movl	$5, %esi
	cmpq	$99999, %rbx
	jbe	.L12
	cmpq	$999999, %rbx
	jbe	.L31
	movl	$6, %r12d
	movl	$7, %esi
	cmpq	$9999999, %rbx
	jbe	.L11
	cmpq	$99999999, %rbx
	jbe	.L21
	cmpq	$999999999, %rbx
	jbe	.L22
	movl	$9, %r12d
.L13:
	leaq	16(%r13), %rax
	leal	1(%r12,%r14), %esi
	movq	%rax, 0(%r13)
.L28:
	movl	$45, %edx
	movq	%r13, %rdi
	call	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE12_M_constructEmc@PLT
	movzbl	%r14b, %edx
	leaq	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits(%rip), %rcx
	addq	0(%r13), %rdx
	jmp	.L16
	.p2align 4,,10
	.p2align 3
.L32:
	movl	%ebx, %ebx
.L16:
	imulq	$1374389535, %rbx, %rbx
	movl	%ebp, %eax
	movl	%r12d, %edi
	shrq	$37, %rbx
	imull	$100, %ebx, %esi
	subl	%esi, %eax
	movl	%ebp, %esi
	movl	%ebx, %ebp
	addl	%eax, %eax
	leal	1(%rax), %r8d
	movzbl	(%rcx,%rax), %eax
	movzbl	(%rcx,%r8), %r8d
	movb	%r8b, (%rdx,%rdi)
	leal	-1(%r12), %edi
	subl	$2, %r12d
	movb	%al, (%rdx,%rdi)
	cmpl	$9999, %esi
	ja	.L32
	cmpl	$999, %esi
	jbe	.L15
.L18:
	addl	%ebp, %ebp
	leal	1(%rbp), %eax
	movzbl	(%rcx,%rbp), %ebp
	movzbl	(%rcx,%rax), %eax
	movb	%bpl, (%rdx)
	movb	%al, 1(%rdx)
	movq	%r13, %rax
	popq	%rbx
	.cfi_remember_state
	.cfi_def_cfa_offset 40
	popq	%rbp
	.cfi_def_cfa_offset 32
	popq	%r12
	.cfi_def_cfa_offset 24
	popq	%r13
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	ret
.L3:
	.cfi_restore_state
	leaq	16(%rdi), %rax
	movl	$45, %edx
	leal	1(%r14), %esi
	movq	%rax, (%rdi)
	call	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE12_M_constructEmc@PLT
	movzbl	%r14b, %edx
	addq	0(%r13), %rdx
.L15:
	addl	$48, %ebp
	movq	%r13, %rax
	movb	%bpl, (%rdx)
	popq	%rbx
	.cfi_remember_state
	.cfi_def_cfa_offset 40
	popq	%rbp
	.cfi_def_cfa_offset 32
	popq	%r12
	.cfi_def_cfa_offset 24
	popq	%r13
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	ret
	.p2align 4,,10
	.p2align 3
.L22:
	.cfi_restore_state
	movl	$9, %esi
.L12:
	leal	-1(%rsi), %r12d
.L11:
	leaq	16(%r13), %rax
	addl	%r14d, %esi
	movq	%rax, 0(%r13)
	jmp	.L28
	.p2align 4,,10
	.p2align 3
.L21:
	movl	$8, %esi
	leaq	16(%r13), %rax
	movl	$7, %r12d
	movq	%rax, 0(%r13)
	addl	%r14d, %esi
	jmp	.L28
.L4:
	leaq	16(%rdi), %rax
	movl	$45, %edx
	leal	2(%r14), %esi
	movq	%rax, (%rdi)
	call	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE12_M_constructEmc@PLT
	movzbl	%r14b, %edx
	leaq	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits(%rip), %rcx
	addq	0(%r13), %rdx
	jmp	.L18
.L30:
	movl	$3, %r12d
	movl	$4, %esi
	jmp	.L11
.L19:
	movl	$2, %r12d
	movl	$3, %esi
	movl	%ebp, %ebx
	jmp	.L11
.L31:
	movl	$5, %r12d
	jmp	.L13
	.cfi_endproc
.LFE1145:
	.globl	__gxx_personality_v0
	.section	.gcc_except_table._ZNSt7__cxx119to_stringEi,"aG",@progbits,_ZNSt7__cxx119to_stringEi,comdat
.LLSDA1145:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSE1145-.LLSDACSB1145
.LLSDACSB1145:
.LLSDACSE1145:
	.section	.text._ZNSt7__cxx119to_stringEi,"axG",@progbits,_ZNSt7__cxx119to_stringEi,comdat
	.size	_ZNSt7__cxx119to_stringEi, .-_ZNSt7__cxx119to_stringEi
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"level3 "
.LC1:
	.string	"%d %d %d\n"
	.section	.text.unlikely,"ax",@progbits
.LCOLDB2:
	.section	.text.startup,"ax",@progbits
.LHOTB2:
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB1228:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA1228
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
	xorl	%r12d, %r12d
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	xorl	%ebp, %ebp
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	xorl	%ebx, %ebx
	subq	$88, %rsp
	.cfi_def_cfa_offset 144
	.p2align 4,,10
	.p2align 3
.L49:
	imull	$-1431655765, %ebx, %eax
	cmpl	$1431655765, %eax
	jbe	.L58
	movl	_ZL9destroyed(%rip), %eax
	leal	1(%rbx,%rbx), %edx
	addl	$5, %eax
.L37:
	addl	$1, %eax
	addl	%edx, %ebp
	movl	%eax, _ZL9destroyed(%rip)
.L43:
	addl	$1, %ebx
	cmpl	$30, %ebx
	jne	.L49
	movl	_ZL9destroyed(%rip), %ecx
	movl	%r12d, %edx
	movl	%ebp, %esi
	xorl	%eax, %eax
	leaq	.LC1(%rip), %rdi
.LEHB0:
	call	printf@PLT
.LEHE0:
	addq	$88, %rsp
	.cfi_def_cfa_offset 56
	movl	%r12d, %eax
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
	.section	.gcc_except_table,"a",@progbits
	.align 4
.LLSDA1228:
	.byte	0xff
	.byte	0x9b
	.uleb128 .LLSDATT1228-.LLSDATTD1228
.LLSDATTD1228:
	.byte	0x1
	.uleb128 .LLSDACSE1228-.LLSDACSB1228
.LLSDACSB1228:
	.uleb128 .LEHB0-.LFB1228
	.uleb128 .LEHE0-.LEHB0
	.uleb128 0
	.uleb128 0
.LLSDACSE1228:
	.byte	0x1
	.byte	0
	.byte	0
	.byte	0x7d
	.byte	0x2
	.byte	0x7d
	.align 4
	.long	DW.ref._ZTISt13runtime_error-.
	.long	DW.ref._ZTISt9exception-.
.LLSDATT1228:
	.section	.text.startup
	.cfi_endproc
	.section	.text.unlikely
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDAC1228
	.type	main.cold, @function
main.cold:
.LFSB1228:
.L58:
	.cfi_def_cfa_offset 144
	.cfi_offset 3, -56
	.cfi_offset 6, -48
	.cfi_offset 12, -40
	.cfi_offset 13, -32
	.cfi_offset 14, -24
	.cfi_offset 15, -16
	movl	$16, %edi
	leaq	16(%rsp), %r14
	call	__cxa_allocate_exception@PLT
	movl	%ebx, %esi
	movq	%r14, %rdi
	movq	%rax, %r13
	call	_ZNSt7__cxx119to_stringEi
	movl	$7, %r8d
	xorl	%edx, %edx
	xorl	%esi, %esi
	leaq	.LC0(%rip), %rcx
	movq	%r14, %rdi
.LEHB1:
	call	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_replaceEmmPKcm@PLT
.LEHE1:
	leaq	64(%rsp), %rdi
	leaq	16(%rax), %rcx
	movq	%rax, %r15
	movq	%rdi, 48(%rsp)
	movq	(%rax), %rdx
	movq	8(%rax), %rax
	cmpq	%rcx, %rdx
	jne	.L35
	movq	%rax, %rdx
	addq	$1, %rdx
	jne	.L64
.L36:
	movq	%rax, 56(%rsp)
	xorl	%eax, %eax
	movq	%r13, %rdi
	movq	%rcx, (%r15)
	movq	%rax, 8(%r15)
	movb	$0, 16(%r15)
	leaq	48(%rsp), %r15
	movq	%r15, %rsi
.LEHB2:
	call	_ZNSt13runtime_errorC1ERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE@PLT
.LEHE2:
	movq	%r15, %rdi
	call	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_disposeEv@PLT
	movq	%r14, %rdi
	call	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_disposeEv@PLT
	movq	_ZNSt13runtime_errorD1Ev@GOTPCREL(%rip), %rdx
	leaq	_ZTISt13runtime_error(%rip), %rsi
	movq	%r13, %rdi
.LEHB3:
	call	__cxa_throw@PLT
.LEHE3:
.L52:
	movq	%rax, %r15
	movq	%rdx, %rax
.L39:
	movq	%r14, %rdi
	movq	%rax, (%rsp)
	call	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_disposeEv@PLT
	movq	%r13, %rdi
	call	__cxa_free_exception@PLT
	movq	(%rsp), %rax
	movq	%r15, %rdi
.L40:
	addl	$5, _ZL9destroyed(%rip)
	cmpq	$2, %rax
	jne	.L44
	call	__cxa_begin_catch@PLT
	testb	$1, %bl
	jne	.L45
.LEHB4:
	call	__cxa_rethrow@PLT
.LEHE4:
.L35:
	movq	%rdx, 48(%rsp)
	movq	16(%r15), %rdx
	movq	%rdx, 64(%rsp)
	jmp	.L36
.L64:
	movq	%rcx, %rsi
	movq	%rcx, (%rsp)
	call	memcpy@PLT
	movq	8(%r15), %rax
	movq	(%rsp), %rcx
	jmp	.L36
.L51:
	movq	%rax, %rdi
	movq	%rdx, %rax
	jmp	.L40
.L53:
	movq	%r15, %rdi
	movq	%rax, (%rsp)
	movq	%rdx, 8(%rsp)
	call	_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_disposeEv@PLT
	movq	(%rsp), %r15
	movq	8(%rsp), %rax
	jmp	.L39
.L50:
	movq	%rax, %r13
	movq	%rdx, %r14
	call	__cxa_end_catch@PLT
	movq	%r13, %rdi
	movq	%r14, %rax
.L44:
	addl	$1, _ZL9destroyed(%rip)
	subq	$1, %rax
	jne	.L60
	call	__cxa_begin_catch@PLT
	addl	$1, %r12d
	call	__cxa_end_catch@PLT
	jmp	.L43
.L60:
.LEHB5:
	call	_Unwind_Resume@PLT
.LEHE5:
.L45:
	call	__cxa_end_catch@PLT
	movl	_ZL9destroyed(%rip), %eax
	orl	$-1, %edx
	jmp	.L37
	.cfi_endproc
.LFE1228:
	.section	.gcc_except_table
	.align 4
.LLSDAC1228:
	.byte	0xff
	.byte	0x9b
	.uleb128 .LLSDATTC1228-.LLSDATTDC1228
.LLSDATTDC1228:
	.byte	0x1
	.uleb128 .LLSDACSEC1228-.LLSDACSBC1228
.LLSDACSBC1228:
	.uleb128 .LEHB1-.LCOLDB2
	.uleb128 .LEHE1-.LEHB1
	.uleb128 .L52-.LCOLDB2
	.uleb128 0x5
	.uleb128 .LEHB2-.LCOLDB2
	.uleb128 .LEHE2-.LEHB2
	.uleb128 .L53-.LCOLDB2
	.uleb128 0x5
	.uleb128 .LEHB3-.LCOLDB2
	.uleb128 .LEHE3-.LEHB3
	.uleb128 .L51-.LCOLDB2
	.uleb128 0x5
	.uleb128 .LEHB4-.LCOLDB2
	.uleb128 .LEHE4-.LEHB4
	.uleb128 .L50-.LCOLDB2
	.uleb128 0x3
	.uleb128 .LEHB5-.LCOLDB2
	.uleb128 .LEHE5-.LEHB5
	.uleb128 0
	.uleb128 0
.LLSDACSEC1228:
	.byte	0x1
	.byte	0
	.byte	0
	.byte	0x7d
	.byte	0x2
	.byte	0x7d
	.align 4
	.long	DW.ref._ZTISt13runtime_error-.
	.long	DW.ref._ZTISt9exception-.
.LLSDATTC1228:
	.section	.text.unlikely
	.section	.text.startup
	.size	main, .-main
	.section	.text.unlikely
	.size	main.cold, .-main.cold
.LCOLDE2:
	.section	.text.startup
.LHOTE2:
	.weak	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits
	.section	.rodata._ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits,"aG",@progbits,_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits,comdat
	.align 32
	.type	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits, @gnu_unique_object
	.size	_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits, 201
_ZZNSt8__detail18__to_chars_10_implIjEEvPcjT_E8__digits:
	.string	"00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
	.local	_ZL9destroyed
	.comm	_ZL9destroyed,4,4
	.hidden	DW.ref._ZTISt13runtime_error
	.weak	DW.ref._ZTISt13runtime_error
	.section	.data.rel.local.DW.ref._ZTISt13runtime_error,"awG",@progbits,DW.ref._ZTISt13runtime_error,comdat
	.align 8
	.type	DW.ref._ZTISt13runtime_error, @object
	.size	DW.ref._ZTISt13runtime_error, 8
DW.ref._ZTISt13runtime_error:
	.quad	_ZTISt13runtime_error
	.hidden	DW.ref._ZTISt9exception
	.weak	DW.ref._ZTISt9exception
	.section	.data.rel.local.DW.ref._ZTISt9exception,"awG",@progbits,DW.ref._ZTISt9exception,comdat
	.align 8
	.type	DW.ref._ZTISt9exception, @object
	.size	DW.ref._ZTISt9exception, 8
DW.ref._ZTISt9exception:
	.quad	_ZTISt9exception
	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section	.data.rel.local.DW.ref.__gxx_personality_v0,"awG",@progbits,DW.ref.__gxx_personality_v0,comdat
	.align 8
	.type	DW.ref.__gxx_personality_v0, @object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.quad	__gxx_personality_v0
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
