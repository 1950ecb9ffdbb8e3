/* offcpu_spinrest: one thread alternates spin() for about 10 ms and rest()
 * (nanosleep) for about 10 ms, for SECONDS (default 2) seconds of wall
 * time. It measures its own truth: the wall-clock time spent inside each
 * function (CLOCK_MONOTONIC around every call), appended to the file
 * argv[1] as "spin NS\nrest NS\nloop NS\n" (a test that runs it again
 * and again adds the runs up). sonde record --off-cpu must
 * charge spin (on the CPU, or preempted in it) and rest (off the CPU in
 * nanosleep) in those proportions of the loop's wall time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

volatile unsigned long sink;

__attribute__((noinline)) void spin(long long ns) {
	long long end = now() + ns;
	while (now() < end)
		sink++;
}

__attribute__((noinline)) void rest(long long ns) {
	struct timespec t = {0, ns};
	nanosleep(&t, 0);
}

int main(int argc, char **argv) {
	double secs = argc > 2 ? atof(argv[2]) : 2.0;
	long long start = now(), end = start + (long long)(secs * 1e9), inspin = 0, inrest = 0;
	while (now() < end) {
		long long t0 = now();
		spin(10000000);
		long long t1 = now();
		rest(10000000);
		long long t2 = now();
		inspin += t1 - t0;
		inrest += t2 - t1;
	}
	long long loop = now() - start;
	FILE *f = fopen(argv[1], "a");
	if (!f)
		return 1;
	fprintf(f, "spin %lld\nrest %lld\nloop %lld\n", inspin, inrest, loop);
	return fclose(f) != 0;
}
