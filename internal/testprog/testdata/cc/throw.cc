// throw.cc: C++ exceptions thrown through several frames, caught, rethrown;
// destructors run during unwinding.
#include <cstdio>
#include <stdexcept>
#include <string>

static int destroyed;

struct Guard {
	int n;
	explicit Guard(int n) : n(n) {}
	~Guard() { destroyed += n; }
};

static int level3(int i)
{
	Guard g(3);
	if (i % 3 == 0)
		throw std::runtime_error("level3 " + std::to_string(i));
	return i;
}

static int level2(int i)
{
	Guard g(2);
	return level3(i) * 2;
}

static int level1(int i)
{
	Guard g(1);
	try {
		return level2(i) + 1;
	} catch (const std::runtime_error &e) {
		if (i % 2 == 0)
			throw;
		return -1;
	}
}

int main()
{
	int sum = 0, caught = 0;
	for (int i = 0; i < 30; i++) {
		try {
			sum += level1(i);
		} catch (const std::exception &e) {
			caught++;
		}
	}
	std::printf("%d %d %d\n", sum, caught, destroyed);
	return caught;
}
