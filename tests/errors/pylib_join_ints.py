parts = [1, 2, 3]
print(",".join(parts))
