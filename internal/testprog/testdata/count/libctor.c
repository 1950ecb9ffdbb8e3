/* libctor.c: a shared library with a constructor and a destructor, which
   the dynamic loader runs before the program's entry point and after main
   returns; ctormain.c links it. */
volatile long ctor_sink;

__attribute__((constructor)) static void lib_init(void)
{
	ctor_sink += 3;
}

__attribute__((destructor)) static void lib_fini(void)
{
	ctor_sink -= 1;
}

__attribute__((noinline)) long lib_work(long i)
{
	return ctor_sink + i;
}
