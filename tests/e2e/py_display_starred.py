# Starred items of tuple and list displays: (*t, x) splices a tuple's items (a static length),
# [*xs, x] appends a list's, a one-type tuple's, a str's or range/map's items to a new list;
# tree-sitter's reading of [*f(a)] as (*f)(a) repaired
s = (2, 3)
t = (*s, 1)
u = (1, *s, *t)
l = [*range(3), 7]
m = [*l, *s, 9]
print(t, u, l, m, [*'ab', 'c'], [*map(str, [1, 2])], (*(),), [*[]])
for x in (*s, 'a'):
    print(x)
for a, b in zip((*s, 4), [5, 6, 7]):
    print(a, b)
def shape_plus(sh, n):
    return (*sh[:-1], n)
print(shape_plus((4, 5, 6), 2))


def pad(sh):
    return [*sh, 1], (0, *sh)


print(pad((3, 4)), [*[i * i for i in range(3)], *(5, 6)])
