import cupy as cp

a = cp.arange(3)


def report():
    cp.who()


report()
