#include "util.h"

long mean(const int *v, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return n ? s / n : 0;
}
