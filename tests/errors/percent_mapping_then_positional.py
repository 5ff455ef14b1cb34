d = {"a": 1}
print("%(a)s %s" % d)
