# A generator expression inside each consumer Python gives it to: sum, any, all, min, max,
# list, tuple, sorted, dict (with if clauses and nested for; a tuple's length is static: for clauses
# over displays and range() of literals, no if),
# and set / dict comprehensions beside them; a passing assert on the results.
words = ["pear", "fig", "apple", "kiwi", "plum"]
n = len(words)
print(sum(len(w) for w in words if w != "fig"), sum(i * j for i in range(3) for j in range(i)))
print(any(w.startswith("k") for w in words), all(len(w) > 3 for w in words if w != "fig"))
print(min(len(w) for w in words), max(w for w in words if "p" in w), max((len(w), w) for w in words))
print(list(w.upper() for w in words if len(w) == 4), list(i + j for i in range(2) for j in range(3)))
print(tuple(i * j for i in range(3) for j in (1, 10)), tuple(w * k for w in ("ab", "c") for k in range(3)))
print(tuple(i * i for i in range(4)), sorted(w[::-1] for w in words), sorted((-i for i in range(n)), reverse=True))
lengths = dict((w, len(w)) for w in words if w < "m")
print(lengths, dict((i, j) for i in range(3) for j in range(i)))
print({len(w) for w in words}, {w[0]: w for w in words if len(w) > 3})
print({(i, j) for i in range(3) for j in range(3) if i < j} == {(0, 1), (0, 2), (1, 2)})
assert sum(lengths.values()) == 12, "the lengths add up"
assert all(v > 2 for v in lengths.values())
print("asserts passed")
