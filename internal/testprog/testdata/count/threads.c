/* threads.c: four threads each call counted() N times (argv[1], default
   20000); the total is exactly 4 * N. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4

static long per_thread = 20000;

volatile long sink;

__attribute__((noinline)) void counted(long i)
{
	sink += i;
}

static void *run(void *arg)
{
	long i;
	(void)arg;
	for (i = 0; i < per_thread; i++)
		counted(i);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[THREADS];
	int i;

	if (argc > 1)
		per_thread = atol(argv[1]);
	for (i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, run, NULL);
	for (i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	printf("done\n");
	return 0;
}
