# work.py: a short CPU-bound script for bench/count: recursion, loops,
# dicts, strings and sorting; 0.06-0.08 s unprofiled on the 2-core
# machine. An argument repeats the work that many times (default 3).
import sys

def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def words(n):
    d = {}
    for i in range(n):
        w = "w%d" % (i % 97)
        d[w] = d.get(w, 0) + 1
    return sorted(d.items())


total = 0
for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 3):
    total += fib(20)
    total += len(words(50000))
print(total)
