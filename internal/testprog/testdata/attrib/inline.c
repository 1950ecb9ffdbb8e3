/* inline.c: a hot static function that -O2 inlines into its only caller
   (its symbol is gone from the binary).  A program-counter profile charges
   its time to caller; attrib, whose statements were inlined with it,
   charges hot.  Usage: inline N. */
#include <stdio.h>
#include <stdlib.h>

static unsigned hot(unsigned x)
{
	for (int i = 0; i < 64; i++)
		x = (x * 1103515245u + 12345u) ^ (x >> 7);
	return x;
}

__attribute__((noinline)) unsigned caller(unsigned n)
{
	unsigned s = 0;
	for (unsigned i = 0; i < n; i++)
		s += hot(i);
	return s;
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
	printf("%u\n", caller(n));
	return 0;
}
