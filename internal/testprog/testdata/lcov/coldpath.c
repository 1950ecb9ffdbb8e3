/* coldpath.c: gcc -O2 moves the unlikely paths of step and process, which
   call the cold function complain, into .cold parts placed before the
   functions (in .text.unlikely), and inlines halve (defined on a lower
   line than its callers) and helpers.h's bad and mix. By hand, for
   argument n (default 1000): process runs n times, step 5n times, complain
   n/100 times (from process, for i = 99, 199, ...; step's cold path never
   runs), halve n/3 rounded up times (i % 3 == 0), main once. */
#include <stdio.h>
#include <stdlib.h>
#include "helpers.h"

static inline long halve(long s)
{
	return s / 2 + (s & 1);
}

static long complaints;

__attribute__((noinline, cold)) static void complain(const char *what, long v)
{
	complaints++;
	if (getenv("COLDPATH_NOISY"))
		fprintf(stderr, "%s %ld\n", what, v);
}

__attribute__((noinline))
long
step(long s,
     int x)
{
	if (__builtin_expect(bad(x), 0)) {
		complain("bad", x);
		return s;
	}
	return mix(s, x);
}

__attribute__((noinline)) long process(int i)
{
	long s = i;
	if (i % 3 == 0)
		s = halve(s);
	for (int k = 0; k < 5; k++)
		s = step(s, i + k);
	if (__builtin_expect(i % 100 == 99, 0))
		complain("round", s);
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	long s = 0;
	for (int i = 0; i < n; i++)
		s += process(i);
	printf("%ld %ld\n", s, complaints);
	return 0;
}
