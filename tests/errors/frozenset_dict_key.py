d = {frozenset([1]): "one"}
print(d)
