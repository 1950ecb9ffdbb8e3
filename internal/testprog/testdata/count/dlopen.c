/* dlopen.c: loads the library argv[1] (libcounted.c) after it started and
   calls its lib_counted() 77 times. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	void (*fn)(long);
	void *h;
	long i;

	if (argc < 2)
		return 2;
	h = dlopen(argv[1], RTLD_NOW);
	if (!h) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	fn = (void (*)(long))dlsym(h, "lib_counted");
	if (!fn)
		return 1;
	for (i = 0; i < 77; i++)
		fn(i);
	return 0;
}
