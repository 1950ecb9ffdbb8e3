/* shell.c: examples/src/shell.c with MAX settable by -DMAX (100 by
   default, the paper's listing). The example of Bishop's "Profiling under
   UNIX by patching" (Software—Practice and Experience, 1987): fill an array with random
   numbers and sort it with a Shell sort. The paper's listing shows the
   counts of each line beside its text. */
#include <stdlib.h>

#ifndef MAX
#define MAX 100
#endif

void shell(int *v, int n);

int main(void)
{
	int i;
	int list[MAX];

	srand(1);
	for (i = 0; i < MAX; i++)
		list[i] = rand();

	shell(list, MAX);
	for (i = 1; i < MAX; i++)
		if (list[i - 1] > list[i])
			return 1;
	return 0;
}

void shell(int *v, int n)
{
	int i, j, gap, temp;

	for (gap = n / 2; gap > 0; gap /= 2)
		for (i = gap; i < n; i++)
			for (j = i - gap; j >= 0 && v[j] > v[j + gap]; j -= gap) {
				temp = v[j];
				v[j] = v[j + gap];
				v[j + gap] = temp;
			}
}
