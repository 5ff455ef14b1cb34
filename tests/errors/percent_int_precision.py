n = 3
print("%.2d" % n)
