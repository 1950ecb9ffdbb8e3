/* signals.c: burns CPU while receiving signals of its own (SIGUSR1 raised
   argv[1] times, and SIGALRM from an interval timer) and exits 0 only if
   its handlers saw every SIGUSR1 and some SIGALRMs: a tracer must hand
   every signal that is not its own back unchanged. It goes on raising
   SIGUSR1 past argv[1] until a SIGALRM came (however fast the machine),
   and prints how many it raised. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

static volatile sig_atomic_t usr1, alrm;
static void on_usr1(int s) { (void)s; usr1++; }
static void on_alrm(int s) { (void)s; alrm++; }

__attribute__((noinline)) void spin(long n)
{
	volatile long k = 0;
	while (n--)
		k++;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 200;
	signal(SIGUSR1, on_usr1);
	signal(SIGALRM, on_alrm);
	struct itimerval it = {{0, 10000}, {0, 10000}};
	setitimer(ITIMER_REAL, &it, 0);
	long i;
	for (i = 0; i < n || alrm == 0; i++) {
		spin(1000000);
		raise(SIGUSR1);
	}
	it.it_value.tv_usec = it.it_interval.tv_usec = 0;
	setitimer(ITIMER_REAL, &it, 0);
	printf("usr1 %d raised %ld alrm %d\n", (int)usr1, i, (int)alrm);
	return usr1 == i && alrm > 0 ? 0 : 1;
}
