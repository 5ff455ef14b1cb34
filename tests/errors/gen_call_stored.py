import cupy as cp


def chunks(x):
    for i in range(3):
        yield x[i]


a = cp.arange(3)
c = chunks(a)
for v in c:
    print(v)
