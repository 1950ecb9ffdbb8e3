/* optout: built with gcc -O2 -g, spin's parameter n is dead after it is
   printed, and the calls clobber the register it came in (rdi), so
   DWARF's location list for n ends there: gdb says "<optimized out>" for n
   in the loop. The caller passes random()'s result, which no call-site
   parameter of DWARF can recover. It prints n first, so a test knows the
   one value that gdb may show instead (at spin's entry). */
#include <stdio.h>
#include <stdlib.h>

volatile long sink;

__attribute__((noinline)) void bump(long k) { sink += k; }

__attribute__((noinline)) void spin(long n) {
	printf("n=%ld\n", n);
	fflush(stdout);
	for (;;)
		bump(1);
}

int main(int argc, char **argv) {
	srandom(argc > 1 ? atol(argv[1]) : 1);
	spin(random());
	return 0;
}
