/* attach.c: runs for about SECONDS seconds (argv[1], default 3) calling
   counted() in a loop, then prints how often it did and exits 0. Tests
   attach to it, count, detach, and check it finishes normally. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

volatile long sink;

__attribute__((noinline)) void counted(long i)
{
	sink += i;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 3;
	struct timespec t0, t;
	long n = 0;

	printf("ready\n");
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		counted(n++);
		if (n % 1000 == 0) {
			struct timespec d = {0, 100000};
			nanosleep(&d, NULL);
		}
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9 < secs);
	printf("finished %s\n", n > 0 ? "ok" : "no");
	return 0;
}
