// C++ fixture for dwarfvar's tests: methods (this, members), references,
// base classes, scoped enums, static members, namespaces.
#include <cstdio>

enum class Mode : short { Off, On = 3 };

struct Base {
	int id;
};

struct Point : Base {
	double x, y;
	Mode mode;
};

class Shape {
public:
	explicit Shape(int n) : sides(n)
	{
		origin.id = 7;
		origin.x = 1.5;
		origin.y = -2.5;
		origin.mode = Mode::On;
	}
	long area(const Point &p, int scale);
	int sides;
	Point origin;
	static int count;
};

int Shape::count = 3;
volatile long sink;

extern "C" __attribute__((noinline)) void probe(long x)
{
	sink += x;
}

__attribute__((noinline)) long Shape::area(const Point &p, int scale)
{
	long a = (long)(p.x * scale) + sides + origin.id;
	probe(a); /* BP area */
	return a + p.id + count;
}

namespace ns {
__attribute__((noinline)) int twice(int &r, Point *q)
{
	probe(r + q->id); /* BP twice */
	return r * 2;
}
} // namespace ns

int main()
{
	Shape s(4);
	Point p;
	p.id = 9;
	p.x = 2.0;
	p.y = 3.0;
	p.mode = Mode::Off;
	long t = s.area(p, 3);
	int v = 5;
	t += ns::twice(v, &p);
	std::printf("%ld\n", t);
	return 0;
}
