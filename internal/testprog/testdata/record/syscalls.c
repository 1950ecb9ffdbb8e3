/* syscalls.c: alternates user-space work (user_work) with a loop of cheap
   system calls (sys_work: getppid), so that a third or so of its CPU
   time is spent in the kernel. */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

__attribute__((noinline)) void user_work(long n)
{
	volatile long k = 0;
	while (n--)
		k++;
}

__attribute__((noinline)) void sys_work(long n)
{
	while (n--)
		syscall(SYS_getppid);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	for (int i = 0; i < 10; i++) {
		user_work(n * 20);
		sys_work(n / 10);
	}
	return 0;
}
