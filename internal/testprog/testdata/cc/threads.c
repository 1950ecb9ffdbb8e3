/* threads.c: four threads run the same loop 200,000 times each, so that
   plain counter increments race; --sonde-atomic must count all 800,000. */
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define TURNS 200000

static void *work(void *arg)
{
	volatile long *acc = arg;
	for (int i = 0; i < TURNS; i++)
		*acc += i & 3;
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	long acc[THREADS] = {0};
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, work, &acc[i]);
	long sum = 0;
	for (int i = 0; i < THREADS; i++) {
		pthread_join(t[i], NULL);
		sum += acc[i];
	}
	printf("%ld\n", sum);
	return 0;
}
