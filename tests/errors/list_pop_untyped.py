# pop of a list whose elements have no type
xs = []
print(xs.pop())
