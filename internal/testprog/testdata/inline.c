/* Fixture for symbolization: static functions that -O2 inlines into their
   callers, a function called through a pointer so it stays out of line, and
   a loop so that sampling collectors find time in it. */
#include <stdio.h>
#include <stdlib.h>

static int square(int x) { return x * x; }

static int sum_squares(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += square(i);
	return s;
}

__attribute__((noinline)) int worker(unsigned n)
{
	volatile unsigned k = 0;
	while (n--)
		k++;
	return (int)k;
}

int dispatch_1(unsigned a) { return worker(a); }
int dispatch_2(unsigned b) { return worker(b); }

int (*indirect)(int) = square;

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	int r = sum_squares(n) + indirect(n);
	r += dispatch_1(n) + dispatch_2(2 * n);
	printf("%d\n", r);
	return 0;
}
