# f(*xs, k=v) where the list reaches k's position: Python's TypeError
def scale(x, k=2):
    return x * k


args = [3]
print(scale(*args, k=5))
args.append(4)
print(scale(*args, k=5))
