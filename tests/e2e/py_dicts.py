# run-time dicts and sets: literals, comprehensions, methods, iteration order, printing
import cupy as cp

# a dict filled in a loop, int keys
sq = {}
for i in range(6):
    sq[i * i] = i
print(sq, len(sq), 9 in sq, 10 not in sq, sq[16])
sq[4] += 10
del sq[0]
print(sq, list(sq), sorted(sq, reverse=True))
for k in sq:
    print(k, sq[k], end="; ")
print()
for k, v in sq.items():
    print(f"{k}->{v}", end=" ")
print()
print(list(sq.keys()), list(sq.values()), len(list(sq.items())))

# get, setdefault, pop, update, copy, dict(), dict(zip()), dict(d)
words = "the cat and the dog and the bird".split()
count = {}
for w in words:
    count[w] = count.get(w, 0) + 1
print(count)
groups = {}
for w in words:
    groups.setdefault(len(w), []).append(w)
print(groups)
print(count.pop("the"), count.pop("zebra", -1), count)
other = {"cat": 5, "emu": 1}
count.update(other)
print(count, len(count))
c2 = dict(count)
c2["new"] = 7
print(len(count), len(c2))
pairs = dict(zip(["x", "y", "z"], [1.5, 2.5, 3.5]))
print(pairs, pairs.get("w", 0.0))
print(dict([(1, "one"), (2, "two")]), dict())
empty = {}
print(empty, len(empty), bool(empty), bool(pairs))

# key types: float, bool, str, tuple; lookups convert ints to a float key
fk = {0.5: "half", 2.0: "two", -1.25: "neg"}
print(fk, fk[2], fk[0.5], 2 in fk)
tk = {(i, j): i * 10 + j for i in range(2) for j in range(3) if i != j}
print(tk, tk[(1, 2)], (0, 0) in tk)
named = {(1, "a"): 1.0, (2, "b"): 2.0}
print(named)
flags = {True: "yes", False: "no"}
print(flags[True], flags)
esc = {"it's": 'say "hi"', "tab\t": "x"}
print(esc)

# comprehensions with if clauses and nested for
print({k: k * 2 for k in range(4)})
print({k: v for k, v in zip(["a", "b", "c"], [0, 1, 2]) if v != 1})
print({x % 3 for x in range(10)})
print({(a * b) % 7 for a in range(1, 5) for b in range(a, 5) if a + b > 3})
print({s: len(s) for s in ["alpha", "be", "gam"]})

# values: lists and arrays
arrs = {}
for i in range(3):
    arrs[i] = cp.arange(i + 1, dtype=cp.float32) * 2
print(arrs)
total = 0.0
for k, a in arrs.items():
    total += float(a.sum())
print(total, arrs[2][1])
lists = {"a": [1, 2], "b": [3]}
key = "b" if len(words) > 3 else "a"
lists[key].append(4)
print(lists, lists[key])

# a record used with a key computed at run time becomes a table
cfg = {"alpha": 1, "beta": 2, "gamma": 3}
for name in ["beta", "gamma", "delta"]:
    print(name, name in cfg, cfg.get(name, -1))
cfg2 = {"alpha": 1.0}
nm = "b" + "eta"
cfg2[nm] = 2.0
print(cfg2)

# sets: literal, add, discard, remove, in, len, iteration order as CPython's
s = set()
for i in range(20):
    s.add(i * 7 % 32)
print(s, len(s))
s.discard(7)
s.discard(1000)
s.remove(14)
print(s, 21 in s, 14 in s)
s.add(64)
s.add(-3)
print(s)
for x in {5, 13, 21, 2, 34}:
    print(x, end=" ")
print()
a = {1, 2, 3, 4, 5, 100, 200}
b = {4, 5, 6, 7, 300}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print({1, 2} <= a, a >= {1, 2}, {1, 2} < {1, 2}, a == set(a), a != b, {3}.issubset(a))
c = set(a)
c |= {9, 17, 25}
c -= {1, 2}
c &= {3, 4, 5, 9, 17, 25, 100}
c ^= {4, 1000}
print(c, len(c))
d = {8, 16, 24}
d.update({0, 32})
print(d, set([3, 3, 1, 2]), set(range(5)), set(sq), set("hello") == {"h", "e", "l", "o"})
print(sorted({"pear", "apple", "fig"}), sorted({3.5, -1.0, 2.25}))
fs = {0.5, 1.5, 2.0, -7.25, 1e10, 3.0}
print(fs)
print(set(), len(set()), {0}, {True, False}, sum({1, 2, 3}), max({4, 9, 2}))
big = {i * 1000003 for i in range(12)}
print(big)

# collections.defaultdict and Counter
from collections import defaultdict, Counter
import collections

dd = defaultdict(int)
for w in words:
    dd[w] += 1
print(dd, dd["the"], dd["absent"], len(dd))
dl = defaultdict(list)
for i, w in enumerate(words):
    dl[len(w)].append(i)
print(dl)
df = collections.defaultdict(float)
df["x"] += 0.5
df["y"] -= 1.25
print(df, list(df.items()))
cnt = Counter(words)
print(cnt, cnt["the"], cnt["nothing"], len(cnt))
print(cnt.most_common(2), cnt.most_common())
digits = Counter([d % 4 for d in [5, 1, 8, 4, 9, 3, 3, 7]])
print(digits, digits.most_common(1))
letters = Counter()
for ch in ["b", "a", "b", "c", "a", "b"]:
    letters[ch] += 1
print(letters, Counter(), list(letters.items()))

# sorted(d.items()): the items by key
for k, v in sorted(count.items()):
    print(k, v, end=" | ")
print()
print(sorted(sq.items(), reverse=True), sorted(cnt.items()), sorted(fk.items()))

# dicts through iteration helpers, aliases and functions
small = {"a": 3, "b": 1}
for i, k in enumerate(small):
    print(i, k, end=" ")
for k, n in zip(small, [10, 20]):
    print(k, n, end=" ")
print()
print([k for k, v in small.items() if v > 1], sum(small.values()), max(small.values()),
      any(v > 2 for v in small.values()))
xs = [3, 1, 3, 2]
print(len(set(xs)), list(set(xs)), " ".join(sorted({"b", "a"})), f"{small}", str({1, 2}))
alias = {1: 2}
alias2 = alias
alias2[3] = 4
print(alias)


def add_len(table, k):
    table[k] = len(table)
    return table


def count_words(ws):
    c = {}
    for w in ws:
        c[w] = c.get(w, 0) + 1
    return c


print(add_len({}, "x"), add_len({"y": 0}, "z"), count_words(["a", "b", "a"]))
