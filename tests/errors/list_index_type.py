# list.index(x) compares x with the elements: of their kind
xs = [1, 2]
print(xs.index("a"))
