/* fg.c: the paper's argument against gprof (section 4).  f makes few
   expensive calls of work, g many cheap ones: f causes 20/22 of work's
   time (50 calls of 8,000,000 steps against 20,000 calls of 2,000 steps
   at scale 1).  With work unprofiled, attrib charges work's time to the
   caller that spent it; gprof splits it by call counts (50 : 20,000) and
   gives almost all of it to g.  Usage: fg SCALE (steps are divided by
   SCALE). */
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

NOINLINE unsigned work(unsigned n, unsigned x)
{
	for (unsigned i = 0; i < n; i++)
		x = (x ^ (x >> 13)) * 2654435761u + i;
	return x;
}

NOINLINE unsigned f(unsigned scale)
{
	unsigned s = 0;
	for (int i = 0; i < 50; i++)
		s += work(8000000 / scale, s);
	return s;
}

NOINLINE unsigned g(unsigned scale)
{
	unsigned s = 0;
	for (int i = 0; i < 20000; i++)
		s += work(2000 / scale, s);
	return s;
}

int main(int argc, char **argv)
{
	unsigned scale = argc > 1 ? (unsigned)atoi(argv[1]) : 1;
	printf("%u\n", f(scale) + g(scale));
	return 0;
}
