/* tree.c: a call-heavy program for bench/attrib whose calls the optimizer
   cannot delete or turn into loops: a recursive walk of a binary tree
   (two recursive calls whose results are combined by a non-associative
   mix, so no accumulator tail recursion) that calls a small non-inlined
   helper on every node (its result is used and depends on memory) and an
   inlined one.  It separates the cost of the attrib statements themselves
   from the optimizations they prevent, which fib.c mixes.  Usage: tree
   DEPTH ROUNDS. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *l, *r;
	unsigned long v;
};

static struct node *build(int depth, unsigned long *seed)
{
	struct node *n = malloc(sizeof *n);
	*seed = *seed * 6364136223846793005ul + 1442695040888963407ul;
	n->v = *seed >> 33;
	n->l = depth > 0 ? build(depth - 1, seed) : NULL;
	n->r = depth > 0 ? build(depth - 1, seed) : NULL;
	return n;
}

static unsigned long mix(unsigned long a, unsigned long b) { return (a ^ (b << 7)) * 31 + (b >> 3); }

__attribute__((noinline)) unsigned long weight(const struct node *n) { return n->v & 1023; }

unsigned long walk(const struct node *n)
{
	if (!n)
		return 1;
	unsigned long a = walk(n->l);
	unsigned long b = walk(n->r);
	return mix(a, b) + weight(n);
}

int main(int argc, char **argv)
{
	int depth = argc > 1 ? atoi(argv[1]) : 18;
	int rounds = argc > 2 ? atoi(argv[2]) : 10;
	unsigned long seed = 1, sum = 0;
	struct node *t = build(depth, &seed);
	for (int i = 0; i < rounds; i++) {
		t->v += (unsigned long)i; /* each round walks a changed tree: no hoisting */
		sum += walk(t);
	}
	printf("%lu\n", sum);
	return 0;
}
