# a tuple too short for the names beside the starred one
a, *b, c, d = (1, 2)
print(a, b, c, d)
