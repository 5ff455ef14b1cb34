# f-strings with format specs, and str(), repr-ish printing of scalars
import cupy as cp

pi = 3.14159265358979
n = 42
print(f"{pi:.3f} {pi:.0f} {pi:8.2f}| {pi:<8.2f}| {pi:^9.1f}|")
print(f"{n:>8}|{n:<6}|{n:^7}|{n:05d}|{n:+d}|{-n:05d}")
print(f"{pi:e} {pi:.2e} {123456.0:E} {0.000123:.1e}")
print(f"{pi:g} {1e-7:g} {123456789.0:g} {100.0:g} {0.5:.3g}")
print(f"{0.256:%} {0.256:.1%} {1.5:.0%}")
print(f"{n:x} {n:b} {n:o} {255:X} {1234567:,} {1234567.891:,.2f}")
print(f"{n} {pi} {True} {'s'} {1.0} {n * 2}")
print(f"{'left':<8}|{'right':>8}|{'mid':*^9}|")
print(f"n={n}")
print(f"{{braces}} {n}%")
x = cp.linspace(0, 1, 5)
print(f"sum={float(x.sum()):.4f} max={float(x.max()):.2e} n={x.size:d}")
print(f"mean {x.mean():.3f} / {x.sum()}")
print(f"{x.shape} {x.dtype} {x.ndim}")
print(f"{cp.arange(3)}")
v = 7.0
print(f"{v:.1f}", f"{v:5.1f}", f"{int(v):3d}")
