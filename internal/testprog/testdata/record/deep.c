/* deep.c: recurses argv[1] levels deep through deep() (frame pointers
   kept, no tail calls at -O0), then spins in spin() until the process has
   used argv[2] ms of CPU time: every sample's stack is argv[1] + 3 frames
   (spin, the deep() calls, main, __libc_start_call_main and what is above
   it), deeper than the kernel's default call chain limit of 127. */
#include <stdlib.h>
#include <time.h>

static long long ms;

__attribute__((noinline)) long spin(void)
{
	volatile long k = 0;
	for (;;) {
		struct timespec ts;
		for (long i = 0; i < 1000000; i++)
			k++;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
		if (ts.tv_sec * 1000LL + ts.tv_nsec / 1000000 >= ms)
			return k;
	}
}

__attribute__((noinline)) long deep(int n)
{
	if (n <= 1)
		return spin();
	return deep(n - 1) + 1;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 300;
	ms = argc > 2 ? atoll(argv[2]) : 500;
	return deep(n) == 0;
}
