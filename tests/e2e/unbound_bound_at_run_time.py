# names bound on some paths only (or deleted on some), read where the path taken bound them:
# each prints what Python prints
import sys

n = len(sys.argv) + 2          # 3

if n > 1:
    y = 10
print(y)

for i in range(n):
    last = i * 2
print(last, i)

found = -1
for k in range(n):
    if k == 1:
        hit = k                  # bound in the second iteration, kept by the third
print(hit)


def first_big(xs, t):
    for v in xs:
        if v > t:
            big = v
            break
    return big


print(first_big([1, 5, 9], 4))


def pick(c):
    if c:
        r = "yes"
    else:
        r = "no"
    if c:
        extra = 1
    return r if not c else r + str(extra)


print(pick(n > 2), pick(n > 5))

z = 5
if n > 100:
    del z
print(z)
w = 1
del w
w = 2.5
print(w)

m = 0
while m < n:
    inner = m
    m += 1
print(inner)

for j in range(n):
    if j == 0:
        continue
    seen = j
else:
    done = True
print(seen, done)
