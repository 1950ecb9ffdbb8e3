/* max.c: the example of Weinberger's "Cheap dynamic instruction counting"
   (Bell Labs Technical Journal, 1984, section VIII): find the location of
   the maximum of 100,000 random integers. Guess how often a new maximum is
   found before reading the counts (about ln 100000, a dozen times).
   The seed is fixed (the paper used getpid()) so runs are repeatable; pass
   a seed as the first argument to vary it. */
#include <stdlib.h>

#define N 100000
int x[N];

int max(int *v, int n);

int main(int argc, char **argv)
{
	int i;
	srand(argc > 1 ? (unsigned)atoi(argv[1]) : 1);
	for (i = 0; i < N; i++)
		x[i] = rand();
	return max(x, N) < 0;
}

int max(int *v, int n)
{
	int i, j;
	j = 0;
	for (i = 1; i < n; i++)
		if (v[i] > v[j])
			j = i;
	return j;
}
