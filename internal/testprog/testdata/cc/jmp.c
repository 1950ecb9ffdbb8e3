/* jmp.c: setjmp returns twice and longjmp leaves several frames at once. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static volatile int depth;

static void dive(int n)
{
	depth++;
	if (n == 0)
		longjmp(env, depth);
	dive(n - 1);
	depth--; /* never runs */
}

int main(void)
{
	int total = 0;
	for (int i = 0; i < 20; i++) {
		depth = 0;
		int r = setjmp(env);
		if (r == 0)
			dive(i % 5);
		else
			total += r;
	}
	printf("%d\n", total);
	return 3;
}
