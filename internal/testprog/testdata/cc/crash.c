/* crash.c: runs a loop a known number of times (argv[1]), then dies of
   SIGSEGV (or of SIGABRT with a second argument). */
#include <stdio.h>
#include <stdlib.h>

volatile int sink;
int *volatile nowhere; /* a null pointer the compiler cannot see through */

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10;
	for (int i = 0; i < n; i++)
		sink += i;
	fflush(stdout);
	if (argc > 2)
		abort();
	*nowhere = 1;
	return 0;
}
