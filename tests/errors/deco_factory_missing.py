def repeat(n):
    def deco(f):
        def w(x):
            for _ in range(n):
                f(x)

        return w

    return deco


@repeat()
def show(x):
    print(x)


show(1)
