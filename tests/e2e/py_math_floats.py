# math.frexp, modf, ldexp, remainder, ulp and prod on Python numbers, and tuple() of iterables
# whose length the source fixes (displays, range() of literals, comprehensions, map), divmod,
# pow, format, hex, bin, oct; expected output: CPython
import math

for x in [8.5, -0.3, 0.0, -0.0, 1e-310, 1e308, 1.0, 0.5, -1024.0, float("inf"), -float("inf"), float("nan")]:
    print(x, math.frexp(x), math.modf(x), math.ulp(x))
m, e = math.frexp(6.0)
print(m, e, math.ldexp(m, e), math.ldexp(0.75, -1074), math.ldexp(1.0, -1080), math.ldexp(-3.0, 0))
print(math.ldexp(1.0, 1023), math.ldexp(0.5, 1024), math.ldexp(5.0, -10**12), math.ldexp(float("inf"), 5))
fr, ip = math.modf(-2.0)
print(fr, ip, math.copysign(1.0, fr))
print(math.remainder(5.0, 3.0), math.remainder(-5.0, 3.0), math.remainder(4.5, 3.0), math.remainder(7.5, 3.0))
print(math.remainder(3.0, float("inf")), math.remainder(float("nan"), 0.0), math.remainder(2.0, float("nan")))
print(math.remainder(10, 4), math.remainder(-1e-300, 1e300))
print(math.ulp(1.7976931348623157e308), math.ulp(5e-324), math.ulp(-2.0), math.ulp(3))
print(math.prod([1, 2, 3, 4]), math.prod([1.5, 2.0, -4.0]), math.prod(i for i in range(1, 11)), math.prod([2, 3], start=10))
print(math.prod(x * 0.5 for x in range(1, 5)), math.prod([True, True]), math.prod([0.1, 0.1, 0.1], start=2.0))
n = 7
print(math.prod(i for i in range(1, n + 1) if i % 2), math.prod([10**9, 10**9]))

print(tuple(i * i for i in range(5)), tuple([i + 1 for i in range(3)]), tuple(map(abs, [-1, 2, -3])))
print(tuple(), tuple((1.5, 2.5)), tuple(range(2, 11, 3)), tuple(range(5, 0, -2)), tuple(range(0)))
t = (3, 1, 2)
print(tuple(t), tuple(x * 10 for x in t), tuple(str(x) for x in [1, 2]), tuple([0.5, 1.5]))
u = (1, "one", 2.5)
print(tuple(u), tuple((True, "x")), tuple(u)[1])
a, b, c = tuple(float(i) / 2 for i in range(3))
print(a, b, c, len(tuple(range(4))), tuple(range(3))[1])
print(divmod(7, 2), divmod(-7, 2), divmod(7, -2), divmod(7.5, 2), divmod(-7.5, 2.0), divmod(1, 0.3))
print(pow(2, 10), pow(2.0, -1), pow(-8, 2), pow(9, 0.5), pow(2, -2))
print(format(3.14159, ".2f"), format(42, ">6"), format("ab", "^6"), format(1234567, ","), format(0.5), format(7))
print(format(255, "#x"), format(1e-5, "g"), format(-3, "=+6"), format(True), format(2.5, "08.3e"))
print(hex(255), hex(-255), hex(0), bin(5), bin(-5), bin(0), oct(8), oct(-8), hex(True), bin(2**62))
