/* shmain.c: calls the library shlib.c, linked with it: count(100) 7
   times (700 calls of step), burn(1) 3 times, and spins a little in its own
   code.  By hand: main 1, count 7, step 700, burn 3, own 1. */
#include <stdio.h>

unsigned long burn(int n);
unsigned long count(int n);

static volatile unsigned long sink;

__attribute__((noinline)) void own(void)
{
	unsigned long x = 3;
	for (long i = 0; i < 10000000L; i++)
		x = x * 6364136223846793005ul + 7;
	sink = x;
}

int main(void)
{
	unsigned long s = 0;
	for (int i = 0; i < 7; i++)
		s += count(100);
	for (int i = 0; i < 3; i++)
		s += burn(1);
	own();
	printf("%lu\n", s);
	return 0;
}
