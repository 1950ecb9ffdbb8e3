/* pingpong: two threads pass one byte back and forth over two pipes
 * ROUNDS times (argv[1], default 200000): every round is two blocking
 * reads, so each thread leaves the CPU once a round. It prints the
 * rounds per second it reached and its own CPU time in nanoseconds
 * (getrusage RUSAGE_SELF, both threads, user and system). With a second
 * argument SLEEP_US, the main thread sleeps that long before each round:
 * a mostly blocked server, three switches a round. */
#include <sys/resource.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int ab[2], ba[2];
static long rounds = 200000, sleep_us;

static void *pong(void *arg) {
	char c;
	for (long i = 0; i < rounds; i++) {
		if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
			exit(1);
	}
	return arg;
}

int main(int argc, char **argv) {
	if (argc > 1)
		rounds = atol(argv[1]);
	if (argc > 2)
		sleep_us = atol(argv[2]);
	struct timespec nap = {0, sleep_us * 1000};
	if (pipe(ab) || pipe(ba))
		return 1;
	pthread_t t;
	pthread_create(&t, 0, pong, 0);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	char c = 'x';
	for (long i = 0; i < rounds; i++) {
		if (sleep_us)
			nanosleep(&nap, 0);
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	pthread_join(t, 0);
	double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	long long cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
	printf("%.0f rounds/s %lld cpu_ns\n", rounds / s, cpu);
	return 0;
}
