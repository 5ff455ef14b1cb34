# a starred name alone is not a target (Python: a SyntaxError)
*a = [1, 2]
print(a)
