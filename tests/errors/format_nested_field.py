n = 3
print("{:{}}".format(n, 5))
