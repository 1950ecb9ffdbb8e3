/* stackpattern: a stack of known content for the perf ring reader's
 * tests. main fills an array on its stack whose every word is its own
 * address xor KEY, says "ready" on stdout, and spins in a leaf that
 * touches no memory until killed: every user stack copy of a sample taken
 * after "ready" holds the whole array, each word checkable alone. */
#include <stdint.h>
#include <stdio.h>

#define KEY 0x5a5aa5a5c3c33c3cULL
#define WORDS 128

__attribute__((noinline)) static void spin(void) {
	for (;;)
		__asm__ volatile("");
}

int main(void) {
	volatile uint64_t a[WORDS];
	for (int i = 0; i < WORDS; i++)
		a[i] = (uint64_t)(uintptr_t)&a[i] ^ KEY;
	puts("ready");
	fflush(stdout);
	spin();
	return (int)a[0];
}
