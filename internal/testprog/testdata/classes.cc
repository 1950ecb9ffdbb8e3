// Fixture for C++ symbolization: namespaces, templates, methods, lambdas and
// exceptions, so that demangled names and inline frames are exercised.
#include <cstdio>
#include <stdexcept>
#include <vector>

namespace geo {
template <typename T> struct Vec {
	T x, y;
	T dot(const Vec &o) const { return x * o.x + y * o.y; }
};

class Shape {
public:
	virtual ~Shape() {}
	virtual double area() const = 0;
};

class Rect : public Shape {
	double w, h;
public:
	Rect(double w, double h) : w(w), h(h) {}
	double area() const override { return w * h; }
};
} // namespace geo

static double total(const std::vector<geo::Shape *> &shapes)
{
	double t = 0;
	for (auto *s : shapes)
		t += s->area();
	return t;
}

int checked(int v)
{
	if (v < 0)
		throw std::runtime_error("negative");
	return v * 2;
}

int main(int argc, char **)
{
	geo::Vec<int> a{1, 2}, b{3, 4};
	std::vector<geo::Shape *> shapes;
	for (int i = 0; i < 10; i++)
		shapes.push_back(new geo::Rect(i, argc));
	auto scale = [&](double f) { return total(shapes) * f; };
	int r = a.dot(b);
	try {
		r += checked(argc - 5);
	} catch (const std::exception &e) {
		r += 1;
	}
	std::printf("%d %f\n", r, scale(2.0));
	for (auto *s : shapes)
		delete s;
	return 0;
}
