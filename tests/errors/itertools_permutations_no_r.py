from itertools import permutations

xs = [1, 2, 3]
for p in permutations(xs):
    print(p)
