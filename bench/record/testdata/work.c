/* work.c: the CPU-bound C workload of bench/record. It runs a mix of
   calls (a small recursive function and a loop over an array) for
   argv[1] rounds and prints, on stderr, its own elapsed wall time and
   CPU time in nanoseconds: "elapsed_ns N cpu_ns M". */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static long long ns(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

__attribute__((noinline)) unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__attribute__((noinline)) unsigned long sum(const unsigned *a, int n)
{
	unsigned long s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * (unsigned long)a[(i * 7) % n];
	return s;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 6000;
	static unsigned a[1 << 16];
	for (int i = 0; i < 1 << 16; i++)
		a[i] = i * 2654435761u;
	long long t0 = ns(CLOCK_MONOTONIC), c0 = ns(CLOCK_PROCESS_CPUTIME_ID);
	unsigned long x = 0;
	for (long r = 0; r < rounds; r++) {
		x += fib(27);
		for (int k = 0; k < 20; k++)
			x += sum(a, 1 << 16);
	}
	fprintf(stderr, "elapsed_ns %lld cpu_ns %lld\n", ns(CLOCK_MONOTONIC) - t0, ns(CLOCK_PROCESS_CPUTIME_ID) - c0);
	return (int)(x & 0);
}
