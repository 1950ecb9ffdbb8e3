/* threads.c: waits argv[1] ms without using the CPU, then starts two
   threads that burn CPU in thread_work() for argv[2] iterations each:
   a sampler attached during the wait must follow threads created later. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

static unsigned long iters;

__attribute__((noinline)) void *thread_work(void *arg)
{
	volatile unsigned long k = 0;
	for (unsigned long i = 0; i < iters; i++)
		k++;
	return arg;
}

int main(int argc, char **argv)
{
	long ms = argc > 1 ? atol(argv[1]) : 300;
	iters = argc > 2 ? strtoul(argv[2], 0, 10) : 1000000000;
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, 0);
	pthread_t t[2];
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], 0, thread_work, 0);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], 0);
	return 0;
}
