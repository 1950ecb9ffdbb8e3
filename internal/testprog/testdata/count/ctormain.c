/* ctormain.c: linked against libctor.so, calls lib_work() 5 times; exits 0
   only if the library's constructor ran first. */
long lib_work(long);

int main(void)
{
	long s = 0;

	for (long i = 0; i < 5; i++)
		s += lib_work(i);
	return s == 25 ? 0 : 1;
}
