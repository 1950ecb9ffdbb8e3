/* static1.c, with static2.c: two static functions named helper, one in
   each file.  By hand: helper of static1.c runs 3 times, helper of
   static2.c 5 times (from two). */
__attribute__((noinline)) static int helper(int x) { return x * 3 + 1; }

int two(int n);

int main(void)
{
	int s = 0;
	for (int i = 0; i < 3; i++)
		s += helper(i);
	return (s + two(5)) == 0;
}
