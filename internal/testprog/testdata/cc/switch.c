/* switch.c: a switch dense enough to become a jump table, and a computed
   goto (labels as values), both of which refer to code labels from data. */
#include <stdio.h>

static int classify(int c)
{
	switch (c % 11) {
	case 0: return 7;
	case 1: return 3;
	case 2: return c * 2;
	case 3: return c - 5;
	case 4: return 11;
	case 5: return c ^ 0x55;
	case 6: return c + 1;
	case 7: return 2 * c + 1;
	case 8: return c / 3;
	case 9: return -c;
	default: return 0;
	}
}

static long interp(const unsigned char *code, int n)
{
	static void *ops[] = {&&op_add, &&op_sub, &&op_dbl, &&op_end};
	long acc = 0;
	int pc = 0;
#define NEXT goto *ops[code[pc++] & 3]
	NEXT;
op_add:
	acc += 3;
	if (pc >= n) return acc;
	NEXT;
op_sub:
	acc -= 1;
	if (pc >= n) return acc;
	NEXT;
op_dbl:
	acc *= 2;
	if (pc >= n) return acc;
	NEXT;
op_end:
	return acc;
}

int main(void)
{
	long sum = 0;
	unsigned char code[64];
	for (int i = 0; i < 1000; i++)
		sum += classify(i);
	for (int i = 0; i < 64; i++)
		code[i] = (unsigned char)(i * 7 % 5 == 4 ? 0 : i * 7 % 5);
	code[63] = 3;
	for (int r = 0; r < 50; r++)
		sum += interp(code, 64);
	printf("%ld\n", sum);
	return (int)(sum % 7);
}
