/* add.S: a library routine written in assembly, with the preprocessor. */
#define ARG1 %edi
	.text
	.globl	addthree
	.type	addthree, @function
addthree:
	leal	3(ARG1), %eax
	cmpl	$1000, %eax
	jl	1f
	movl	$1000, %eax
1:	ret
	.size	addthree, .-addthree
	.section	.note.GNU-stack,"",@progbits
