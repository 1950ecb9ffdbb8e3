/* Fixture for sonde report --diff: steady and heavy do the same work per
   iteration; heavy does COST times as many iterations. Built with -DCOST=1
   and -DCOST=2, heavy's share goes from 1/2 to 2/3. */
#include <stdio.h>
#include <stdlib.h>

#ifndef COST
#define COST 1
#endif

/* A chain of dependent multiplications in registers: its speed does not
   depend on where the loop lands (a volatile counter in memory did, by
   a factor of five on this machine). */
__attribute__((noinline)) unsigned long steady(unsigned long n)
{
	unsigned long x = n;
	for (unsigned long i = 0; i < n; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

__attribute__((noinline)) unsigned long heavy(unsigned long n)
{
	unsigned long x = n;
	for (unsigned long i = 0; i < n * COST; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 100000000;
	printf("%lu\n", steady(n) + heavy(n));
	return 0;
}
