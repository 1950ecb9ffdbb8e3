# work.py: the CPython workload of bench/record: a pure-Python loop that
# prints its own elapsed wall time and CPU time in nanoseconds on stderr,
# "elapsed_ns N cpu_ns M".
import sys, time

def f(n):
    s = 0
    for i in range(n):
        s += i * i % 7
    return s

def main(rounds):
    t0, c0 = time.monotonic_ns(), time.process_time_ns()
    x = 0
    for _ in range(rounds):
        x += f(100000)
    print("elapsed_ns %d cpu_ns %d" % (time.monotonic_ns() - t0, time.process_time_ns() - c0), file=sys.stderr)

main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
