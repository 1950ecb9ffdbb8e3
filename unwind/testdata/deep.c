/* A deep call chain whose frames keep values in callee-saved registers
   across calls (rbx, rbp, r12-r15 at -O2), ending in a leaf that spins:
   the fixture of TestUnwindRegsAgainstGdb. */
#include <stdlib.h>

volatile long sink;

__attribute__((noinline)) void spin(long a)
{
	for (;;)
		sink += a;
}

long f1(long, long, long);

__attribute__((noinline)) long f2(long n, long x, long y)
{
	long a = x * 3 + n, b = y ^ n, c = x + y, d = n * n + 7, e = x - y;
	if (n <= 0)
		spin(a + b + c + d + e);
	long r = f1(n - 1, a, b);
	sink += a;
	return r + a * b + c * d + e;
}

__attribute__((noinline)) long f1(long n, long x, long y)
{
	long a = x + n, b = y * 5, c = x ^ y, d = n + 11, e = y - x, g = x * y;
	long r = f2(n - 1, b, c);
	sink += r;
	return r * a + b * c + d + e + g;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 12;
	return (int)f1(n, 3, 4);
}
