n = 3
print("{0} {}".format(n, n))
