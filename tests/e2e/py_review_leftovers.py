# Python forms a review found refused or misreported: a starred conditional among print's
# arguments, *s of a str name, a set display with a starred item, == of lists whose items can
# never be equal, `is` of functions
a = [1, 2]
empty = [0][:0]
print(0, *a if a else a)
print(0, *empty if empty else [9])
s = 'ab'
print(*s)
print(*s, sep='-')
st = {*a, 5, *a}
print(sorted(st), len(st))
t = (1, 2)
print(sorted({*t, 3}))
print([[1]] == [1], [[1]] != [1], [[]] == [[]], [] == [], ['a'] == [1], ['a'] == ['a'])
print([(1, 2)] == [[1, 2]], [[]] == [1][:0])


def f(x):
    return x


def h(x):
    return x


g = f
print(f is h, f is g, f is not h, g is not f)
