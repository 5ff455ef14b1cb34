# in-place operators on arrays and through views; dtype is kept
import cupy as cp

x = cp.arange(5)
x += 1
print(x)
x *= 3
print(x)
x -= cp.arange(5)
print(x)
x //= 2
print(x, x.dtype)
y = cp.linspace(0, 1, 5)
y += 1
y /= 2
y *= cp.array([1.0, 2.0, 3.0, 4.0, 5.0])
print(y)
y **= 2
print(y)
f = cp.ones(4, dtype=cp.float32)
f += 0.5
f *= 2
print(f, f.dtype)
i32 = cp.arange(4, dtype=cp.int32)
i32 += 7
i32 %= 3
print(i32, i32.dtype)
m = cp.zeros((3, 3))
m[1] += 5
m[:, 2] -= 1
m[1:, 1:] *= 2
print(m)
acc = cp.zeros(3)
for k in range(4):
    acc += k
print(acc)
b = cp.arange(6).reshape(2, 3)
b += cp.array([10, 20, 30])
print(b)
