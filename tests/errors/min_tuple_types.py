# min(a, b) of tuples of two types
print(min((1, 2), (1.5, 2)))
