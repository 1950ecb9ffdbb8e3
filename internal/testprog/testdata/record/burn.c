/* burn.c: burns CPU time in proportion to argv[1] (iterations of a
   volatile loop). Built several times with -DWHO=name so that each binary
   has its own function, burn_<WHO>, and the sampler's attribution to
   process and binary can be checked against the known split of work. It
   prints "burn done N" at the end, so a test sees that it finished.
   When $BURN_CPU_LOG names a file, it also appends "PID NANOSECONDS" there:
   its own CPU time as the kernel accounts it, the truth a sampler's shares
   are held to when several burners compete for the CPUs (contention changes
   the CPU time a loop of N iterations takes, not the accounting).
   A test never sizes its sampling by a fixed amount of work (a fast machine
   finishes it too soon): argv[1] may be "Nms", burn until the process has
   used N ms of CPU time (CLOCK_PROCESS_CPUTIME_ID, what the samplers'
   clock counts), and with $BURN_UNTIL naming a file it burns until that
   file exists; both in chunks of a million iterations. $BURN_TAIL_MS=N
   then burns N ms more of CPU time in burn_tail(), a phase of its own at
   the end of the run (what a ring of the last samples must hold). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef WHO
#define WHO a
#endif
#define CAT2(x, y) x##y
#define CAT(x, y) CAT2(x, y)

__attribute__((noinline)) unsigned long CAT(burn_, WHO)(unsigned long n)
{
	volatile unsigned long k = 0;
	while (n--)
		k++;
	return k;
}

__attribute__((noinline)) unsigned long burn_tail(unsigned long n)
{
	volatile unsigned long k = 0;
	while (n--)
		k++;
	return k;
}

static long long cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

int main(int argc, char **argv)
{
	char *end = "";
	unsigned long n = argc > 1 ? strtoul(argv[1], &end, 10) : 100000000;
	const char *until = getenv("BURN_UNTIL");
	unsigned long k = 0;
	if (strcmp(end, "ms") == 0) {
		while (cpu_ms() < (long long)n)
			k += CAT(burn_, WHO)(1000000);
	} else if (until && *until) {
		do
			k += CAT(burn_, WHO)(1000000);
		while (access(until, F_OK) != 0);
	} else {
		k = CAT(burn_, WHO)(n);
	}
	const char *tail = getenv("BURN_TAIL_MS");
	if (tail && *tail) {
		long long until = cpu_ms() + atoll(tail);
		while (cpu_ms() < until)
			burn_tail(1000000);
	}
	printf("burn done %lu\n", k);
	const char *log = getenv("BURN_CPU_LOG");
	if (log) {
		struct timespec ts;
		FILE *f = fopen(log, "a");
		if (f && clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0)
			fprintf(f, "%d %lld\n", (int)getpid(), (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
		if (f)
			fclose(f);
	}
	return argc > 2 ? atoi(argv[2]) : 0;
}
