# pow(base, exp, mod) takes ints only (CPython's TypeError)
print(pow(3, 4, 5))
print(pow(3.0, 4, 5))
