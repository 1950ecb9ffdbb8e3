/* kill.c: calls counted() 70 times, then kills itself with SIGKILL, which
   takes its address space with it: the counts must already be out of it. */
#include <signal.h>
#include <unistd.h>

volatile long sink;

__attribute__((noinline)) void counted(long i)
{
	sink += i;
}

int main(void)
{
	for (long i = 0; i < 70; i++)
		counted(i);
	kill(getpid(), SIGKILL);
	return 0;
}
