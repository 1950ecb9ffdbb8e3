/* burn.c: burns CPU time in proportion to argv[1] (iterations of a
   volatile loop). Built several times with -DWHO=name so that each binary
   has its own function, burn_<WHO>, and the sampler's attribution to
   process and binary can be checked against the known split of work. It
   prints "burn done N" at the end, so a test sees that it finished. */
#include <stdio.h>
#include <stdlib.h>

#ifndef WHO
#define WHO a
#endif
#define CAT2(x, y) x##y
#define CAT(x, y) CAT2(x, y)

__attribute__((noinline)) unsigned long CAT(burn_, WHO)(unsigned long n)
{
	volatile unsigned long k = 0;
	while (n--)
		k++;
	return k;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 100000000;
	unsigned long k = CAT(burn_, WHO)(n);
	printf("burn done %lu\n", k);
	return argc > 2 ? atoi(argv[2]) : 0;
}
