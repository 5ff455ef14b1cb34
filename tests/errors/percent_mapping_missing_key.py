d = {"a": 1}
print("%(b)s" % d)
