/* blocked: main waits in read(2) on standard input, and prints what it
   read, or the error read returned. A sample that interrupts the read
   must not show the program an EINTR: gdb does not pass the SIGINT it stops
   the program with, and the kernel restarts the call. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
	char buf[64];
	ssize_t n = read(0, buf, sizeof buf);
	if (n < 0) {
		printf("read: %s\n", strerror(errno));
		return 1;
	}
	printf("read %zd bytes: %.*s", n, (int)n, buf);
	return 0;
}
