/* vdso.c: spends its time in clock_gettime(CLOCK_MONOTONIC), which the
   vDSO answers without a system call, until the process has used argv[1]
   ms of CPU time or, when argv[2] is given, until the file it names
   exists. */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

volatile long sink;

static long long cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

int main(int argc, char **argv)
{
	long long ms = argc > 1 ? atoll(argv[1]) : 500;
	const char *stop = argc > 2 ? argv[2] : 0;
	for (;;) {
		struct timespec ts;
		for (int i = 0; i < 10000; i++) {
			clock_gettime(CLOCK_MONOTONIC, &ts);
			sink += ts.tv_nsec;
		}
		if (stop ? access(stop, F_OK) == 0 : cpu_ms() >= ms)
			return 0;
	}
}
