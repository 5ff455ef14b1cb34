# `is` between two ints: CPython's caching decides it; gpyc asks for ==
n = 5
m = 5
print(n is m)
