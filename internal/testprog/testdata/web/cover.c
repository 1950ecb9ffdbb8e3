/* cover.c: lines that never run, for the coverage page. Run with no
   argument: main calls used(10); the i < 0 branch and never_called are
   never run, and neither is main's n < 0 branch. */
#include <stdlib.h>

static int never_called(int x)
{
	int y = x * 3;
	return y + 1;
}

int used(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++) {
		if (i < 0) {
			s -= never_called(i);
		}
		s += i;
	}
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10;
	if (n < 0) {
		return never_called(n);
	}
	return used(n) == 45 ? 0 : 1;
}
