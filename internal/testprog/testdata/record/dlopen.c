/* dlopen.c: loads the library argv[1] after it has started (dlopen) and
   spends its time in that library's spin(argv[2]); argv[2] "Nms" calls
   spin(1000000) until the process has used N ms of CPU time, so that a
   test's samples do not depend on the machine's speed. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
	char *end;
	unsigned long n = strtoul(argv[2], &end, 10);
	if (strcmp(end, "ms") != 0) {
		spin(n);
		return 0;
	}
	for (;;) {
		struct timespec ts;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
		if (ts.tv_sec * 1000LL + ts.tv_nsec / 1000000 >= (long long)n)
			break;
		spin(1000000);
	}
	return 0;
}
