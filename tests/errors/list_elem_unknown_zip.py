# zip of lists whose element type is unknown: once a segfault
a = []
for v, w in zip(a, a):
    print(v, w)
