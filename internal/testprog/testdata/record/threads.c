/* threads.c: waits argv[1] ms without using the CPU (or, when argv[1] is
   not a number, until the file it names exists), then starts two threads
   that burn CPU in thread_work() for argv[2] iterations each (or, for
   "Nms", until each has used N ms of CPU time): a sampler attached during
   the wait must follow threads created later. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

static unsigned long iters;
static int cpu_ms;

static long long thread_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

__attribute__((noinline)) void *thread_work(void *arg)
{
	volatile unsigned long k = 0;
	if (cpu_ms) {
		while (thread_ms() < (long long)iters)
			for (unsigned long i = 0; i < 20000000; i++)
				k++;
		return arg;
	}
	for (unsigned long i = 0; i < iters; i++)
		k++;
	return arg;
}

int main(int argc, char **argv)
{
	char *end = "";
	long ms = argc > 1 ? strtol(argv[1], &end, 10) : 300;
	iters = argc > 2 ? strtoul(argv[2], &end, 10) : 1000000000;
	cpu_ms = argc > 2 && strcmp(end, "ms") == 0;
	if (argc > 1 && (argv[1][0] < '0' || argv[1][0] > '9')) {
		struct timespec tick = {0, 10000000L};
		while (access(argv[1], F_OK) != 0)
			nanosleep(&tick, 0);
	} else {
		struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
		nanosleep(&ts, 0);
	}
	pthread_t t[2];
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], 0, thread_work, 0);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], 0);
	return 0;
}
