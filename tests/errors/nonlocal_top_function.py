def f():
    nonlocal z
    z = 1


f()
