/* server.c: a small server answering on a pipe. It prints "ready", then
   for each line N on stdin prints the checksum of work(N); "quit" (or end
   of input) makes it print "bye" and exit with status 7. Tests attach
   sonde count -p to it (built stripped, as distributions ship servers),
   kill sonde with SIGKILL mid-run, and check the server goes on answering
   and exits with its own status. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile long sink;

__attribute__((noinline)) long work(long n)
{
	long s = 0, i;

	for (i = 0; i < n; i++)
		s += i * i % 7;
	sink = s;
	return s;
}

__attribute__((noinline)) void handle(const char *line)
{
	printf("%ld\n", work(atol(line)));
	fflush(stdout);
}

int main(void)
{
	char buf[128];

	printf("ready\n");
	fflush(stdout);
	while (fgets(buf, sizeof buf, stdin)) {
		if (strncmp(buf, "quit", 4) == 0)
			break;
		handle(buf);
	}
	printf("bye\n");
	fflush(stdout);
	return 7;
}
