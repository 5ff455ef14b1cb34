names = ["a", "b"]
print(", ".join(names))
