# sets of tuples (CPython's order), frozenset, dicts of dicts and of lists, collections.deque,
# `in` of a list
from collections import deque
import collections

import cupy as cp

# sets of tuples: displays, add, in, iteration and printing in CPython's order
pts = {(1, 2), (3, 4), (0, 0), (-1, 5)}
print(pts, len(pts), (1, 2) in pts, (2, 1) not in pts)
grid = set()
for i in range(4):
    for j in range(3):
        if (i + j) % 2 == 0:
            grid.add((i, j))
print(grid)
grid.discard((0, 0))
grid.add((10, -10))
print(grid, len(grid))
mixed = {(1.5, 2), (0.5, -1), (2.0, 3)}
print(mixed, (0.5, -1) in mixed)
print(grid & {(2, 0), (5, 5), (1, 1)}, {(1, 1)} | {(2, 2), (1, 1)})
visited = {(0, 0)}
frontier = deque([(0, 0)])
while frontier:
    x, y = frontier.popleft()
    for dx, dy in [(1, 0), (0, 1)]:
        n = (x + dx, y + dy)
        if n[0] < 3 and n[1] < 3 and n not in visited:
            visited.add(n)
            frontier.append(n)
print(len(visited), visited)
for p in {(3, 1), (1, 3), (2, 2)}:
    print(p, end=" ")
print()
names = {("ada", 36), ("alan", 41)}
print(("ada", 36) in names, ("ada", 37) in names)
print({(i, i * i) for i in range(6)})
count = {}
for p in [(1, 2), (3, 4), (1, 2)]:
    count[p] = count.get(p, 0) + 1
print(count)

# frozenset
a = frozenset([3, 1, 2, 1])
b = frozenset()
s = {2, 3, 4}
print(a, b, len(a), 2 in a, 5 not in a, bool(b))
print(a | s, s | a, a & s, a - s, s ^ a)
print(a == frozenset({1, 2, 3}), a <= s, a.issubset({1, 2, 3, 4}), isinstance(a, frozenset), isinstance(a, set))
c = a
c |= {9}
print(a, c, sorted(c), a.union(s), a.copy())
for x in a:
    print(x, end=" ")
print()
print(set(a), frozenset(s), frozenset(range(5)), frozenset("aa"), frozenset(["x"]))
print(frozenset({(1, 2), (0, 1)}), sum(a), max(a))

# dicts as dict values, and lists
cfg = {"a": {"x": 1}, "b": {"x": 2}}
print(cfg["a"]["x"], cfg["b"])
cfg["a"]["y"] = 3
cfg["b"]["x"] += 10
cfg["c"] = {"x": 0}
print(cfg, len(cfg["a"]))
flat = {"n": 1}
flat["n"] += 4
print(flat)
tree = {}
tree["k"] = {}
tree["k"]["z"] = 5
tree["k"]["w"] = 6
tree["j"] = {"q": 1}
print(tree, tree["k"]["w"], "z" in tree["k"])
for name, sub in tree.items():
    print(name, sub, sorted(sub.keys()))
inner = tree["k"]
inner["new"] = 7
print(tree["k"])
by_len = {}
for w in ["a", "bb", "cc", "d", "eee"]:
    by_len.setdefault(len(w), []).append(w)
print(by_len)
lists = {"a": [1, 2]}
lists["a"].append(3)
print(lists)
tab = {1: [1.5], 2: [2.5, 3.5]}
tab[1].append(0.5)
print(tab, tab[2][1])
nested = {i: {j: i * j for j in range(3)} for i in range(3)}
print(nested, nested[2][2])
sets = {"evens": {0, 2}, "odds": {1}}
sets["odds"].add(3)
print(sets)
arrs = {"w": {"m": cp.arange(3)}}
print(arrs["w"]["m"] * 2)

# collections.deque
d = deque([1, 2])
print(d, len(d), d.maxlen)
d.append(3)
d.appendleft(0)
print(d, d[0], d[-1], 2 in d, 7 in d)
print(d.pop(), d.popleft(), d)
d.extend([5, 6, 7])
d.extendleft(range(3))
print(d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
d.rotate()
print(d, bool(d))
w = deque(maxlen=3)
for i in range(6):
    w.append(i * 1.5)
    print(w, sum(w))
w.appendleft(-1.0)
print(w, w.maxlen, list(w))
h = collections.deque("abc", 2)
print(h)
h.extend(h)
print(h, h.copy())
e = deque()
e.append((1, "a"))
e.appendleft((2, "b"))
print(e, e[1])
for x in d:
    print(x, end=" ")
print()
d[1] = 42
print(d, sorted(d), max(d))
d.clear()
print(d, len(d), bool(d))
z = deque([[1], [2, 3]])
z.append([4])
print(z, z[0])
print(str(deque([1, 2], maxlen=5)), f"{deque(['x'])}", isinstance(d, list))
print(isinstance(d, deque), isinstance(d, collections.deque), isinstance([1], deque), isinstance(d, (set, deque)))
recent = deque(maxlen=2)
for word in "the quick brown fox".split():
    recent.append(word)
print(recent, " ".join(recent))
q = deque([cp.arange(2.0), cp.ones(2)])
q.append(cp.zeros(2))
print(q.popleft() + q.pop(), len(q))

# `in` of a list
xs = [3, 1, 4]
print(1 in xs, 5 in xs, 5 not in xs, 2.0 in [1, 2], "b" in ["a", "b"], 0 in [])
mode = "fast"
print(mode in ("fast", "slow"), 3 in (1, 2), 2 in (1, "x", 2.0), "q" not in ("a",), 1 in (), "a" in xs)
