/* work.c: the CPU-bound C program of the sonde cc benchmark. Branchy code
   of the usual kinds: a quicksort, an open-addressing hash table, a small
   bytecode interpreter with a switch, a sieve and a byte-wise checksum.
   The first argument scales the work; the output is a checksum that every
   build must print identically. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng = 88172645463325252ull;

static unsigned long long next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void quicksort(int *a, int lo, int hi)
{
	while (lo < hi) {
		int p = a[(lo + hi) / 2], i = lo, j = hi;
		while (i <= j) {
			while (a[i] < p)
				i++;
			while (a[j] > p)
				j--;
			if (i <= j) {
				int t = a[i];
				a[i++] = a[j];
				a[j--] = t;
			}
		}
		if (j - lo < hi - i) {
			quicksort(a, lo, j);
			lo = i;
		} else {
			quicksort(a, i, hi);
			hi = j;
		}
	}
}

#define HBITS 16
static unsigned keys[1 << HBITS], vals[1 << HBITS];

static void hput(unsigned k, unsigned v)
{
	unsigned h = (k * 2654435761u) >> (32 - HBITS);
	while (keys[h] != 0 && keys[h] != k)
		h = (h + 1) & ((1 << HBITS) - 1);
	keys[h] = k;
	vals[h] += v;
}

static long interp(const unsigned char *code, int n, long x)
{
	long acc = x, r = 0;
	for (int pc = 0; pc < n; pc++) {
		switch (code[pc] % 8) {
		case 0: acc += 3; break;
		case 1: acc ^= acc >> 3; break;
		case 2: acc *= 5; break;
		case 3: r += acc & 255; break;
		case 4: if (acc & 1) acc >>= 1; else acc += 7; break;
		case 5: acc -= r; break;
		case 6: r ^= acc; break;
		default: acc = (acc << 1) | (acc < 0); break;
		}
	}
	return acc + r;
}

static int sieve(char *s, int n)
{
	int count = 0;
	memset(s, 1, (size_t)n);
	for (int i = 2; i < n; i++) {
		if (!s[i])
			continue;
		count++;
		for (long j = (long)i * i; j < n; j += i)
			s[j] = 0;
	}
	return count;
}

static unsigned adler(const unsigned char *p, size_t n)
{
	unsigned a = 1, b = 0;
	for (size_t i = 0; i < n; i++) {
		a = (a + p[i]) % 65521;
		b = (b + a) % 65521;
	}
	return (b << 16) | a;
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 10;
	unsigned long long sum = 0;
	int n = 200000;
	int *a = malloc(sizeof *a * (size_t)n);
	char *s = malloc(2000000);
	unsigned char code[256];
	for (int i = 0; i < 256; i++)
		code[i] = (unsigned char)next();
	for (int round = 0; round < scale; round++) {
		for (int i = 0; i < n; i++)
			a[i] = (int)(next() % 1000000);
		quicksort(a, 0, n - 1);
		sum += (unsigned)a[n / 2];
		for (int i = 0; i < 100000; i++)
			hput((unsigned)(next() % 50000) + 1, (unsigned)i);
		for (int i = 0; i < 2000; i++)
			sum += (unsigned long long)interp(code, 256, i);
		sum += (unsigned)sieve(s, 2000000);
		sum += adler((const unsigned char *)a, sizeof *a * (size_t)n);
	}
	for (int i = 0; i < (1 << HBITS); i++)
		sum += vals[i] ^ keys[i];
	printf("%llu\n", sum);
	return 0;
}
