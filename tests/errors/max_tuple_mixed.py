import cupy as cp

# max() of a tuple whose items differ in type (Python returns the item itself: 2.5 or 3)
print(max((3, 2.5)))
