# frozensets as dict keys and set elements: CPython's frozenset hash, so a set of frozensets of
# numbers iterates in CPython's order; lookups by equal frozensets built otherwise
edges = {frozenset([1, 2]): 'a', frozenset([2, 3]): 'b'}
edges[frozenset([3, 1])] = 'c'
edges[frozenset({2, 1})] = 'A'
print(edges)
print(edges[frozenset([2, 1])], frozenset([3, 2]) in edges, frozenset([9]) in edges, len(edges))
print(edges.get(frozenset([1, 3]), '?'), edges.get(frozenset([4]), '?'))
del edges[frozenset([2, 3])]
print(edges, sorted(edges.values()))
for k in edges:
    print(sorted(k), edges[k])
seen = set()
for a in range(4):
    for b in range(4):
        seen.add(frozenset([a, b]))
print(len(seen), frozenset([0]) in seen, frozenset([0, 3]) in seen, frozenset([5]) in seen)
print(seen)
groups = {frozenset([1, 2, 3]), frozenset([4]), frozenset(), frozenset([2, 1, 3])}
print(groups, len(groups))
groups.discard(frozenset([4]))
print(groups)
other = {frozenset([1, 2, 3]), frozenset([7, 8])}
print(groups | other, groups & other, other - groups)
counts = {}
for w in [[1, 2], [2, 1], [1, 2, 3], [3, 1, 2], [4], [2, 3, 1]]:
    key = frozenset(w)
    counts[key] = counts.get(key, 0) + 1
print(sorted(counts.values()), len(counts))
pairs = {(frozenset([1]), 2): 'p', (frozenset([1, 2]), 3): 'q'}
print(pairs[(frozenset([1]), 2)], (frozenset([2, 1]), 3) in pairs)
fl = {frozenset([0.5, 2.0]): 1}
print(fl[frozenset([2, 0.5])], fl)
