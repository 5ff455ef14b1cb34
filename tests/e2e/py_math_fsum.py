# math.fsum (CPython's exactly rounded sum), math.hypot of any number of coordinates and
# math.dist (CPython's scaled vector norm with its correction) on hard inputs: cancellation,
# ties that need the half-even fix-up across partials, subnormals, large exponents, inf and
# nan, 0 and 1 elements; lists, tuples, ranges, comprehensions and generator expressions of
# floats, ints and bools.  Expected output: CPython (bit for bit: repr prints every digit).
import math
import random

inf = float("inf")
nan = float("nan")
print(math.fsum([]), math.fsum(()), math.fsum([2.5]), math.fsum([-0.0]), math.fsum([0.0, -0.0]))
print(math.fsum([0.1 for _ in range(10)]), sum([0.1 for _ in range(10)]), math.fsum([0.1, 0.2, 0.3]), math.fsum((0.1, 0.2, -0.3)))
print(math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]))
print(math.fsum([1e-16, 1.0, 1e16]), math.fsum([1e16, 1.0, 1e-16]), math.fsum([-1e-16, -1.0, -1e16]))
print(math.fsum([2.0 ** 53, -0.5, -2.0 ** -54]), math.fsum([2.0 ** 53, 1.0, 2.0 ** -100]))
print(math.fsum([2.0 ** 53, -0.5, 2.0 ** -54]), math.fsum([1.0, 2.0 ** -53, 2.0 ** -106]))
print(math.fsum(5e-324 for _ in range(7)), math.fsum([5e-324, -5e-324, 2.2250738585072014e-308, -1e-310]))
print(math.fsum([1.7976931348623157e308, -1.7976931348623157e308, 1.7976931348623157e308]))
print(math.fsum([1e308, -1e308 / 2, 1e308 / 2, -1e308]), math.fsum(-1e308 if k == 0 else 1e307 for k in range(10)))
print(math.fsum([inf, 1.0, 2.0]), math.fsum([-inf, 1e308, -1e308]), math.fsum([inf, inf]), math.fsum([1.0, nan]))
print(math.fsum([nan, inf]), math.fsum([inf, 1e308, inf]), math.fsum([-0.0, -0.0]))
print(math.fsum([1, 2, 3]), math.fsum(range(10)), math.fsum(range(0)), math.fsum([True, True, False]))
print(math.fsum([2 ** 53 + 1, 1, -2 ** 53]), math.fsum([9007199254740993, 0.5]))
print(math.fsum(x * 0.1 for x in range(10)), math.fsum([1.0 / k for k in range(1, 20)]))
print(math.fsum((-1.0) ** k / (2 * k + 1) for k in range(1000)), math.fsum(1.0 / k for k in range(1, 1000) if k % 3))
xs = [1.0, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16]
print(math.fsum(xs), sum(xs), math.fsum(reversed(xs)) if False else math.fsum(xs[::-1]))
random.seed(22)
for trial in range(12):
    n = [2, 3, 10, 100, 1000][trial % 5]
    big = [random.uniform(-1.0, 1.0) * 10.0 ** random.randint(-40, 40) for _ in range(n)]
    mixed = [big[k // 2] if k % 2 == 0 else -big[k // 2] for k in range(2 * n)]
    mixed.append(random.uniform(-1.0, 1.0) * 10.0 ** random.randint(-300, -280))
    random.shuffle(mixed)
    print(n, math.fsum(big), math.fsum(mixed), math.fsum(x * x for x in big))
for trial in range(6):
    sub = [random.uniform(-1.0, 1.0) * 1e-310 for _ in range(5 + trial)]
    print(math.fsum(sub), math.hypot(sub[0], sub[1]), math.dist(sub[:3], sub[2:5]))

print(math.hypot(), math.hypot(-3.0), math.hypot(3, 4), math.hypot(3.0, 4.0, 12.0), math.hypot(1, 1, 1, 1))
print(math.hypot(-0.0), math.hypot(0.0, -0.0), math.hypot(True, 2), math.hypot(1e308, 1e308), math.hypot(1.7e308, 1.7e308))
print(math.hypot(inf, nan), math.hypot(nan, -inf), math.hypot(nan, 1.0), math.hypot(1.0, 2.0, nan, 3.0))
print(math.hypot(5e-324, 5e-324), math.hypot(5e-324, 1e-310, 2e-310), math.hypot(2.2250738585072014e-308, 1e-320))
print(math.hypot(1e-200, 1e-200, 1e-200), math.hypot(1e200, 1e-200), math.hypot(0.1, 0.2, 0.3, 0.4, 0.5))
for trial in range(20):
    a = random.uniform(-1.0, 1.0) * 10.0 ** random.randint(-20, 20)
    b = a * (1.0 + random.uniform(-1e-3, 1e-3))
    c = random.uniform(-1.0, 1.0) * 10.0 ** random.randint(-20, 20)
    print(math.hypot(a, b), math.hypot(a, b, c), math.hypot(c, a, b, a))

print(math.dist([], []), math.dist((1.0,), (4.0,)), math.dist([0, 0], [3, 4]), math.dist((1.0, 2.0, 3.0), [4, 6, 15]))
print(math.dist([1e308, -1e308], [-1e308, 1e308]), math.dist([inf, 0.0], [inf, 1.0]), math.dist([nan], [1.0]))
print(math.dist((x * 0.1 for x in range(5)), [0.3, 0.1, 0.4, 0.1, 0.5]), math.dist(range(3), (2, 1, 0)))
t = (1.5, 2.5)
p = [random.gauss(0.0, 1.0) for _ in range(50)]
q = [x + random.uniform(-1e-9, 1e-9) for x in p]
print(math.dist(p, q), math.dist(q, p), math.hypot(*t), math.hypot(*t, 2.0))
