# str indexing and slicing (s[i], s[a:b:c] with run-time bounds and None), partition and
# rpartition, chr and ord (expected output: CPython through the oracle)
import sys

n = len(sys.argv)  # 1: run-time ints below
s = "key=value=x" + str(n)
u = "héllo→wörld"  # non-ASCII: indices count code points
for t in [s, u, ""]:
    print(repr(t[0:3]), repr(t[n:]), repr(t[:-2]), repr(t[::-1]), repr(t[1:8:2]))
    print(repr(t[-100:100]), repr(t[5:2]), repr(t[::-3]), repr(t[-2::-2]), repr(t[None:None:None]))
    print(repr(t[n - 1 : n + 3 : n]), repr(t[100:]), repr(t[:-100]), repr(t[3:-3:-1]), repr(t[-3:3:-1]))
print(s[0], s[-1], s[n + 2], u[1], u[-6], u[5])
step = -n
print(s[::step], u[::step * 2], u[n : n + 4], s[len(s) - 1 :: -4])
for i in range(len(u)):
    print(i, u[i], ord(u[i]), end="; ")
print()
for sep in ["=", "x1", "#", "key=value=x1", "k"]:
    print(repr(sep), s.partition(sep), s.rpartition(sep))
print(u.partition("→"), u.rpartition("l"), "".partition("a"), "".rpartition("a"))
a, b, c = s.partition("=")
print(a, b, c, len(a) + len(b) + len(c) == len(s))
print(chr(65 + n), chr(97), chr(8594), chr(233), chr(0x1F600), repr(chr(10)), chr(0x10FFFF) == "\U0010ffff")
print(ord("a"), ord("é"), ord("→"), ord("😀"), ord(chr(n + 900)), ord("\n"))
print("".join(chr(ord(c) + n) for c in "HAL"))
print([ord(u[i]) for i in range(4)], chr(True + 64))
for c in s[:n + 3]:  # iterating over a str computed at run time
    print(c, end="|")
print()
print(list(u), [c for c in u if c not in "lo"], "".join(reversed(u)), sorted(s[:6]), len(list(s)))
print(sum(1 for c in u if c == "l"), [i for i, c in enumerate(u) if c == "o"], "-".join(c for c in s[:n + 3]))
for c, d in zip(s, u):
    print(c + d, end=" ")
print()
f = "test_" + str(n) + ".py"  # removeprefix, removesuffix, splitlines
print(f.removeprefix("test_"), f.removesuffix(".py"), f.removeprefix("x"), f.removesuffix(""), repr(f.removeprefix(f)))
t = "a\nb\r\nc\rd\x0be\x0cf\x1cg\x1dh\x1ei\x85j\u2028k\u2029l\n\n" + str(n)
print(t.splitlines(), len(t.splitlines(n - 1)))
print(t.splitlines(True)[:9], [len(x) for x in t.splitlines(keepends=True)])  # repr of U+2028 needs Unicode tables
print("".splitlines(), ("x\n" * n).splitlines(), "\n".splitlines(True), "ab".splitlines(False))
