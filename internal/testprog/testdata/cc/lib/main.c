/* lib/main.c: calls twice() (lib.c, a shared library) and addthree() (add.S, assembly) 300 times each. */
#include <stdio.h>
int twice(int);
int addthree(int);
int main(void) { int s = 0; for (int i = 0; i < 300; i++) s += twice(i) + addthree(i * 5); printf("%d\n", s); return 0; }
