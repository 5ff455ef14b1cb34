# min(default=): no type for the empty case
xs = [1, 2]
print(min(xs, default=0))
