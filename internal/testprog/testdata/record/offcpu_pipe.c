/* offcpu_pipe: a writer thread writes one byte to a pipe every 50 ms for
 * SECONDS (default 2); a reader thread reads them, one blocking read(2)
 * at a time, until the pipe closes. The reader measures its own truth:
 * its wall time and CPU time (CLOCK_THREAD_CPUTIME_ID) from its first
 * instruction to its last, written to argv[1] as
 * "tid N\nwall NS\ncpu NS\nreads N\nfd N\n" (fd: the pipe's read end, fds[0]).
 * Its time off the CPU is wall − cpu. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int fds[2];
static double secs = 2.0;

static long long clk(clockid_t c) {
	struct timespec t;
	clock_gettime(c, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void *writer(void *arg) {
	struct timespec t = {0, 50000000};
	for (int i = 0; i < (int)(secs * 20); i++) {
		nanosleep(&t, 0);
		if (write(fds[1], "x", 1) != 1)
			break;
	}
	close(fds[1]);
	return arg;
}

static long long wall, cpu, reads;
static pid_t rtid;

__attribute__((noinline)) static void *reader(void *arg) {
	long long t0 = clk(CLOCK_MONOTONIC), c0 = clk(CLOCK_THREAD_CPUTIME_ID);
	char c;
	rtid = gettid();
	while (read(fds[0], &c, 1) == 1)
		reads++;
	cpu = clk(CLOCK_THREAD_CPUTIME_ID) - c0;
	wall = clk(CLOCK_MONOTONIC) - t0;
	return arg;
}

int main(int argc, char **argv) {
	if (argc > 2)
		secs = atof(argv[2]);
	if (pipe(fds) != 0)
		return 1;
	pthread_t r, w;
	pthread_create(&r, 0, reader, 0);
	pthread_create(&w, 0, writer, 0);
	pthread_join(w, 0);
	pthread_join(r, 0);
	FILE *f = fopen(argv[1], "w");
	if (!f)
		return 1;
	fprintf(f, "tid %d\nwall %lld\ncpu %lld\nreads %lld\nfd %d\n", rtid, wall, cpu, reads, fds[0]);
	return fclose(f) != 0;
}
