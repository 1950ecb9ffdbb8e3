/* flags.c: blocks that begin by reading the flags their predecessor set
   (three-way compares, carry chains), a leaf function that keeps locals in
   the red zone, and a crash-free exit status. */
#include <stdio.h>

static int sign3(long a, long b)
{
	if (a < b)
		return -1;
	if (a > b)
		return 1;
	return 0;
}

/* gcc -O1 and up compile this to "cmp; je; jg": the block that starts
   at jg reads the flags of the cmp in the block before it. */
__attribute__((noinline)) static int sparse(int x)
{
	switch (x) {
	case 10: return 1;
	case 200: return 7;
	case 3000: return 9;
	case 40000: return 4;
	case 500000: return 5;
	case 6000000: return 2;
	}
	return 0;
}

/* A leaf: at -O0 its locals live below %rsp, in the red zone. */
static unsigned long leaf(unsigned long x, unsigned long y)
{
	unsigned long a = x * 3, b = y ^ a, c = a + b;
	if (c > a)
		c -= b;
	else
		c += 7;
	return a + b + c;
}

static unsigned __int128 mul128(unsigned long a, unsigned long b)
{
	return (unsigned __int128)a * b + a;
}

int main(void)
{
	long s = 0;
	unsigned long h = 1;
	for (long i = -500; i < 500; i++) {
		s += sign3(i, 17) * 3 + sign3(i * i % 97, 40);
		s += sparse((int)(i * i * 250));
		h = leaf(h, (unsigned long)i) ^ (unsigned long)(mul128(h, (unsigned long)i) >> 64);
	}
	printf("%ld %lu\n", s, h % 100000);
	return 0;
}
