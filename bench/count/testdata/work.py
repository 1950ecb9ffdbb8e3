# work.py: a short CPU-bound script for bench/count: recursion, loops,
# dicts, strings and sorting; about 0.3 s unprofiled.
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def words(n):
    d = {}
    for i in range(n):
        w = "w%d" % (i % 97)
        d[w] = d.get(w, 0) + 1
    return sorted(d.items())


total = 0
for _ in range(3):
    total += fib(20)
    total += len(words(50000))
print(total)
