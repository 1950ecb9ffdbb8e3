/* work.c: a deterministic program for sonde count's exact-count tests:
   loops, a switch (a jump table at -O2), recursion, a function called from
   two places, short-circuit conditions and a function pointer. Every count
   is checked against valgrind's per-instruction counts of the same binary. */
#include <stdio.h>
#include <stdlib.h>

static int table[64];

__attribute__((noinline)) int classify(int x)
{
	switch (x % 7) {
	case 0:
		return 3;
	case 1:
		return x + 1;
	case 2:
		return x * 2;
	case 3:
		return -x;
	case 4:
		return x / 3;
	default:
		return 0;
	}
}

__attribute__((noinline)) int fib(int n)
{
	if (n < 2)
		return n;
	return fib(n - 1) + fib(n - 2);
}

__attribute__((noinline)) void worker(int n)
{
	int i;
	for (i = 0; i < n; i++)
		table[i % 64] += classify(i) & 0xff;
}

static int twice(int v) { return 2 * v; }
static int thrice(int v) { return 3 * v; }

int main(int argc, char **argv)
{
	int (*op)(int) = argc > 5 ? thrice : twice;
	long sum = 0;
	int i;

	worker(1000);
	worker(2000);
	for (i = 0; i < 300; i++)
		if (i % 3 == 0 && i % 5 != 0)
			sum += op(i);
		else if (i > 250 || i < 10)
			sum -= i;
	sum += fib(15);
	for (i = 0; i < 64; i++)
		sum += table[i];
	printf("%ld\n", sum);
	return 0;
}
