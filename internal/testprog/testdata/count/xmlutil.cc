// xmlutil.cc: C++ names for --only func: specs, shaped like tinyxml2's
// (tinyxml2::XMLUtil::ToStr is _ZN8tinyxml27XMLUtil5ToStrEiPci):
// ToStr(int) runs 40 times, ToStr(double) 2 times, Parse 7 times.
#include <cstdio>

namespace tinyxml2 {
class XMLUtil {
public:
	__attribute__((noinline)) static void ToStr(int v, char *buf, int size) { std::snprintf(buf, size, "%d", v); }
	__attribute__((noinline)) static void ToStr(double v, char *buf, int size) { std::snprintf(buf, size, "%g", v); }
	__attribute__((noinline)) static int Parse(const char *s);
};

int XMLUtil::Parse(const char *s)
{
	int n = 0;
	while (*s)
		n = n * 10 + (*s++ - '0');
	return n;
}
} // namespace tinyxml2

int main()
{
	char buf[32];
	long sum = 0;
	for (int i = 0; i < 40; i++) {
		tinyxml2::XMLUtil::ToStr(i, buf, sizeof buf);
		if (i % 6 == 0)
			sum += tinyxml2::XMLUtil::Parse(buf);
	}
	tinyxml2::XMLUtil::ToStr(1.5, buf, sizeof buf);
	tinyxml2::XMLUtil::ToStr(2.5, buf, sizeof buf);
	std::printf("%ld %s\n", sum, buf);
	return 0;
}
