/* lib.c: built as a shared library with -fPIC -shared. */
int twice(int x) { return x > 100 ? x : 2 * x; }
