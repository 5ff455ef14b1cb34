# [*x] of an int
n = 5
print([*n])
