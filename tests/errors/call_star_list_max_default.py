xs = [3, 1]
print(max(*xs, default=0))
