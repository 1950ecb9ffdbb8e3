/* threads.c: four threads, each spinning in a function of its own until
   it has used 1, 2, 3 and 4 times MS milliseconds of its own CPU time
   (CLOCK_THREAD_CPUTIME_ID, looked at every 65536 turns): a known split
   of 10%, 20%, 30% and 40% of the CPU time whatever the machine's speed
   and load, which attrib can only see if every thread has a timer of its
   own and a "current" of its own.  Usage: threads MS. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))

static long ms;

static long long thread_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* A macro, not a function: the time must be the thread function's own
   (thread_ns is a short call into libc and the kernel, whose time stays
   with the current function too). */
#define SPIN(k)                                                            \
	unsigned x = 1;                                                    \
	long long until = (k) * ms * 1000000LL;                            \
	for (long i = 0;; i++) {                                           \
		x = (x ^ (x >> 13)) * 2654435761u + (unsigned)i;           \
		if ((i & 65535) == 0 && thread_ns() >= until)              \
			break;                                             \
	}                                                                  \
	return (void *)((long)x + (long)p)

NOINLINE void *one(void *p) { SPIN(1); }
NOINLINE void *two(void *p) { SPIN(2); }
NOINLINE void *three(void *p) { SPIN(3); }
NOINLINE void *four(void *p) { SPIN(4); }

int main(int argc, char **argv)
{
	ms = argc > 1 ? atol(argv[1]) : 100;
	void *(*fn[4])(void *) = {one, two, three, four};
	pthread_t t[4];
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, fn[i], NULL);
	unsigned long s = 0;
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(t[i], &r);
		s += (unsigned long)r;
	}
	printf("%lu\n", s);
	return 0;
}
