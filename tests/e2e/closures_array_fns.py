# Nested defs that read their enclosing function's names, passed as values to the array
# routines that take a function: cp.vectorize (one elementwise kernel), cp.fromfunction and
# cp.apply_along_axis, beside sorted(key=), map and filter (issue 22).
import cupy as cp


def main(k, shift):
    def affine(x):
        return x * k + shift

    def grid(i, j):
        return i * k + j

    def weighted(row):
        return (row * k).sum()

    def far(v):
        return -abs(v - k)

    print(cp.vectorize(affine)(cp.arange(5.0)))
    print(cp.fromfunction(grid, (3, 4)))
    print(cp.apply_along_axis(weighted, 1, cp.arange(6.0).reshape(2, 3)))
    def near(v):
        return abs(v - k) <= 1

    vals = [5, 1, 4, 2, 3]
    print(sorted(vals, key=far), list(map(far, vals)), list(filter(near, vals)))


main(3, 0.5)
main(2, -1.0)
