/* segv.c: calls counted() 50 times, then writes through a null pointer. */
#include <stdio.h>

volatile long sink;

__attribute__((noinline)) void counted(long i)
{
	sink += i;
}

int main(void)
{
	volatile int *p = 0;
	int i;

	for (i = 0; i < 50; i++)
		counted(i);
	fflush(stdout);
	*p = 1;
	counted(-1);
	return 0;
}
