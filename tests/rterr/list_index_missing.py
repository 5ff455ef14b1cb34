# list.index of a value the list lacks: ValueError with its repr
xs = ["a", "b"]
xs.append("c")
print(xs.index("c"))
print(xs.index("z"))
