import itertools

firsts = list(itertools.islice(itertools.count(), 5))
print(firsts)
