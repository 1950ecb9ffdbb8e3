/* sigtrap.c: a program that uses SIGTRAP itself. A handler counts the
   traps; the program raises SIGTRAP five times and runs an int3 of its own
   five times (in breakpoint(), whose first instruction and line are the
   int3), then prints how many traps it saw and exits 0 if they were all
   seen. Under sonde the output and exit status must be the same. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

volatile sig_atomic_t traps;
volatile long sink;

__attribute__((noinline)) void on_trap(int sig)
{
	(void)sig;
	traps++;
}

__attribute__((noinline)) void breakpoint(void)
{
	__asm__ volatile("int3");
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
	sa.sa_handler = on_trap;
	sigaction(SIGTRAP, &sa, NULL);
	for (i = 0; i < 5; i++) {
		raise(SIGTRAP);
		breakpoint();
		counted(i);
	}
	printf("traps=%d\n", (int)traps);
	return traps == 10 ? 0 : 1;
}
