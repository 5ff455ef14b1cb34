# list + list (a new list), l * n and n * l (repetition), l += list or tuple (in place: every
# alias sees it), as Python's list operators
import cupy as cp

l = [1]
alias = l
l += [2]
l += (3, 4)
print(l, alias, l * 2, 2 * [0.5], 0 * l, l * -1)
print([] + [1], [1, 2] + [], [[1]] * 2, len([] * 3))
names = ['x'] + ['y', 'z']
for i in range(3):
    names = names + [str(i)]
print(names, len(names * 3))
arrs = [cp.arange(3)] * 2
arrs[0] += 10  # (the same array twice, as Python's repetition)
print(arrs)
acc = []
for k in range(4):
    acc += [k * k]
    acc = acc + [k]
print(acc, sum(acc + [100]))
rows = [cp.ones(2) * i for i in range(2)] + [cp.zeros(2)]
print(cp.stack(rows))


def grow(xs, n):
    xs += [n] * n
    return len(xs)


z = [7]
print(grow(z, 3), z)
