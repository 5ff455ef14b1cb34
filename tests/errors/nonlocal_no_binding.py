def f():
    def g():
        nonlocal y
        y = 2

    g()


f()
