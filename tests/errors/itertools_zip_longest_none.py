import itertools

for a, b in itertools.zip_longest([1, 2, 3], [4]):
    print(a, b)
