/* calls.c: call counts for sonde cc --sonde-mode=attrib, checked against
   valgrind callgrind's entry counts of the same binary (recursion, mutual
   tail calls, calls through function pointers, four threads).  The
   functions are noinline so that each keeps its symbol at -O2. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

/* -O2 turns fib's second recursive call into a loop (LLVM's tail
   recursion elimination with an accumulator): the binary makes fewer calls
   than the source, and attrib, whose entry statement moved into the loop,
   still counts the source's calls.  fibm's calls cannot become a loop. */
NOINLINE long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
NOINLINE long mix(long a, long b) { return a + b; }
NOINLINE long fibm(int n) { return n < 2 ? n : mix(fibm(n - 1), fibm(n - 2)); }

/* Mutual tail calls: -O2 turns them into jumps. */
NOINLINE int is_odd(unsigned n);
NOINLINE int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
NOINLINE int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

NOINLINE long twice(long x) { return 2 * x; }
NOINLINE long thrice(long x) { return 3 * x; }
NOINLINE long square(long x) { return x * x; }
static long (*const ops[])(long) = {twice, thrice, square};

NOINLINE long leaf(long x) { return x ^ (x >> 3); }

NOINLINE void *worker(void *arg)
{
	long n = (long)arg, s = 0;
	for (long i = 0; i < n; i++)
		s += leaf(i);
	return (void *)s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 20;
	long s = fib(n) + fibm(n);
	for (unsigned i = 0; i < 50; i++)
		s += is_even(i);
	volatile int k = 0;
	for (long i = 0; i < 100; i++) {
		k = (int)(i % 3 == 2 ? 2 : i % 7 == 0);
		s += ops[k](i);
	}
	pthread_t t[4];
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, worker, (void *)(1000 * (i + 1)));
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(t[i], &r);
		s += (long)r;
	}
	printf("%ld\n", s);
	return 0;
}
