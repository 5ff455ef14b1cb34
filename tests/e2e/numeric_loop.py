# a numeric loop with arrays: fixed-point iteration until convergence, host decisions from
# device scalars
import cupy as cp

x = cp.linspace(1.0, 4.0, 7)
guess = cp.ones_like(x)
it = 0
while it < 100:
    nxt = 0.5 * (guess + x / guess)
    err = float(cp.abs(nxt - guess).max())
    guess = nxt
    it += 1
    if err < 1e-12:
        break
print("iterations", it)
print(guess)
print(float(cp.abs(guess * guess - x).max()) < 1e-10)

n = 64
h = 1.0 / n
t = cp.linspace(0, 1, n + 1)
f = t * t
integral = float((f[:-1] + f[1:]).sum()) * h / 2
print(f"{integral:.6f}")

v = cp.zeros(8)
v[0] = 1.0
for step in range(5):
    v[1:] = v[1:] + 0.5 * (v[:-1] - v[1:])
print(v)
print(f"{float(v.sum()):.6f}")
