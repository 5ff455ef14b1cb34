a = [1, 2]
print(0, *a := a)
