# list.index takes 1 to 3 arguments
xs = [1, 2]
print(xs.index())
