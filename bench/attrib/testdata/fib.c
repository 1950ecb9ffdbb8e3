/* fib.c: a call-heavy program for bench/attrib: recursive fib plus small
   helpers, some inlined at -O2 and some not.  Usage: fib N. */
#include <stdio.h>
#include <stdlib.h>

static long add(long a, long b) { return a + b; }

__attribute__((noinline)) long leaf(long n) { return n ^ (n >> 1) ? n : n; }

__attribute__((noinline)) int small(int n) { return n < 2; }

long fib(int n)
{
	if (small(n))
		return leaf(n);
	return add(fib(n - 1), fib(n - 2));
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 30;
	printf("%ld\n", fib(n));
	return 0;
}
