/* lockstep.c: a loop in step with a 1 kHz sampling clock. Each period of
   1 ms (CLOCK_MONOTONIC; argv[2] overrides, in ns) spends its first 30% in
   phase_a() and the rest in phase_b(), both spinning on the clock, for
   argv[1] periods, or, when argv[1] is "Nms", for whole periods until the
   process has used N ms of CPU time (a loaded machine gives it less CPU
   per period: the samples a test needs come from CPU time). The known truth is 30% / 70%; a sampler whose period
   equals the loop's sees one phase far more often than that (PCT 6.2). */
#include <stdlib.h>
#include <string.h>
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
	char *end = "";
	long n = argc > 1 ? strtol(argv[1], &end, 10) : 2000;
	int cpu = strcmp(end, "ms") == 0;
	long long period = argc > 2 ? atoll(argv[2]) : 1000000;
	long long t = now();
	for (long i = 0; cpu || i < n; i++) {
		if (cpu) {
			struct timespec ts;
			clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
			if (ts.tv_sec * 1000LL + ts.tv_nsec / 1000000 >= n)
				break;
		}
		phase_a(t + period * 3 / 10);
		phase_b(t + period);
		t += period;
	}
	return 0;
}
