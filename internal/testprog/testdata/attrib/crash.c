/* crash.c: calls step three times and then dies of SIGABRT; the attrib
   runtime must still write the counts (and say how the run ended). */
#include <stdlib.h>

__attribute__((noinline)) int step(int x) { return x * 3 + 1; }

int main(void)
{
	volatile int s = 0;
	for (int i = 0; i < 3; i++)
		s += step(i);
	abort();
}
