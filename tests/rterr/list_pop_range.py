# list.pop(i) past the end
xs = [1, 2, 3]
print(xs.pop(-3))
print(xs.pop(2))
