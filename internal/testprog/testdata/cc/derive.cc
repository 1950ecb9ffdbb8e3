// derive.cc: a C++ exception thrown from a callee through a loop, caught
// outside it, for the derivation of block counts (a call may leave its
// block through the unwinder instead of returning).
#include <cstdio>
#include <stdexcept>

static volatile int sink;

static void step(int i)
{
	if (i % 17 == 16)
		throw std::runtime_error("step");
	sink += i;
}

static int run(int n)
{
	int done = 0;
	try {
		for (int i = 0; i < n; i++) {
			step(i);
			done++;
		}
	} catch (const std::exception &) {
		done += 1000;
	}
	return done;
}

int main()
{
	long total = 0;
	for (int r = 0; r < 30; r++)
		total += run(r);
	std::printf("%ld\n", total);
	return 0;
}
