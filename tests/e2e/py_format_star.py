# '*' widths and precisions in % formats, nested replacement fields in str.format specs
# (expected output: CPython through the oracle)
import sys

n = len(sys.argv) + 4  # 5, a run-time int
x = 3.14159265
for w in [n, -n, 0, 1, 12]:
    print("[%*d]" % (w, 42), "[%-*d]" % (w, -42), "[%0*d]" % (w, 7), "[%+*d]" % (w, 7), "[%*x]" % (w, 255))
    print("[%*s]" % (w, "ab"), "[%-*s]" % (w, "ab"), "[%*r]" % (w, "ab"), "[%*.2f]" % (w, x), "[%0*.1e]" % (w, x))
for p in [0, 2, n, -1]:
    print("[%.*f]" % (p, x), "[%.*s]" % (p, "abcdefg"), "[%*.*f]" % (n + 4, p, x), "[%-*.*g]" % (10, p, x))
print("%s=%*d, %s=%.*f%%" % ("a", 4, n, "b", 2, x))
print("{:{w}.{p}f}|".format(x, w=8, p=3), "{:{}.{}f}|".format(x, 10, n), "{0:{1}}|{0:>{2}}|".format("ab", n, 7))
print("{:{fill}{align}{w}}|".format("mid", fill="*", align="^", w=n + 4), "{!r:>{}}|".format("q", n))
print("{:>{w}}|{:<{w}}|".format(n, x, w=n * 2), "{x:{w}d}|{y:.{p}e}".format(x=n, y=x, w=4, p=n - 2))
print("{a:{b}}".format(a=n, b="+05d"), "{:{}}".format(x, ""), "{{{:{}}}}".format(1, 3))
c = "é" * (n - 4)  # %c of an int (its character) and of a one-character str
print("[%c]" % (64 + n), "[%c|%c]" % ("z", c), "[%5c]" % 8594, "[%-*c]" % (n - 2, 0x1F600), "[%c]" % True)
