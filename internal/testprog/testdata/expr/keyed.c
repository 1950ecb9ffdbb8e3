/* keyed: spin(key, req) burns CPU with its arguments fixed for the whole
 * call, so every sample taken in spin reads the same key and req->size:
 * the values main was given (argv[1], argv[2]), which gdb prints at
 * spin's entry. Used to check sonde record --expr on a program whose
 * debug information is in a separate file. */
#include <stdlib.h>

struct req {
	int size;
	long key;
};

long total;

__attribute__((noinline)) long spin(long key, struct req *req)
{
	long s = 0;
	for (long i = 0; i < 20000000; i++)
		s += (i ^ key) + req->size;
	return s;
}

int main(int argc, char **argv)
{
	struct req r = {.size = argc > 1 ? atoi(argv[1]) : 48};
	long key = argc > 2 ? atol(argv[2]) : 1234567;
	r.key = key;
	total = spin(key, &r);
	return total == 42;
}
