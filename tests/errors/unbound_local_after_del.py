def f():
    x = 1
    del x
    return x


print(f())
