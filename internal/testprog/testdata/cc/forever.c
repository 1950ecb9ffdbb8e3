/* forever.c: a server that never exits. It handles a request (one turn
   of the loop) whenever a byte arrives on standard input and reports each
   turn on standard output, so a test knows how many turns ran. */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	char c;
	long turns = 0;
	for (;;) {
		if (read(0, &c, 1) != 1) {
			sleep(1000);
			continue;
		}
		turns++;
		printf("%ld\n", turns);
		fflush(stdout);
	}
}
