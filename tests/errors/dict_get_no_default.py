d = {1: 2.5}
x = d.get(1)
print(x)
