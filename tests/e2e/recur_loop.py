# Elementwise recurrences (compiler/recur.c): at -O2 a loop whose body is one elementwise
# kernel assigning its variable runs as one kernel that iterates per element.  The results
# must equal the loop's, iteration by iteration (the -O0 run executes the loops as written).
import cupy as cp

# W1's loop: float32 with Python float scalars (weak: stays float32)
x = cp.linspace(0.0, 1.0, 1000, dtype=cp.float32)
for i in range(2000):
    x = x * 0.99 + 0.01
print(x[:4], x.dtype, float(cp.sum(x)))

# float64, a range with start and step, an array operand read every iteration
y = cp.arange(6, dtype=cp.float64) / 7.0
w = cp.cos(cp.arange(6, dtype=cp.float64))
for j in range(3, 40, 3):
    y = cp.sin(y) * w + 0.5
print(y)

# integers wrap around as NumPy's do
z = cp.arange(5, dtype=cp.int32)
for _ in range(25):
    z = z * 3 + 1
print(z)

# a negative step; the count comes from a variable
n = 10
u = cp.ones((2, 3), dtype=cp.float32)
for t in range(n, 0, -2):
    u = u * 1.5 - 0.25
print(u)

# broadcasting: x starts (1, 4) and becomes (3, 4) in the first iteration
b = cp.ones((1, 4), dtype=cp.float32)
c = cp.arange(12, dtype=cp.float32).reshape(3, 4)
for q in range(4):
    b = b * 0.5 + c
print(b.shape, b)

# an empty range leaves the variable as it was: the same array (a view of v0 here)
v0 = cp.arange(5, dtype=cp.float64)
v = v0[1:]
for e in range(0):
    v = v * 2.0
v0[1] = 7.0
print(v)

# inside a function, on a parameter
def decay(a, steps):
    for r in range(steps):
        a = a * 0.5 + 1.0
    return a

print(decay(cp.full(3, 10.0), 5), decay(cp.full(2, 4.0, dtype=cp.float32), 0))

# not a recurrence: the loop variable is read (an ordinary loop, same results)
s = cp.zeros(3)
for k in range(4):
    s = s + k
print(s, k)
