# Lists first bound to [] and rebound in a loop (their item type known only after the loop's
# first pass; two such lists compared by the run-time lists' own kinds), in place += and *=
# (aliases and holders see them), unpacking that reads every item before assigning any, an
# item's augmented assignment that reads the item first, and an f-string {x=} field followed
# by text (review of session 15)


def main():
    acc = []
    for i in range(3):
        acc = acc + [i]
    print(acc)
    prev = []
    for i in range(3):
        cur = [i]
        print(prev == cur, prev != cur)
        prev = cur
    m = []
    for i in range(3):
        m = m * 2
        m = [i] + m
    print(m)
    q = [5]
    p = []
    for i in range(2):
        q += p
        p = [i]
    print(q)
    a = [1]
    b = a
    a *= 3
    print(a, b)
    a *= 0
    print(a, b)
    inner = [1]
    xs = [inner]
    xs[0] += [2]
    xs[0] *= 2
    print(inner, xs)
    d = {'k': inner}
    d['k'] += [9]
    t = {1: inner}
    t[1] += [8]
    print(inner)
    ys = [1, 2, 3]
    ys[2], *rest = ys
    print(ys, rest)
    zs = [1, 2]
    zs[1], w = zs
    print(zs, w)


def bump(xs):
    xs[0] = 100
    return 1


def grow(xs, n):
    xs *= n


vals = [1, 2]
vals[0] += bump(vals)
print(vals)
g = [7]
grow(g, 3)
print(g)
x = 1
print(f"{x=}a", f"{x=} {x=}!")
main()
a = []
b = []
for i in range(3):
    print(a == b, a != b)
    a.append(i)
    b.append(i * 2)
c = []
d = []
for i in range(2):
    print(c == d)
    c.append(str(i))
    d.append(str(i))
print([] == [])
