/* dlopen.c: loads the library argv[1] after it has started (dlopen) and
   spends its time in that library's spin(argv[2]). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	void *h = dlopen(argv[1], RTLD_NOW);
	if (!h) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	unsigned long (*spin)(unsigned long) = (unsigned long (*)(unsigned long))dlsym(h, "spin");
	if (!spin)
		return 1;
	spin(strtoul(argv[2], 0, 10));
	return 0;
}
