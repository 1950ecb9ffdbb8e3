/* spin_del.c: removes its own executable (the file /proc/self/exe names)
   as soon as it starts, then spins in spin_del_work() until the process
   has used argv[1] ms of CPU time or, when argv[2] is given, until the file
   it names exists: a profiler must read the deleted file through the
   process to name its functions. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

__attribute__((noinline)) unsigned long spin_del_work(unsigned long n)
{
	volatile unsigned long k = 0;
	while (n--)
		k++;
	return k;
}

static long long cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

int main(int argc, char **argv)
{
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return 2;
	self[n] = 0;
	if (unlink(self) != 0) {
		perror("unlink");
		return 2;
	}
	long long ms = argc > 1 ? atoll(argv[1]) : 500;
	const char *stop = argc > 2 ? argv[2] : 0;
	for (;;) {
		/* About 3 ms a call here: few clock_gettime system calls, whose
		   returns to user mode draw the ptrace sampler's stops. */
		spin_del_work(10000000);
		if (stop ? access(stop, F_OK) == 0 : cpu_ms() >= ms)
			return 0;
	}
}
