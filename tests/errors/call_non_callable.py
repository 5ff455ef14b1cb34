x = 3
print(x(2))
