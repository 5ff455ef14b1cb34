def f(a, b):
    return a + b


xs = [1, 2]
print(f(*xs))
