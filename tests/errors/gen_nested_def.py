def gen(n):
    def sq(v):
        return v * v

    for i in range(n):
        yield sq(i)


for v in gen(3):
    print(v)
