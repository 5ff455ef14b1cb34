# filter takes a function and one iterable
xs = [1, 2]
print(list(filter(None, xs, xs)))
