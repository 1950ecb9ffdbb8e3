# threads.py: two threads, each in a function of its own (left and
# right, both calling json and a C loop), until the process has used
# argv[1] CPU seconds; argv[2] gets "left TID\nright TID" (native thread
# ids), so a profile's samples can be held to the thread that ran them.
import json
import sys
import threading
import time


def work():
    json.dumps(list(range(200)))
    return sum(range(20000))


def left(budget):
    while time.process_time() < budget:
        work()


def right(budget):
    while time.process_time() < budget:
        work()


def main():
    budget = float(sys.argv[1])
    ids = {}

    def run(f):
        ids[f.__name__] = threading.get_native_id()
        f(budget)

    ts = [threading.Thread(target=run, args=(f,)) for f in (left, right)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    with open(sys.argv[2], "w") as out:
        out.write("left %d\nright %d\n" % (ids["left"], ids["right"]))


main()
