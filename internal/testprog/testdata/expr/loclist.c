/* loclist.c: at -O2 the parameter n of work() has a location list: it is in
   its argument register at entry and in a callee-saved register (or a stack
   slot) across the call to mix(), which keeps its own copy. n only ever
   takes the values of the table below (3, 5, 7, 11, 13), so every value
   that record --expr 'loclist@work@n' reads must be one of them, or be
   counted optimized out / unavailable where DWARF or the unwinder says so.
   Samples fall in work() itself and in mix() with work() as an outer frame
   (n then comes from the unwound callee-saved registers). */
#include <stdlib.h>

volatile long sink;

__attribute__((noinline)) long mix(long *acc)
{
	long a = *acc;
	for (long i = 0; i < 300000; i++)
		a += (a >> 3) ^ i;
	sink = a;
	return a;
}

__attribute__((noinline)) long work(long n)
{
	long acc = n;
	for (long i = 0; i < 300000; i++)
		acc += (i * n) ^ (acc >> 3);
	acc += mix(&acc);
	for (long i = 0; i < 300000; i++)
		acc += (i + n) ^ (acc >> 5);
	return acc;
}

int main(int argc, char **argv)
{
	static const long values[] = {3, 5, 7, 11, 13};
	long rounds = argc > 1 ? atol(argv[1]) : 2000;
	long total = 0;
	for (long k = 0; k < rounds; k++)
		total += work(values[k % 5]);
	sink = total;
	return 0;
}
