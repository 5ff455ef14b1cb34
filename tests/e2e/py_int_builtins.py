# pow(base, exp, mod) of ints, min and max with default= (expected output: CPython through
# the oracle)
import sys

n = len(sys.argv) + 4  # 5, a run-time int


def neg(x):
    return -x


print(pow(3, 4, 7), pow(n, 10, 13), pow(-3, 5, 7), pow(3, -1, 7), pow(5, 3, -7), pow(-n, 3, -7))
print(pow(2, 62, 2**63 - 1), pow(2**62, 2**62, 1000000007), pow(n, 0, 1), pow(n, 0, -1), pow(0, 0, 7))
print(pow(n, -3, 1000000007), pow(-2, -1, 9), pow(True, n, 3), pow(123456789, 10**18, -(2**63)))
print(pow(n, 2, 2**63 - 25), pow(-(2**63), 3, 2**63 - 1), pow(7, -1, -9))
xs = [1, 5, 3, n]
ys = [x for x in xs if x > 10]
print(max(xs, default=0), min(xs, default=100), min(ys, default=-1), max(ys, default=7))
print(max([2.5, n * 1.5], default=0.5), min([x * 0.5 for x in ys], default=1.5))
print(max(["b", "ab"], default="z"), min([s for s in ["q"] if n > 99], default="none"))
print(max(xs, key=neg, default=0), min(ys, key=abs, default=42), max(xs, default=0, key=abs))
words = {}
words["pear"] = 3
words["fig"] = n
print(max(words, default=""), min(words, key=len, default="?"), max({n, 2}, default=0))
print(max((x for x in range(n) if x > 2), default=-1), min((x for x in range(n) if x > n), default=-1))
