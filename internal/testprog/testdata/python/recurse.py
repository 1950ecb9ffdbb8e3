# recurse.py: rec() calls itself down to depth argv[1] (through the line
# marked "call"), and the innermost call spins on the line marked "spin"
# (a C loop, sum over a range) until the process has used argv[2] CPU
# seconds. Every sample taken in the spin has argv[1] + 1 frames of rec:
# the innermost at the spin line, the others at the call line, then
# <module> at the line marked "top". The source is the oracle.
import sys
import time


def rec(n, budget):
    if n == 0:
        while time.process_time() < budget: sum(range(10000))  # spin
        return 0
    return rec(n - 1, budget) + 1  # call


rec(int(sys.argv[1]), float(sys.argv[2]))  # top
