# integrate.py — definite integrals by the composite trapezoid and Simpson rules on a uniform
# grid from cp.linspace, refined until successive estimates agree.
#
#   gpyc integrate.py -o integrate && ./integrate
import cupy as cp


def trapezoid(y, h):
    return h * (float(y.sum()) - 0.5 * (float(y[0]) + float(y[-1])))


def simpson(y, h):
    """Composite Simpson's rule; y has an odd number of samples."""
    return h / 3.0 * float(y[0] + y[-1] + 4.0 * y[1:-1:2].sum() + 2.0 * y[2:-1:2].sum())


def gauss_bell(x):
    return cp.exp(-x * x)


def main():
    a = -3.0
    b = 3.0
    n = 8
    prev = 0.0
    while n <= 1048576:
        x = cp.linspace(a, b, n + 1)
        h = (b - a) / n
        y = gauss_bell(x)
        t = trapezoid(y, h)
        s = simpson(y, h)
        print(f"n = {n:8d}  trapezoid = {t:.10f}  simpson = {s:.10f}")
        change = s - prev
        if change < 0:
            change = -change
        if n > 8 and change < 1e-12:
            break
        prev = s
        n *= 4
    pi = 3.141592653589793
    m = 100000
    xs = cp.linspace(0.0, pi, m + 1)
    area = trapezoid(cp.sin(xs) ** 2, pi / m)
    print(f"integral of sin(x)^2 over [0, pi] = {area:.8f} (exact: {pi / 2:.8f})")


if __name__ == "__main__":
    main()
