/* hier.c: PCT's hier-test (Blake & Bauer 2002, section 3) for bench/expr.
   worker counts n down; dispatch_1 calls it with 10,000,000 and
   dispatch_2 with 20,000,000, argv[1] rounds of both. Over time n is
   uniform on [0, 10M) for a third of the run and on [0, 20M) for two
   thirds: its time-weighted mean is 1/3 * 5e6 + 2/3 * 1e7 = 8.33e6 (PCT
   printed 8.38e+06). It prints, on stderr, its own elapsed wall time and CPU
   time in nanoseconds: "elapsed_ns N cpu_ns M", and on stdout the work's
   checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long ns(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long worker(long n)
{
	long s = 0;
	while (n > 0) {
		s += n & 7;
		n--;
	}
	return s;
}

long dispatch_1(long a) { return worker(a); }
long dispatch_2(long b) { return worker(b); }

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 1;
	long long t0 = ns(CLOCK_MONOTONIC), c0 = ns(CLOCK_PROCESS_CPUTIME_ID);
	long x = 0;
	for (long r = 0; r < rounds; r++) {
		x += dispatch_1(10000000);
		x += dispatch_2(20000000);
	}
	fprintf(stderr, "elapsed_ns %lld cpu_ns %lld\n", ns(CLOCK_MONOTONIC) - t0, ns(CLOCK_PROCESS_CPUTIME_ID) - c0);
	printf("%ld\n", x);
	return 0;
}
