x = 3
y = sum(x)
