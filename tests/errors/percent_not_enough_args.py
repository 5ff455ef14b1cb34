n = 3
print("%d and %d" % n)
