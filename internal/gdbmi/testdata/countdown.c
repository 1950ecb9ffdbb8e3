/* countdown: THREADS threads (the main one among them) each run
 * worker(N), which counts n down to zero. Each thread publishes its current
 * n in its own 8-byte slot of the shared file FILE (mmap), so that a test
 * knows which values n really had around a sample: n only decreases, and
 * the slot is written before n is decremented, so at any stop the local n
 * lies between the slot value read before the stop and the one read after
 * it, less one.
 *
 * It counts the SIGINT and SIGUSR1 it receives and prints, at the end,
 * the sum of n&7 over every n each thread counted down (checkable in closed
 * form) and the signal counts; it exits with status 3.
 *
 * usage: countdown FILE N THREADS
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static volatile long *slots;
static volatile sig_atomic_t nint, nusr1;
static long start_n;

static void on_int(int sig) { (void)sig; nint++; }
static void on_usr1(int sig) { (void)sig; nusr1++; }

long worker(long n, int slot) {
	long sum = 0;
	while (n > 0) {
		slots[slot] = n;
		sum += n & 7;
		n--;
	}
	slots[slot] = 0;
	return sum;
}

static void *thread_main(void *arg) {
	long slot = (long)arg;
	return (void *)worker(start_n, (int)slot);
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: countdown FILE N THREADS\n");
		return 2;
	}
	int threads = atoi(argv[3]);
	start_n = atol(argv[2]);
	int fd = open(argv[1], O_RDWR);
	if (fd < 0 || threads < 1 || threads > 64) {
		perror(argv[1]);
		return 2;
	}
	slots = mmap(NULL, 64 * 8, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (slots == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	signal(SIGINT, on_int);
	signal(SIGUSR1, on_usr1);
	pthread_t tids[64];
	for (long i = 1; i < threads; i++)
		pthread_create(&tids[i], NULL, thread_main, (void *)i);
	long sum = worker(start_n, 0);
	for (long i = 1; i < threads; i++) {
		void *r;
		pthread_join(tids[i], &r);
		sum += (long)r;
	}
	printf("sum=%ld sigint=%d usr1=%d\n", sum, (int)nint, (int)nusr1);
	return 3;
}
