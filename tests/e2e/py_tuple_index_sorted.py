# tuple.index and tuple.count (a tuple of one element type), sorted() of a tuple, of a dict and
# of a dict with constant str keys (their keys)
t = (1, 2, 3, 2)
print(t.index(2), t.count(2), t.index(2, 2), ().count(1), ("a", "b").index("b"), (1.5, 2.5).count(2.5))
print(sorted((3, 1, 2)), sorted((3, 1, 2), reverse=True), sorted(("b", "a")))
cfg = {"lr": 0.1, "batch": 32.0, "alpha": 2.0}
print(sorted(cfg), [cfg[k] for k in sorted(cfg)])
counts = {}
for w in ["b", "a", "c", "a"]:
    counts[w] = counts.get(w, 0) + 1
print(sorted(counts), sorted(counts, reverse=True))


def kwnames(**kw):
    return sorted(kw)


print(kwnames(z=1, y=2, x=3))
