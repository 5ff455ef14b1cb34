# del of a list's items (lower/seq.c lw_seq_del): l[i] with i counted from the end when
# negative, slices with any constant step (bounds clamped as a slice reads them, an empty range
# removes nothing), several targets in one del, an item of a list inside a list, a deque's
# item; every alias of the list sees the change, as in Python.
from collections import deque

xs = [1, 2, 3, 4, 5, 6, 7, 8, 9]
alias = xs
del xs[1]
print(xs, alias)
del xs[-1]
print(xs)
del xs[0:2]
print(xs)
del xs[::2]
print(xs, alias)
ys = list(range(12))
del ys[10:2:-3]
print(ys)
del ys[-3:]
print(ys)
del ys[5:1]
del ys[100:]
print(ys)
n = len(ys)
del ys[n - 2], ys[0]
print(ys)
words = ["a", "b", "c"]
rows = [words, ["d"]]
del rows[0][1]
print(rows, words)
q = deque([1, 2, 3])
del q[1]
print(q)
zs = [1.5, 2.5]
del zs[:]
print(zs)
del zs[:]
print(zs)


def drop_first(v, k):
    del v[:k]
    return len(v)


names = ["w", "x", "y", "z"]
print(drop_first(names, 2), names)
