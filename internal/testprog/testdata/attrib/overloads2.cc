// overloads2.cc, with overloads.cc: a static helper(int) of the same
// mangled name (_ZL6helperi) as overloads.cc's, called n times by Other.
static __attribute__((noinline)) int helper(int x) { return x * 5 + 2; }

__attribute__((noinline)) int Other(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += helper(i);
	return s;
}
