fs = frozenset([1, 2])
fs.add(3)
