# enumerate of a list whose element type is unknown: once a segfault
a = []
for i, v in enumerate(a):
    print(i, v)
