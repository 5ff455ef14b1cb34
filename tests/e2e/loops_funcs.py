# Loop else, raise on a path not taken, map/filter and sorted(key=) with nested and module functions
import cupy as cp


def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            print("found", target, "at", i)
            break
    else:
        print(target, "not found")
        return -1
    return i


def settle(v, tol):
    n = 0
    while float(cp.max(cp.abs(v))) > tol:
        v = v * 0.5
        n += 1
        if n > 50:
            break
    else:
        print("settled after", n, "halvings")
    return v


def checked_sqrt(x):
    if x < 0:
        raise ValueError("math domain error: %s" % x)
    return x ** 0.5


def by_norm(vs):
    def norm(v):
        return float(cp.linalg.norm(v))

    def big(v):
        return norm(v) > 2.0

    print([norm(v) for v in sorted(vs, key=norm)])
    print([norm(v) for v in sorted(vs, key=norm, reverse=True)])
    print(len(list(filter(big, vs))), list(map(norm, vs)))


def neg(x):
    return -x


def add(a, b):
    return a + b


xs = [4, 1, 3, 1, 5]
print(find(xs, 3), find(xs, 7))
print(settle(cp.array([4.0, -2.0]), 0.3))
print(settle(cp.array([4.0, -2.0]), 0.0))
for n in range(3):
    for m in range(3):
        if m > n:
            break
    else:
        print("inner loop ran out at n =", n)
print(checked_sqrt(2.25), checked_sqrt(16))
words = ["pear", "fig", "banana", "kiwi"]
print(sorted(words, key=len), sorted(words, key=len, reverse=True), sorted(xs, key=neg))
print(sorted(words, key=None), sorted([2.5, -1.0, 0.5], key=abs))
print(list(map(neg, xs)), list(map(abs, [-1.5, 2.0])), list(filter(None, [0, 2, 0, 3])))
by_norm([cp.array([3.0, 4.0]), cp.array([1.0, 0.0]), cp.array([1.0, 2.0])])
total = 0
for v in map(neg, filter(None, xs)):
    total += v
print(total, sum(map(neg, xs)), max(map(abs, [-7, 3])))
print(list(map(str, xs)), list(map(add, [2, 3], [3, 2])))


# recursion: direct, mutual, over arrays, and a procedure (types inferred from the base case)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


def fib(n):
    if n < 2:
        return float(n)
    return fib(n - 1) + fib(n - 2)


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def rsum(a):
    if a.shape[0] == 1:
        return a[0]
    h = a.shape[0] // 2
    return rsum(a[:h]) + rsum(a[h:])


def hanoi(n, src, dst, via):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst)
    print("move", n, src, "->", dst)
    hanoi(n - 1, via, dst, src)


print(fact(10), fib(15), is_even(10), is_odd(7), is_even(3))
print(rsum(cp.arange(1.0, 12.0)), rsum(cp.arange(5)))
hanoi(3, "A", "C", "B")
