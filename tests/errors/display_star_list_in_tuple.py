# (*x, ...) of a list: a tuple of run-time length (gpyc's tuples have a static length)
xs = [1, 2]
t = (*xs, 3)
print(t)
