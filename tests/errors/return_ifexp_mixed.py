def g(n):
    return g(n - 1) * 1.5 if n > 0 else 1


print(g(3))
