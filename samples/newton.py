# newton.py — square roots of a whole vector by Newton's method, iterated until every element
# has converged.  Each iteration is one fused elementwise kernel plus one max-reduction; the
# loop's test brings a single number back to the host.
#
#   gpyc newton.py -o newton && ./newton [N]
import sys
import time

import cupy as cp


def newton_sqrt(a, tol=1e-12, max_iter=100):
    """Returns (roots, iterations): x_{k+1} = (x_k + a / x_k) / 2, from x_0 = max(a, 1)."""
    x = cp.maximum(a, 1.0)
    it = 0
    while it < max_iter:
        nxt = 0.5 * (x + a / x)
        change = float(cp.abs(nxt - x).max())
        x = nxt
        it += 1
        if change <= tol * float(x.max()):
            break
    return x, it


def main():
    n = 1000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    a = cp.linspace(0.5, 1000.0, n)
    t0 = time.perf_counter()
    roots, iterations = newton_sqrt(a)
    cp.cuda.Device().synchronize()
    t1 = time.perf_counter()
    err = float(cp.abs(roots * roots - a).max())
    print(f"n = {n}, converged after {iterations} iterations")
    print("first roots:", cp.asnumpy(roots[:4]))
    print("last root:  ", float(roots[-1]))
    print(f"max |x*x - a| = {err:.3e}")
    ms = (t1 - t0) * 1000.0
    print(f"solve time: {ms:.1f} ms")


if __name__ == "__main__":
    main()
