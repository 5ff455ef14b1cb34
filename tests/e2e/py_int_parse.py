# int(s) and int(s, base) of str computed at run time: Python's prefixes, underscores,
# whitespace and signs (expected output: CPython through the oracle)
import sys

n = len(sys.argv)  # 1


def tag(s):
    return s + " " * (n - 1)  # a run-time str


cases = [("ff", 16), ("FF", 16), ("0xff", 16), ("0XfF", 0), ("-0x_1f", 16), ("0b101", 0), ("0b101", 16),
         ("0o17", 8), ("0o17", 0), ("  42  ", 0), ("0", 0), ("00", 0), ("0_0", 0), ("+7", 0), ("z", 36),
         ("Zz", 36), ("1_000", 10), ("777", 8), ("-101", 2), ("7fffffffffffffff", 16),
         ("-8000000000000000", 16), ("\t12\n", 5), ("10", n + 1), ("1_0", 2)]
for s, b in cases:
    print(repr(s), b, int(tag(s), b), int(tag(s), base=b))
print(int(tag("12")), int(tag(" -3_4 ")), int(tag("0012")), int(tag("12"), n * 10))
