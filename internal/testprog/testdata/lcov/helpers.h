/* helpers.h: small helpers that gcc -O2 inlines into coldpath.c's
   functions, so that code of this file comes first in them. */
static inline int bad(int x)
{
	return x < 0 || x > 1000000;
}

static inline long mix(long s, int x)
{
	return s * 31 + (x ^ (x >> 3));
}
