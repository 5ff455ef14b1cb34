# f(*xs) of a list shorter than f's required parameters: Python's TypeError naming the missing one
def box(x, y, z):
    return x * y * z


sides = [2.0, 3.0, 4.0]
print(box(*sides))
sides.pop()
print(box(*sides))
