n = 3
print("%d" % (n, n))
