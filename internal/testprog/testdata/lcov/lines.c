/* lines.c: lines whose code is several blocks, for the one count of a
   line. By hand, for argument n (default 1000): the while condition is
   tested 27 times a call (26 characters and the end), 27n in all; the for
   header n+1 times; the ?: line n times; count_chars is called n times. */
#include <stdlib.h>

static int count_chars(const char *p)
{
	int n = 0;
	while (*p) {
		n++;
		p++;
	}
	return n;
}

int main(int argc, char **argv)
{
	const char *text = "several blocks on one line";
	int reps = argc > 1 ? atoi(argv[1]) : 1000;
	long total = 0;
	for (int i = 0; i < reps; i++) {
		int len = count_chars(text);
		total += i % 3 == 0 ? len : -len;
	}
	return total == 12345;
}
