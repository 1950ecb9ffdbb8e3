/* req.c: a server loop whose hot function takes a struct pointer with a
   size field drawn from a known distribution, for record --expr
   'req@handle@req->size' and report --expr hist. handle() works in
   proportion to req->size, so the share of CPU time (and of samples) that
   a size gets is count(size)·size / sum of count·size: the time-weighted
   distribution. The sizes come from a fixed xorshift generator; the
   program appends the counts it really drew ("size count" lines) to
   argv[2], so that the test's truth is the program's own, not sonde's
   (appended: a test runs it until it has the samples it needs, and sums).
   Usage: req [REQUESTS [COUNTS-FILE]] */
#include <stdio.h>
#include <stdlib.h>

struct req {
	long id;
	unsigned size;
	const char *name;
};

volatile unsigned long sink;

__attribute__((noinline)) void handle(struct req *req)
{
	unsigned long n = (unsigned long)req->size * 1000;
	for (unsigned long i = 0; i < n; i++)
		sink += i;
}

int main(int argc, char **argv)
{
	static const unsigned sizes[] = {16, 32, 64, 128};
	static const int percent[] = {40, 30, 20, 10};
	long count[4] = {0};
	long n = argc > 1 ? atol(argv[1]) : 20000;
	unsigned long x = 88172645463325252UL;
	struct req r = {0, 0, "req"};
	for (long k = 0; k < n; k++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		int u = (int)(x % 100), j = 0, acc = percent[0];
		while (u >= acc)
			acc += percent[++j];
		r.id = k;
		r.size = sizes[j];
		count[j]++;
		handle(&r);
	}
	if (argc > 2) {
		FILE *f = fopen(argv[2], "a");
		if (f == NULL)
			return 1;
		for (int j = 0; j < 4; j++)
			fprintf(f, "%u %ld\n", sizes[j], count[j]);
		fclose(f);
	}
	return 0;
}
