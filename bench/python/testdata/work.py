# work.py: a benchmark-like CPython workload in the spirit of
# pyperformance (nbody's float arithmetic, a recursive fib, json round
# trips, a generator pipeline, string formatting), argv[1] rounds of it.
# It measures itself and writes "elapsed_ns cpu_ns" to stderr: its wall
# and process CPU time from the first round to the last, so no tool's
# start-up or teardown counts.
import json
import sys
import time


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def nbody(steps):
    bodies = [[0.0, 0.0, 0.0, 0.01, 0.02, 0.0, 1.0], [1.0, 0.0, 0.0, 0.0, 0.5, 0.1, 0.001],
              [0.0, 2.0, 0.1, -0.4, 0.0, 0.0, 0.002]]
    for _ in range(steps):
        for i, a in enumerate(bodies):
            for b in bodies[i + 1:]:
                dx, dy, dz = a[0] - b[0], a[1] - b[1], a[2] - b[2]
                d2 = dx * dx + dy * dy + dz * dz + 0.01
                mag = 0.01 / (d2 * d2 ** 0.5)
                a[3] -= dx * b[6] * mag
                b[3] += dx * a[6] * mag
        for p in bodies:
            p[0] += 0.01 * p[3]
            p[1] += 0.01 * p[4]
            p[2] += 0.01 * p[5]
    return bodies[0][0]


def pipeline(n):
    evens = (x for x in range(n) if x % 2 == 0)
    squares = (x * x for x in evens)
    return sum("%d:%s" % (i, s) != "" for i, s in enumerate(squares))


def jsons(n):
    doc = {"a": list(range(100)), "b": {"c": "d" * 20, "e": [1.5, 2.5]}}
    for _ in range(n):
        doc = json.loads(json.dumps(doc))
    return len(doc)


def main():
    rounds = int(sys.argv[1])
    t0, c0 = time.perf_counter_ns(), time.process_time_ns()
    for _ in range(rounds):
        fib(18)
        nbody(300)
        pipeline(5000)
        jsons(30)
    sys.stderr.write("%d %d\n" % (time.perf_counter_ns() - t0, time.process_time_ns() - c0))


main()
