# A recursive function whose only return is a conditional expression, the call to itself in
# one arm (either one): typed from the other arm, as `if c: return a` / `else: return b`
import cupy as cp


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def fact(n):
    return n * fact(n - 1) if n > 1 else 1


def power_sum(x, k):
    return x if k == 0 else x + power_sum(x * 2.0, k - 1)


def tree_sum(a, lo, hi):
    return float(a[lo:hi].sum()) if hi - lo <= 4 else tree_sum(a, lo, (lo + hi) // 2) + tree_sum(a, (lo + hi) // 2, hi)


print(fib(20), fact(10), power_sum(1.5, 3))
print(tree_sum(cp.arange(37, dtype=cp.float64), 0, 37))
