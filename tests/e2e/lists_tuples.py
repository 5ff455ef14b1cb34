# homogeneous lists (literal, append, len, index, iteration, sorted, slices) and tuples
xs = [5, 3, 9, 1]
xs.append(7)
print(xs, len(xs), xs[0], xs[-1], xs[2])
total = 0
for v in xs:
    total += v
print(total)
print(sorted(xs), sorted(xs, reverse=True), xs)
fs = []
for i in range(5):
    fs.append(i * 0.5)
print(fs, len(fs))
print(sorted([2.5, -1.0, 0.25]))
names = ["b", "a", "c"]
names.append("aa")
print(sorted(names), names[1])
xs[1] = 30
print(xs)
t = (1, 2.5, "x")
print(t, t[0], t[1], t[2])
p, q = 3, 4
p, q = q, p
print(p, q)
pair = (p, q)
r, s = pair
print(r * 10 + s)
nested = ((1, 2), (3, 4))
print(nested, nested[1][0])
empty = []
empty.append(True)
print(empty, len(empty))
bs = [False, True]
bs.append(3 > 2)
print(bs, bs[-1])
# list slices: new lists, bounds clamped as slice.indices does, constant steps
xs = [10, 20, 30, 40, 50]
m = len(bs) + 1
print(xs[1:3], xs[:2], xs[3:], xs[:], xs[-2:], xs[:-2], xs[::2], xs[::-1], xs[4:1:-1], xs[-1:-10:-2])
print(xs[m:], xs[:m], xs[10:], xs[-10:2], xs[3:1], xs[None:None:None], xs[m - 9:m + 9:3])
letters = list('xyzw')[:3]
print(letters, ['a', 'b', 'c'][1:][0], [c + c for c in 'ab'][::-1])
ys = xs[1:]
ys.append(7)
print(xs, ys, [1.5, 2.5][-1:], len(xs[2:2]))
none = []
more = none[:]
more.append(3)
print(none, more, none[1:], [][::-1])
