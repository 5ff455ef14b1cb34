xs = [1, "a"]
print(xs)
