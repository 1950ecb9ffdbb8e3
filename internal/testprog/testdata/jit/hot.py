# hot.py BUDGET_S OUT: calls hot_loop until it has used BUDGET_S seconds of
# the thread's CPU time, then writes to OUT the CPU time spent in hot_loop
# (the thread's clock around its calls) and the process's CPU time.
import sys
import time


def hot_loop(n):
    s = 0
    for i in range(n):
        s = (s * 31 + i) % 1000003
    return s


budget, used = float(sys.argv[1]), 0.0
while used < budget:
    t0 = time.thread_time()
    hot_loop(20000)
    used += time.thread_time() - t0
with open(sys.argv[2], "w") as f:
    f.write("%.4f %.4f\n" % (used, time.process_time()))
