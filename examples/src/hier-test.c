/* hier-test.c: the call-hierarchy example of Blake & Bauer's PCT paper
   (USENIX 2002, section 3). All the time is in worker(), reached through
   two paths: a hierarchical profile must split it about 1/3 through
   dispatch_1 and 2/3 through dispatch_2. noinline keeps the three functions
   out of line; at -O2 the calls in dispatch_N still become jumps (sibling
   calls) unless built with -fno-optimize-sibling-calls, as the demo does.
   The volatile counter keeps the loop from being optimized away. */
#include <stdlib.h>

__attribute__((noinline)) int worker(unsigned n)
{
	volatile unsigned k = 0;
	while (n--)
		k++;
	return (int)k;
}

__attribute__((noinline)) int dispatch_1(unsigned a) { return worker(a); }
__attribute__((noinline)) int dispatch_2(unsigned b) { return worker(b); }

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], 0, 10) : 250000000;
	dispatch_1(n);
	dispatch_2(2 * n);
	return 0;
}
