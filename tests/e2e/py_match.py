# match statements (frontend/parse_stmt.c): literal, capture, wildcard, value, | and `as`
# patterns, guards, tuple and list patterns (nested, with captures), subjects that are
# expressions or several values, match inside loops and functions.
import math

import cupy as cp


def describe(x):
    match x:
        case 0:
            return "zero"
        case 1 | 2 | 3:
            return "small"
        case -1:
            return "minus one"
        case n if n > 100:
            return f"big {n}"
        case n:
            return f"other {n}"


for v in [0, 1, 2, 3, -1, 5, 500]:
    print(v, describe(v))


def command(s):
    match s.split():
        case ["go", where]:
            return "going " + where
        case ["stop"] | ["halt"]:
            return "stopping"
        case ["say", a, b]:
            return a + "+" + b
        case [word]:
            return "one word: " + word
        case _:
            return "unknown"


for c in ["go north", "stop", "halt", "say hi there", "jump", "a b c d", ""]:
    print(repr(c), command(c))


def classify(pt):
    match pt:
        case (0, 0):
            return "origin"
        case (0, y):
            return f"on the y axis at {y}"
        case (x, 0):
            return f"on the x axis at {x}"
        case (x, y) if x == y:
            return f"diagonal {x}"
        case (x, y):
            return f"point {x},{y}"


for p in [(0, 0), (0, 4), (3, 0), (2, 2), (5, 7)]:
    print(p, classify(p))


def shape_name(t):
    match t:
        case (a, b, c):
            return "triple", a + b + c
        case (a, b):
            return "pair", a * b
        case _:
            return "other", 0


print(shape_name((1, 2)), shape_name((1, 2, 3)), shape_name((4, 5, 6, 7)))

total = 0
for i in range(12):
    match i % 4, i // 4:
        case (0, 0):
            continue
        case (0, k):
            total += 100 * k
        case (r, 2) if r > 1:
            print("last row", i)
            break
        case r, q as row:
            total += r + row
print("total", total)

name = "gamma"
match name:
    case "alpha" | "beta" as greek:
        print("early", greek)
    case "gam" "ma":
        print("concatenated literal")
    case _:
        print("late")

for f in [0.5, -2.5, math.pi, 1.0]:
    match f:
        case 0.5:
            print(f, "half")
        case -2.5:
            print(f, "minus two and a half")
        case math.pi:
            print(f, "pi")
        case other:
            print(f, "other", other)

for b in [True, False]:
    match b:
        case True:
            print("yes")
        case False:
            print("no")



def truth(v):
    match v:
        case True:
            return "is True"
        case 1:
            return "is one"
    return "neither"


print(truth(1), truth(True), truth(False), truth(2))

nested = [(1, (2, 3)), (1, (5, 3)), (2, (0, 0))]
for item in nested:
    match item:
        case (1, (2, z)):
            print("one-two", z)
        case (1, (y, 3)) as whole:
            print("one-?-three", y, whole)
        case _:
            print("no match", item)

a = cp.arange(6).reshape(2, 3)
match a.ndim:
    case 1:
        print("vector")
    case 2:
        print("matrix", a.shape, int(a.sum()))

xs = [3, 1, 2]
match xs:
    case []:
        print("empty")
    case [x]:
        print("one", x)
    case [x, y, z] if x > y:
        print("three, descending start", x, y, z)
    case _:
        print("other list")

match "ab":
    case (c1, c2):
        print("a str is no sequence here", c1, c2)
    case s:
        print("str", s)


def kind(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return "number " + str(v * 2)
    if isinstance(v, str):
        return "str " + v.upper()
    if isinstance(v, cp.ndarray):
        return "array of " + str(v.size)
    return "tuple" if isinstance(v, tuple) else "list" if isinstance(v, list) else "?"


print(kind(True), kind(3), kind(1.5), kind("ab"), kind(cp.zeros(4)), kind((1, 2)), kind([1]))
print(isinstance(True, int), isinstance(1, bool), isinstance({"a": 1}, dict), isinstance((1,), dict))
