# Chained assignments whose targets unpack the value: each target gets it, left to right
x, y = z = (1, [2, 3])
print(x, y, z)
a, b = c, d = e = ("s", 2.5)
print(a, b, c, d, e)
p = q, r = 4, 5
print(p, q, r)
first, *rest = names2 = ["u", "v", "w"]
print(first, rest, names2)
for i in range(2):
    lo, hi = bounds = (i, i * 10)
    print(lo, hi, bounds)
