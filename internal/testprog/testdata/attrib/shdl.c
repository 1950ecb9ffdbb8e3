/* shdl.c: loads the library shlib.c with dlopen(argv[1], RTLD_NOW |
   RTLD_LOCAL), calls count(100) 5 times and burn(1) twice through dlsym,
   then unloads it with dlclose before exiting.  By hand: main 1, count 5,
   step 500, burn 2.  With a second argument it first raises SIGUSR2 (run
   it with SONDE_SIGNAL=USR2: the runtime writes before the library comes
   in). */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	if (argc > 2)
		raise(SIGUSR2);
	void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	unsigned long (*burn)(int) = (unsigned long (*)(int))dlsym(h, "burn");
	unsigned long (*count)(int) = (unsigned long (*)(int))dlsym(h, "count");
	if (!burn || !count)
		return 1;
	unsigned long s = 0;
	for (int i = 0; i < 5; i++)
		s += count(100);
	for (int i = 0; i < 2; i++)
		s += burn(1);
	dlclose(h);
	printf("%lu\n", s);
	return 0;
}
