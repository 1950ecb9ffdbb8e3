/* Fixture for dwarfvar's tests: parameters, locals, lexical blocks, globals,
   structs, arrays, enums and bitfields, evaluated at gdb breakpoints (on the
   lines marked BP and in probe) and compared with gdb's print. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

enum color { RED, GREEN = 5, BLUE };

struct hdr {
	int size;
	unsigned flags : 3;
	unsigned kind : 5;
	signed char tag;
};

struct req {
	struct hdr hdr;
	long size;
	int vals[4];
	double w;
	enum color c;
	struct req *next;
	union {
		int ival;
		unsigned char bytes[4];
	};
};

typedef struct req req_t;

int table[8] = {10, 11, 12, 13, 14, 15, 16, 17};
static long counter = 42;
int grid[3][4] = {{0, 1, 2, 3}, {10, 11, 12, 13}, {20, 21, 22, 23}};
volatile int sink;

/* probe is where gdb stops to look at its callers' frames. */
__attribute__((noinline)) void probe(long x)
{
	sink += (int)x;
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) int scalars(int i, long l, unsigned u, char ch, double d, bool b, enum color c)
{
	int local = i * 2;
	unsigned char uc = (unsigned char)(200 + i);
	float f = (float)d / 3;
	probe(local + uc); /* BP scalars */
	{
		int inner = local + (int)l;
		probe(inner);
		{
			long inner2 = inner * 3 + (long)u;
			probe(inner2); /* BP inner2 */
		}
	}
	return local + uc + (int)f + ch + b + c;
}

__attribute__((noinline)) long worker(req_t *req, int n)
{
	long sum = 0;
	for (int k = 0; k < n; k++) {
		int idx = (k + req->hdr.size) & 7;
		sum += table[idx] + req->vals[k & 3] + grid[k % 3][idx & 3];
		probe(sum); /* BP worker */
	}
	counter += sum;
	return sum + req->size;
}

/* chain builds a deep stack whose frames keep values in callee-saved
   registers, for the unwinder's register recovery. */
__attribute__((noinline)) long chain(long depth, long acc)
{
	long keep = acc * 7 + depth;
	if (depth == 0) {
		probe(keep);
		return keep;
	}
	long r = chain(depth - 1, keep);
	return r + keep;
}

/* hook calls probe where the compiler cannot see which registers the
   callee clobbers (gcc's -fipa-ra would otherwise keep values in
   caller-saved registers across the call). */
void (*volatile hook)(long) = probe;

/* spill keeps more values alive across calls than there are callee-saved
   registers: at -O2 its parameter n arrives in rdi, then lives in a
   callee-saved register or on the stack (a location list). */
__attribute__((noinline)) long spill(long n, long m)
{
	long a = n * 3, b = n ^ m, c = n + 7, d = m * 5, e = n - m, g = n * m, h = n | 1, k = m & 6;
	hook(a);
	hook(b + c);
	long s = a + b + c + d + e + g + h + k + n;
	hook(s); /* BP spill */
	return s + a * b + c * d + e * g + h * k + n;
}

/* bypair takes a struct in two registers: at -O2 its location is a list
   of pieces (DW_OP_regN DW_OP_piece). */
struct pair {
	long a;
	int b;
	short c;
};

__attribute__((noinline)) long bypair(struct pair p, int k)
{
	long r = p.a * k + p.b - p.c; /* BP bypair */
	hook(r);
	return r + p.b;
}

/* renamed's symbol is not its name: dwarfvar finds it by a scan of the
   units' DW_AT_name. */
long renamed(long x) __asm__("renamed_sym");
__attribute__((noinline)) long renamed(long x)
{
	hook(x);
	return x + 1;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 2;
	struct req r[2] = {
		{{5, 3, 17, -7}, 1000, {1, 2, 3, 4}, 2.5, GREEN, NULL, {0x01020304}},
		{{6, 5, 30, 'a'}, 2000, {5, 6, 7, 8}, 0.1, BLUE, NULL, {-1}},
	};
	r[0].next = &r[1];
	long total = 0;
	for (int j = 0; j < rounds; j++) {
		total += scalars(j + 3, -40L * (j + 1), 3000000000u + j, (char)('a' + j), 1.25 * (j + 1), j & 1, j ? BLUE : GREEN);
		total += worker(&r[j & 1], 3 + j);
	}
	total += chain(6, 1);
	total += spill(total & 0xff, rounds);
	struct pair pr = {total, rounds + 40, -3};
	total += bypair(pr, 2);
	total += renamed(total);
	printf("%ld\n", total);
	return 0;
}
