counts = {}
for w in ["x", "y"]:
    counts[w] = 1
print("%(x)d" % counts)
print("%(z)d" % counts)
