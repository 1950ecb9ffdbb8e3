/* derivejmp.c: longjmp out of a loop, through a call whose caller cannot
   see that it does not return, for the derivation of block counts. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static volatile int sink;

static __attribute__((noinline)) void deep(int i)
{
	if (i > 40)
		longjmp(env, i);
	sink += i;
}

int main(void)
{
	long total = 0;
	for (int r = 0; r < 10; r++) {
		int got = setjmp(env);
		if (got == 0)
			for (int i = r; i < 100; i++) {
				deep(i);
				sink ^= i;
			}
		total += got + sink;
	}
	printf("%ld\n", total);
	return 0;
}
