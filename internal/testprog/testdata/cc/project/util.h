int clamp(int v, int lo, int hi);
long mean(const int *v, int n);
