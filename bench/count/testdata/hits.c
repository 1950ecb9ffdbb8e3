/* hits.c: calls hit() N times (argv[1]); bench/count divides the extra
   time of counting hit()'s entry by N. At -O0 hit() starts with push %rbp
   (uprobes emulate it); at -O2 its only block is add + ret (uprobes
   single-step the add). */
#include <stdlib.h>

volatile long sink;

__attribute__((noinline)) void hit(long i)
{
	sink += i;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 0, i;

	for (i = 0; i < n; i++)
		hit(i);
	return 0;
}
