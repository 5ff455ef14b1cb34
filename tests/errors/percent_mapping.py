n = 3
print("%(n)d" % n)
