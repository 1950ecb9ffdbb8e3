/* linedir.c: a #line naming another file makes clang 14 mix .file
   directives with and without MD5 sums, which its assembler warns about. */
int f(int x) { return x + 1; }
#line 1 "other.c"
int main(void) { return f(1) - 2; }
