// overloads.cc: seven overloads of ToStr, a function template with three
// instances, and a static helper named as one in static1.c, for the attrib
// mode's one row per overload and instance. By hand (no argument):
//   ToStr(int, char*, int)          1 call a round
//   ToStr(long, char*, int)         2
//   ToStr(unsigned int, char*, int) 3
//   ToStr(double, char*, int)       4
//   ToStr(char, char*, int)         5
//   ToStr(bool, char*, int)         6
//   ToStr(char const*, char*, int)  7
//   int Twice<int>(int)             8
//   long Twice<long>(long)          9
//   double Twice<double>(double)    10
//   helper(int) of this file         12
//   helper(int) of overloads2.cc     13 (from Other, 1)
// for 100 rounds; main 1.
#include <cstdio>

__attribute__((noinline)) int ToStr(int v, char *buf, int n) { return std::snprintf(buf, n, "%d", v); }
__attribute__((noinline)) int ToStr(long v, char *buf, int n) { return std::snprintf(buf, n, "%ld", v); }
__attribute__((noinline)) int ToStr(unsigned v, char *buf, int n) { return std::snprintf(buf, n, "%u", v); }
__attribute__((noinline)) int ToStr(double v, char *buf, int n) { return std::snprintf(buf, n, "%g", v); }
__attribute__((noinline)) int ToStr(char v, char *buf, int n) { return std::snprintf(buf, n, "%c", v); }
__attribute__((noinline)) int ToStr(bool v, char *buf, int n) { return std::snprintf(buf, n, "%s", v ? "true" : "false"); }
__attribute__((noinline)) int ToStr(const char *v, char *buf, int n) { return std::snprintf(buf, n, "%s", v); }

static __attribute__((noinline)) int helper(int x) { return x * 3 + 1; }
int Other(int rounds);

template <typename T> __attribute__((noinline)) T Twice(T x) { return x + x; }

int main()
{
	char buf[64];
	long s = 0;
	for (int r = 0; r < 100; r++) {
		for (int i = 0; i < 1; i++) s += ToStr(r, buf, sizeof buf);
		for (int i = 0; i < 2; i++) s += ToStr((long)r, buf, sizeof buf);
		for (int i = 0; i < 3; i++) s += ToStr((unsigned)r, buf, sizeof buf);
		for (int i = 0; i < 4; i++) s += ToStr(r * 0.5, buf, sizeof buf);
		for (int i = 0; i < 5; i++) s += ToStr((char)('a' + i), buf, sizeof buf);
		for (int i = 0; i < 6; i++) s += ToStr(i % 2 == 0, buf, sizeof buf);
		for (int i = 0; i < 7; i++) s += ToStr("x", buf, sizeof buf);
		for (int i = 0; i < 8; i++) s += Twice(i);
		for (int i = 0; i < 9; i++) s += Twice((long)i);
		for (int i = 0; i < 10; i++) s += (long)Twice(i * 1.5);
		for (int i = 0; i < 12; i++) s += helper(i);
		s += Other(13);
	}
	return s == 0;
}
