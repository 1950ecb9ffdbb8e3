/* forever.c: a program that never exits on its own, for the flush-on-
   request test.  For every number N it reads from standard input it calls
   work N times and prints "done T", T being the calls of work so far; at
   the end of its input it waits for a signal forever. */
#include <stdio.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) void work(unsigned long i) { sink += i * i; }

int main(void)
{
	unsigned long n, total = 0;
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (scanf("%lu", &n) == 1) {
		for (unsigned long i = 0; i < n; i++)
			work(i);
		total += n;
		printf("done %lu\n", total);
	}
	for (;;)
		pause();
}
