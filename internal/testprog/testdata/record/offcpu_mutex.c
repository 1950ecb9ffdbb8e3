/* offcpu_mutex: a holder thread takes a pthread mutex and keeps it for
 * 3 ms (asleep), then leaves it for 1 ms: it holds it 3/4 of the time. A
 * waiter thread takes it, lets it go at once and sleeps 1 ms, again and
 * again, for SECONDS (default 2). The waiter measures its own truth: the
 * wall time inside pthread_mutex_lock (CLOCK_MONOTONIC around each call)
 * and its CPU time there (CLOCK_THREAD_CPUTIME_ID), and its whole life's
 * wall and CPU time, written to argv[1] as
 * "tid N\nwait NS\nwaitcpu NS\ncalls N\nlife NS\nlifecpu NS\n". */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static volatile int done;

static long long clk(clockid_t c) {
	struct timespec t;
	clock_gettime(c, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void nap(long ns) {
	struct timespec t = {0, ns};
	nanosleep(&t, 0);
}

__attribute__((noinline)) static void *holder(void *arg) {
	while (!done) {
		pthread_mutex_lock(&mu);
		nap(3000000);
		pthread_mutex_unlock(&mu);
		nap(1000000);
	}
	return arg;
}

static long long wait_ns, wait_cpu, calls, life, lifecpu;

__attribute__((noinline)) static void *waiter(void *arg) {
	long long l0 = clk(CLOCK_MONOTONIC), lc0 = clk(CLOCK_THREAD_CPUTIME_ID);
	while (!done) {
		long long t0 = clk(CLOCK_MONOTONIC), c0 = clk(CLOCK_THREAD_CPUTIME_ID);
		pthread_mutex_lock(&mu);
		long long c1 = clk(CLOCK_THREAD_CPUTIME_ID), t1 = clk(CLOCK_MONOTONIC);
		pthread_mutex_unlock(&mu);
		wait_ns += t1 - t0;
		wait_cpu += c1 - c0;
		calls++;
		nap(1000000);
	}
	*(pid_t *)arg = gettid();
	lifecpu = clk(CLOCK_THREAD_CPUTIME_ID) - lc0;
	life = clk(CLOCK_MONOTONIC) - l0;
	return arg;
}

int main(int argc, char **argv) {
	double secs = argc > 2 ? atof(argv[2]) : 2.0;
	pthread_t h, w;
	pid_t tid = 0;
	pthread_create(&h, 0, holder, 0);
	nap(1000000);
	pthread_create(&w, 0, waiter, &tid);
	nap((long)(secs * 1e9) % 1000000000L);
	sleep((unsigned)secs);
	done = 1;
	pthread_join(h, 0);
	pthread_join(w, 0);
	FILE *f = fopen(argv[1], "w");
	if (!f)
		return 1;
	fprintf(f, "tid %d\nwait %lld\nwaitcpu %lld\ncalls %lld\nlife %lld\nlifecpu %lld\n", tid, wait_ns, wait_cpu, calls, life, lifecpu);
	return fclose(f) != 0;
}
