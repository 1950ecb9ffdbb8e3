/* libcounted.c: a shared library that dlopen.c loads after it started. */
volatile long lib_sink;

__attribute__((noinline)) void lib_counted(long i)
{
	lib_sink += i;
}
