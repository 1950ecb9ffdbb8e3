/* syscalls.c: alternates user-space work (user_work) with a loop of cheap
   system calls (sys_work: getppid), so that a third or so of its CPU
   time is spent in the kernel: ten rounds of argv[1], or with argv[2]
   given, rounds until the process has used argv[2] ms of CPU time (user
   and system), so that a test's samples do not depend on the machine's
   speed. */
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
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
	long long ms = argc > 2 ? atoll(argv[2]) : 0;
	for (int i = 0;; i++) {
		if (ms == 0 && i == 10)
			break;
		if (ms > 0) {
			struct timespec ts;
			clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
			if (ts.tv_sec * 1000LL + ts.tv_nsec / 1000000 >= ms)
				break;
		}
		user_work(n * 20);
		sys_work(n / 10);
	}
	return 0;
}
