/* hot.c: one thread runs a hot loop of argv[1] iterations (default
   60000000, 0.2-0.4 s here). By 1000 iterations every line has run, both
   arms of the if included (valgrind shows it in TestUncover), so the set
   of lines that run is the same for every count from there on. It prints
   a hash of the work. */
#include <stdio.h>
#include <stdlib.h>

volatile unsigned long sink;

__attribute__((noinline)) unsigned long mix(unsigned long x)
{
	x ^= x >> 13;
	x *= 0x9e3779b97f4a7c15ul;
	return x ^ (x >> 29);
}

int main(int argc, char **argv)
{
	long n = 60000000;
	unsigned long h = 1;
	long i;

	if (argc > 1)
		n = atol(argv[1]);
	for (i = 0; i < n; i++) {
		h = mix(h + (unsigned long)i);
		if (h & 1)
			sink += h;
		else
			sink -= (unsigned long)i;
	}
	printf("hot %lu\n", h);
	return 0;
}
