# a parameter bound to an empty list, iterated inside the function: once a segfault
def show(xs):
    for x in xs:
        print(x)


show([])
