# a vertical tab inside an f-string replacement field (Python: a SyntaxError); in a format spec it
# is the fill character
x = 1
print(f"{x:>5}")
print(f"{x}")
