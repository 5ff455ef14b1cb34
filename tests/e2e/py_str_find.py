# str.find / rfind / index / rindex / count with start and end (run-time ints, negative,
# None, out of range) and `in` (expected output: CPython through the oracle)
import sys

n = len(sys.argv)  # 1
s = "abcabcab→é→ab" + "c" * n
for sub in ["ab", "c", "→", "é→", "", "zz"]:
    for a, b in [(0, 100), (n, -2), (3, 3), (4, 2), (20, 30), (-100, 5), (14, 15), (15, 15), (16, 16)]:
        print(repr(sub), a, b, s.find(sub, a, b), s.rfind(sub, a, b), s.count(sub, a, b), end=" | ")
    print(s.find(sub, n + 2), s.rfind(sub, -4), s.count(sub, 2), sub in s, end=" | ")
    print(s.find(sub, -5, None), s.rfind(sub, None, -100), s.count(sub, None, None), s.find(sub, None, 3))
print(s.index("b", n + 1), s.rindex("→", 0, 10), s.index("é", -6, -3), s.count("ab", 1, -1))
