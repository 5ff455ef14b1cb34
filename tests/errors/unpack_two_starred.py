# two starred names in one target (Python: a SyntaxError)
a, *b, *c = [1, 2, 3]
print(a, b, c)
