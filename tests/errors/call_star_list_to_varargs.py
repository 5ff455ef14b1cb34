def total(first, *rest):
    return first + len(rest)


xs = [1, 2, 3]
print(total(*xs))
