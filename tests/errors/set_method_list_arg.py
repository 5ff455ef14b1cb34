a = {1, 2}
print(a.union([3]))
