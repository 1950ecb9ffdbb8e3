/* shimmain.c: linked with libcounted.so (libcounted.c), which it finds
   through its RUNPATH ($ORIGIN/../lib); calls lib_counted() 50 times. */
void lib_counted(long i);

int main(void)
{
	long i;

	for (i = 0; i < 50; i++)
		lib_counted(i);
	return 0;
}
