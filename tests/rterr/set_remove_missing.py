# set.remove of a missing element raises KeyError with its repr
s = {i * 3 for i in range(5)}
s.remove(6)
print(sorted(s))
s.remove(7)
print("not reached")
