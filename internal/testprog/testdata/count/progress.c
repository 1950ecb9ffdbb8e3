/* progress.c: prints its pid, then calls counted() in batches of 1000 and prints how many
   calls it has made after each batch (flushed), with a short sleep
   between batches, until killed (or argv[1] batches). A test kills the
   sonde counting it and checks the data file's count of counted()
   against the progress printed. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

volatile long sink;

__attribute__((noinline)) void counted(long i)
{
	sink += i;
}

int main(int argc, char **argv)
{
	long batches = argc > 1 ? atol(argv[1]) : -1, n = 0, b, i;

	printf("pid %d\n", (int)getpid());

	for (b = 0; batches < 0 || b < batches; b++) {
		struct timespec d = {0, 1000000};

		for (i = 0; i < 1000; i++)
			counted(n++);
		printf("%ld\n", n);
		fflush(stdout);
		nanosleep(&d, NULL);
	}
	return 0;
}
