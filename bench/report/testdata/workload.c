/* Workload for bench/report: 64 functions that do a little arithmetic and
   call each other to a data-dependent depth, so that a profile of it has
   many distinct call paths (as a real program's has), in two processes so
   that both cores sample. Built with frame pointers, so perf record -g and
   sonde record unwind all of it. Runs for argv[1] seconds. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#define N 64
typedef unsigned long (*fn)(unsigned long, int);
static fn table[N];

#define F(i) \
	__attribute__((noinline)) static unsigned long f##i(unsigned long x, int depth) \
	{ \
		for (int k = 0; k < 200 + (i) * 7; k++) \
			x = x * 6364136223846793005UL + (i); \
		if (depth > 0) \
			x += table[(x >> 33) % N](x, depth - 1 - (int)((x >> 20) & 1)); \
		return x; \
	}
#define F8(a) F(a##0) F(a##1) F(a##2) F(a##3) F(a##4) F(a##5) F(a##6) F(a##7)
F8(1) F8(2) F8(3) F8(4) F8(5) F8(6) F8(7) F8(8)
#define R8(a) f##a##0, f##a##1, f##a##2, f##a##3, f##a##4, f##a##5, f##a##6, f##a##7
static fn init[N] = {R8(1), R8(2), R8(3), R8(4), R8(5), R8(6), R8(7), R8(8)};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1;
	for (int i = 0; i < N; i++)
		table[i] = init[i];
	pid_t child = fork();
	unsigned long x = child == 0 ? 12345 : 67890;
	double end = now() + secs;
	while (now() < end)
		for (int r = 0; r < 100; r++)
			x += table[x % N](x, 12);
	if (child > 0)
		waitpid(child, NULL, 0);
	printf("%lu\n", x & 1);
	return 0;
}
