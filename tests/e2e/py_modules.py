# os, os.path, os.environ, time.sleep, math's integer functions, isclose and float functions, and the random
# module (CPython's generator: the same numbers for a seed); expected output: CPython
import math
import os
import os.path
import random
import time
from os.path import join, splitext

print(os.path.join("a", "b", "c.txt"), os.path.join("/x/", "y"), os.path.join("a", "/abs", "b"))
print(os.path.join("", "rel"), join("dir", ""), os.path.join("a//", "b"))
for p in ["/usr/lib/python3.py", "file.tar.gz", ".bashrc", "dir/", "/", "", "a/b/", "..x", "//a//b"]:
    print(repr(p), repr(os.path.basename(p)), repr(os.path.dirname(p)), splitext(p), os.path.splitext(p)[1])
for p in ["a/./b/../c", "/../x", "a/../..", "//a/b", "///a", "", ".", "x/y/"]:
    print(repr(p), repr(os.path.normpath(p)), os.path.isabs(p))
print(os.path.expanduser("a/~b"), os.path.expanduser("~x") == "~x" or True)
print(os.path.exists("/"), os.path.isdir("/"), os.path.isfile("/"), os.path.exists("/no/such/path"))
print(os.path.abspath("/a/b/../c"), os.path.abspath("x") == os.path.join(os.getcwd(), "x"))
print(os.environ.get("GPYC_SURELY_UNSET_VAR", "fallback"), os.getenv("GPYC_SURELY_UNSET_VAR", "dflt"))
print(len(os.environ.get("PATH", "")) > 0, os.sep, os.path.sep, os.curdir, os.pardir)
d = os.path.join("/tmp", "gpyc_e2e_py_modules", "sub", "dir")
os.makedirs(d, exist_ok=True)
os.makedirs(d, exist_ok=True)
print(os.path.isdir(d))
t0 = time.perf_counter()
time.sleep(0.01)
print(time.perf_counter() - t0 >= 0.01)

print(math.comb(10, 3), math.comb(5, 0), math.comb(3, 5), math.comb(60, 30))
print(math.perm(5, 2), math.perm(5), math.perm(3, 4), math.factorial(0), math.factorial(20))
print(math.gcd(12, 18), math.gcd(-4, 6), math.gcd(0, 0), math.gcd(7), math.gcd(), math.gcd(24, 36, 60))
print(math.lcm(4, 6), math.lcm(0, 5), math.lcm(), math.lcm(2, 3, 4), math.lcm(-3, 4))
print(math.isqrt(0), math.isqrt(15), math.isqrt(16), math.isqrt(10**18))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isclose(0.0, 1e-12),
      math.isclose(0.0, 1e-12, abs_tol=1e-9), math.isclose(100, 101, rel_tol=0.02),
      math.isclose(math.inf, math.inf), math.isclose(1.0, math.nan))
print(math.asin(0.5), math.acos(0.5), math.asinh(1.0), math.acosh(2.0), math.atanh(0.5), math.cbrt(27.0))
print(math.exp2(3.5), math.expm1(1e-10), math.log1p(1e-10), math.degrees(1.0), math.radians(90))
print(math.fmod(5.5, 2), math.fmod(-7, 3), math.copysign(3, -0.0), math.nextafter(1.0, 2.0), math.log(8, 2),
      math.log(100, 10), math.log(2.5, 1.5))
print(math.erf(0.5), math.erfc(0.5), math.erf(-2), math.gamma(2.5), math.gamma(6), math.lgamma(3.0), math.lgamma(0.5))

random.seed(42)
print(random.random(), random.random())
print([random.randint(1, 6) for _ in range(10)])
print([random.randrange(10) for _ in range(5)], random.randrange(5, 50, 5), random.randrange(10, 0, -3))
print(random.uniform(2.0, 3.0), random.getrandbits(8), random.getrandbits(40), random.getrandbits(0))
print(random.gauss(0.0, 1.0), random.gauss(10.0, 2.0), random.gauss(), random.normalvariate(1.0, 0.5))
print(random.expovariate(2.0))
items = ["a", "b", "c", "d", "e", "f", "g"]
print(random.choice(items), random.choice([1.5, 2.5]))
nums = list(range(10))
random.shuffle(nums)
print(nums)
print(random.sample(items, 3), random.sample(list(range(100)), 5))
print(random.sample(list(range(1000)), 4))
for seed in [0, 1, 12345, 2**32 + 7, -5, 2**62]:
    random.seed(seed)
    print(seed, random.random(), random.randint(0, 1000000), random.gauss(0.0, 1.0))
random.seed(7)
acc = 0
for i in range(1000):
    acc += random.randint(0, 99)
print(acc)
