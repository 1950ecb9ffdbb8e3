/* shlib.c: a shared library for the attrib tests (built -shared -fPIC):
   burn(n) spins in a static helper, so its time is the library's; count
   calls the library's helper step n times.  Call counts for the driver
   programs shmain.c and shdl.c are in their comments. */
static volatile unsigned long sink;

__attribute__((noinline)) static unsigned long step(unsigned long x) { return x * 2862933555777941757ul + 3037000493ul; }

unsigned long burn(int n)
{
	unsigned long x = (unsigned long)n + 88172645463325252ul;
	for (long i = 0; i < 30000000L * n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	sink = x;
	return x;
}

unsigned long count(int n)
{
	unsigned long x = 1;
	for (int i = 0; i < n; i++)
		x = step(x);
	return x;
}
