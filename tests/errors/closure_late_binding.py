def make_all():
    fs = []
    for i in range(3):
        def f(x):
            return x + i
        fs.append(f)
    return fs


for f in make_all():
    print(f(10))
