/* threads.c: four threads, each spinning in a function of its own for
   1, 2, 3 and 4 units of work: a known split of 10%, 20%, 30% and 40% of
   the CPU time, which attrib can only see if every thread has a timer of
   its own and a "current" of its own.  Usage: threads UNITS. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

static long units;

/* A macro, not a function: the time must be the thread function's own. */
#define SPIN(k)                                                            \
	unsigned x = 1;                                                    \
	for (long i = 0; i < (k) * units; i++)                             \
		x = (x ^ (x >> 13)) * 2654435761u + (unsigned)i;           \
	return (void *)((long)x + (long)p)

NOINLINE void *one(void *p) { SPIN(1); }
NOINLINE void *two(void *p) { SPIN(2); }
NOINLINE void *three(void *p) { SPIN(3); }
NOINLINE void *four(void *p) { SPIN(4); }

int main(int argc, char **argv)
{
	units = argc > 1 ? atol(argv[1]) : 1000000;
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
