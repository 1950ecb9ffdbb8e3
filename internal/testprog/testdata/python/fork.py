# fork.py: the process forks; the parent runs parent_work() and the child
# child_work(), each calling json and a C loop until it has used argv[1]
# CPU seconds; argv[2] gets "parent PID\nchild PID", so a profile's
# samples can be held to the process that ran them.
import json
import os
import sys
import time


def work():
    json.dumps(list(range(200)))
    return sum(range(20000))


def parent_work(budget):
    while time.process_time() < budget:
        work()


def child_work(budget):
    while time.process_time() < budget:
        work()


def main():
    budget = float(sys.argv[1])
    pid = os.fork()
    if pid == 0:
        child_work(budget)
        os._exit(0)
    with open(sys.argv[2], "w") as f:
        f.write("parent %d\nchild %d\n" % (os.getpid(), pid))
    parent_work(budget)
    os.waitpid(pid, 0)


main()  # top
