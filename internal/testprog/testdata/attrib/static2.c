/* static2.c: the second static helper (see static1.c). */
__attribute__((noinline)) static int helper(int x) { return x * 5 + 2; }

int two(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += helper(i);
	return s;
}
