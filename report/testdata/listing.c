/* listing.c: source for the --lines golden test */
int max(int *v, int n)
{
	int i, j;
	j = 0;
	for (i = 1; i < n; i++)
		if (v[i] > v[j])
			j = i;
	return j;
}
