#include <stdio.h>
#include "util.h"

int main(void)
{
	int v[50];
	for (int i = 0; i < 50; i++)
		v[i] = clamp(i * 7 - 100, 0, 200);
	printf("%ld\n", mean(v, 50));
	return 0;
}
