# split.py: a() runs one unit of work and b() two, eight times each round after round, until
# a and b together have used the CPU seconds given as argv[1] (the
# thread's CPU time, time.thread_time(), so a loaded machine only makes it
# run longer). A unit calls into json (json.dumps: Python code in json/ and
# its C encoder) and into a C loop (sum over a range, all in C). At the
# end it writes "A B" to argv[2]: the CPU seconds spent inside a() and
# inside b(), as it measured them: the truth sonde's shares are held to.
import json
import sys
import time

DOC = {"ints": list(range(300)), "names": ["n%d" % i for i in range(50)]}


def unit():
    json.dumps(DOC)
    return sum(range(30000))


def a():
    return unit()


def b():
    unit()
    return unit()


def main():
    budget = float(sys.argv[1])
    spent = {"a": 0.0, "b": 0.0}
    while spent["a"] + spent["b"] < budget:
        for name, f in (("a", a), ("b", b)):
            # Eight calls between two clock reads: thread_time() is a
            # system call, and the ptrace sampler's stops, which take
            # effect at returns to user mode, are drawn to the code after
            # system calls made thousands of times a second.
            t0 = time.thread_time()
            for _ in range(8):
                f()
            spent[name] += time.thread_time() - t0
    with open(sys.argv[2], "w") as out:
        out.write("%r %r\n" % (spent["a"], spent["b"]))


main()  # top
