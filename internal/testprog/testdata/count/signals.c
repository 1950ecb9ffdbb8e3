/* signals.c: a SIGUSR1 handler counted 25 times, raised by the program;
   a SIGALRM-free busy loop in between. The handler's count must arrive
   unchanged and the program must see every signal. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

volatile sig_atomic_t got;
volatile long sink;

__attribute__((noinline)) void handler(int sig)
{
	(void)sig;
	got++;
}

__attribute__((noinline)) void counted(long i)
{
	sink += i;
}

int main(void)
{
	struct sigaction sa;
	int i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	for (i = 0; i < 25; i++) {
		raise(SIGUSR1);
		counted(i);
	}
	printf("got %d\n", (int)got);
	return got == 25 ? 0 : 1;
}
