// throw.cc: exceptions thrown through several frames (one of them with a
// destructor to run, so a cleanup landing pad), caught in catcher, which
// then works in its catch block: with the landing pads resetting
// "current" (and the reset after __cxa_begin_catch), that time is
// catcher's, not that of level3 where the throw left it.  The time of
// the throw itself (allocating the exception, the unwinder's search and
// cleanup) is level3's and level2's: it runs before catcher's landing pad.
// Usage: throw N.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#define NOINLINE __attribute__((noinline))

static volatile long sink;

struct Guard {
	NOINLINE ~Guard() { sink = sink + 1; }
};

NOINLINE int level3(int i)
{
	if (i % 3 == 0)
		throw std::runtime_error("multiple of three");
	return i;
}

NOINLINE int level2(int i)
{
	Guard g;
	return level3(i) + 1;
}

NOINLINE int level1(int i) { return level2(i) * 2; }

NOINLINE long catcher(int i)
{
	try {
		return level1(i);
	} catch (const std::exception &) {
		long s = 0;
		for (long k = 0; k < 2000000; k++)
			s += k ^ sink;
		return s;
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 30;
	long s = 0;
	for (int i = 0; i < n; i++)
		s += catcher(i);
	printf("%ld\n", s);
	return 0;
}
