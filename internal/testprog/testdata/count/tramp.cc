// tramp.cc: C++ exceptions thrown through counted frames: the unwinder
// walks return addresses and jumps to landing pads in the middle of
// functions, so no trampoline address may be on the stack and no landing
// pad inside a displaced window. Every third call of thrower() throws
// through middle() and outer(), whose destructors run on the way.
#include <cstdio>
#include <stdexcept>

struct Guard {
	int *p;
	explicit Guard(int *q) : p(q) {}
	~Guard() { ++*p; }
};

__attribute__((noinline)) int thrower(int i)
{
	if (i % 3 == 0)
		throw std::runtime_error("third");
	return i;
}

__attribute__((noinline)) int middle(int i, int *d)
{
	Guard g(d);
	return thrower(i) + 1;
}

__attribute__((noinline)) int outer(int i, int *d)
{
	Guard g(d);
	try {
		return middle(i, d);
	} catch (const std::logic_error &) {
		return -1;
	}
}

int main()
{
	int d = 0, caught = 0;
	long s = 0;
	for (int i = 0; i < 300; i++) {
		try {
			s += outer(i, &d);
		} catch (const std::runtime_error &) {
			caught++;
		}
	}
	std::printf("tramp++ %ld %d %d\n", s, caught, d);
	return 0;
}
