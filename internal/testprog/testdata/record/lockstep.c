/* lockstep.c: a loop in step with a 1 kHz sampling clock. Each period of
   1 ms (CLOCK_MONOTONIC; argv[2] overrides, in ns) spends its first 30% in
   phase_a() and the rest in phase_b(), both spinning on the clock, for
   argv[1] periods. The known truth is 30% / 70%; a sampler whose period
   equals the loop's sees one phase far more often than that (PCT 6.2). */
#include <stdlib.h>
#include <time.h>

static long long now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

__attribute__((noinline)) void phase_a(long long until)
{
	while (now() < until)
		;
}

__attribute__((noinline)) void phase_b(long long until)
{
	while (now() < until)
		;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 2000;
	long long period = argc > 2 ? atoll(argv[2]) : 1000000;
	long long t = now();
	for (long i = 0; i < n; i++) {
		phase_a(t + period * 3 / 10);
		phase_b(t + period);
		t += period;
	}
	return 0;
}
