/* derive.c: control flow for the derivation of block counts from others
   (Knuth and Stevenson): nested loops, a diamond, a switch on a jump table,
   computed goto, and a loop that exits the program halfway through a call
   the compiler cannot know does not return (derivejmp.c has longjmp: a
   unit that calls setjmp is derived more cautiously). */
#include <stdio.h>
#include <stdlib.h>

static void (*volatile quit)(int) = exit; /* not known to be noreturn */
static volatile int sink;
static void check(int i, int at);

static int nested(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < i; j++)
			for (int k = j; k < i; k += 3)
				s += i ^ j ^ k;
	return s;
}

static int diamond(int x)
{
	int r;
	if (x & 1)
		r = x * 3 + 1;
	else
		r = x / 2;
	return r + sink;
}

static int sw(int x)
{
	switch (x % 7) {
	case 0: return x + 11;
	case 1: return x * 5;
	case 2: return x - 3;
	case 3: return x ^ 0x55;
	case 4: return x << 2;
	case 5: return x >> 1;
	default: return -x;
	}
}

static int threaded(const unsigned char *code, int n)
{
	static void *ops[] = {&&inc, &&dbl, &&dec, &&halt};
	int acc = 0, pc = 0;
#define NEXT goto *ops[pc < n ? code[pc++] & 3 : 3]
	NEXT;
inc:
	acc++;
	NEXT;
dbl:
	acc += acc;
	NEXT;
dec:
	acc--;
	NEXT;
halt:
	return acc;
}

/* check exits the program when i reaches at, by a call its caller cannot
   see either: the block after the call to it runs once less than it. */
static __attribute__((noinline)) void check(int i, int at)
{
	if (i == at)
		quit(9);
}

/* wrap is a call block and the block after it, which runs once less. */
static __attribute__((noinline)) void wrap(int i, int at)
{
	check(i, at);
	sink += i;
}

int main(int argc, char **argv)
{
	int limit = argc > 1 ? atoi(argv[1]) : 300;
	long total = nested(40);
	for (int x = 0; x < 200; x++)
		total += diamond(x) + sw(x);
	unsigned char code[64];
	for (int i = 0; i < 64; i++)
		code[i] = (unsigned char)(i * 7 + 3);
	for (int r = 0; r < 20; r++)
		total += threaded(code, 20 + r);
	printf("%ld\n", total);
	fflush(stdout);
	for (int i = 0; i < 1000; i++) {
		sink += i;
		if (i == limit + 5) /* never: check exits first */
			quit(7);
		sink ^= i;
		wrap(i, limit);
		for (int j = 0; j < i % 4; j++)
			sink += j;
	}
	return 0;
}
