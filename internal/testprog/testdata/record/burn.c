/* burn.c: burns CPU time in proportion to argv[1] (iterations of a
   volatile loop). Built several times with -DWHO=name so that each binary
   has its own function, burn_<WHO>, and the sampler's attribution to
   process and binary can be checked against the known split of work. It
   prints "burn done N" at the end, so a test sees that it finished.
   When $BURN_CPU_LOG names a file, it also appends "PID NANOSECONDS" there:
   its own CPU time as the kernel accounts it, the truth a sampler's shares
   are held to when several burners compete for the CPUs (contention changes
   the CPU time a loop of N iterations takes, not the accounting). */
#include <stdio.h>
#include <stdlib.h>
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

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 100000000;
	unsigned long k = CAT(burn_, WHO)(n);
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
