/* spin.c: the library that dlopen.c loads after it starts; all the time
   of the program is spent in spin(). */
__attribute__((noinline)) unsigned long spin(unsigned long n)
{
	volatile unsigned long k = 0;
	while (n--)
		k++; /* hot */
	return k;
}
