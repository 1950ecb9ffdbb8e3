/* lockstep.c: a loop in step with a 1 kHz sampling clock. Each period of
   1 ms (CLOCK_MONOTONIC; argv[2] overrides, in ns) spends its first 30% in
   phase_a() and the rest in phase_b(), both spinning on the clock, for
   argv[1] periods, or, when argv[1] is "Nms", for whole periods until the
   process has used N ms of CPU time (a loaded machine gives it less CPU
   per period: the samples a test needs come from CPU time). The known truth is 30% / 70%; a sampler whose period
   equals the loop's sees one phase far more often than that (PCT 6.2).
   That truth holds while the loop runs undisturbed: on a loaded machine
   the process is preempted at the scheduler's ticks, which keep step with
   the 1 ms grid, and phase_a can get less than 30% of its CPU time. So
   when $LOCKSTEP_CPU_LOG names a file, the loop also measures the CPU time
   of each phase by its thread's clock and writes "A_NS B_NS" there at
   exit: the truth as the process lived it. */
#include <stdio.h>
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

static long long cputime(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *log = getenv("LOCKSTEP_CPU_LOG");
	long long cpuA = 0, cpuB = 0;
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
		long long c0 = log ? cputime() : 0;
		phase_a(t + period * 3 / 10);
		long long c1 = log ? cputime() : 0;
		phase_b(t + period);
		if (log) {
			long long c2 = cputime();
			cpuA += c1 - c0;
			cpuB += c2 - c1;
		}
		t += period;
	}
	if (log) {
		FILE *f = fopen(log, "w");
		if (f) {
			fprintf(f, "%lld %lld\n", cpuA, cpuB);
			fclose(f);
		}
	}
	return 0;
}
