# Python's order of tuples and str: sorted(), min(), max() and list.sort() of tuples (lexicographic,
# stable, key= returning a tuple, reverse=), the comparison operators of tuples and of str
pairs = [(3, 'a'), (1, 'b'), (3, 'A'), (2, 'z'), (1, 'b'), (2, 'y')]
print(sorted(pairs))
print(sorted(pairs, reverse=True))
print(min(pairs), max(pairs))
print(min((1, 2), (0, 5), (0, 4)), max((1, 'x'), (1, 'y')))


def second(t):
    return t[1]


def by_count_then_name(t):
    return (-t[0], t[1])


print(sorted(pairs, key=second))
print(sorted(pairs, key=by_count_then_name))
print(sorted(pairs, key=by_count_then_name, reverse=True))
print(min(pairs, key=second), max(pairs, key=second), max(pairs, key=by_count_then_name))
words = ['pear', 'fig', 'apple', 'kiwi', 'date']
print(min(words, key=len), max(words, key=len), min(words), max(words), min('b', 'a', 'c'))
ys = list(pairs)
ys.sort()
print(ys)
ys.sort(key=second, reverse=True)
print(ys)
alias = ys
ys.sort(key=by_count_then_name)
print(alias)
print((1, 2) < (1, 3), (1, 2) <= (1, 2), (1, 2) == (1, 2), (2,) > (1, 5), (1, 2) >= (1, 2, 0))
print((1, 'b') < (1, 'a'), (0.5, 2) > (0.5, 1), (1, 2) != (1, 2), () < (0,), (True, 1) < (1, 2))
print('a' < 'b', 'b' <= 'a', 'abc' > 'ab', 'Z' < 'a', 'é' > 'z', 'x' >= 'x')
nested = [((1, 'b'), 2.5), ((1, 'a'), 3.0), ((0, 'z'), 1.0), ((1, 'a'), -1.0)]
print(sorted(nested))
print(sorted(nested, reverse=True))
print(min(nested), max(nested))
d = {(2, 1): 'a', (1, 5): 'b', (1, 2): 'c'}
print(sorted(d.items()))
print(sorted(d), min(d), max(d))
scores = {'ann': 3, 'bob': 5, 'cid': 3, 'dan': 1}


def rank(kv):
    return (-kv[1], kv[0])


print(sorted(scores.items(), key=rank))
floats = [(0.5, 1), (-1.0, 2), (0.5, 0), (2.0, -3)]
floats.sort(reverse=True)
print(floats)
print(sorted([(True, 'b'), (False, 'c'), (True, 'a')]))
best = (0, '')
for t in pairs:
    if t > best:
        best = t
print(best)
