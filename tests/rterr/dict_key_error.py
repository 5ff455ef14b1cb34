# a missing key of a run-time dict raises Python's KeyError with the key's repr
counts = {}
for w in ["alpha", "beta", "alpha"]:
    counts[w] = counts.get(w, 0) + 1
print(counts)
key = "gam" + "ma" if len(counts) > 1 else "alpha"
print(counts[key])
