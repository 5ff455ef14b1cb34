# cp.insert with an int array of ONE position: NumPy's size-1 case inserts every value at that
# position (values given arr's ndim by leading 1s, their axis not moved), whether the size is
# known at compile time (cp.array([2])) or only at run time (flatnonzero of a mask); a 0-d
# array is the int case (values' first axis moved to axis); other run-time sizes (two, none)
# put one entry before each position.
import cupy as cp

x = cp.arange(5) * 10
g = cp.arange(6).reshape(2, 3)
one = cp.flatnonzero(x == 20)            # [2], size known only at run time
one32 = one.astype(cp.int32)
two = cp.flatnonzero(x % 20 == 0)[1:]    # [2 4]
none = cp.flatnonzero(x < 0)             # []
fixed = cp.array([2])                    # size 1 at compile time
neg = one - 7                            # [-5]

# 1-d: a scalar, several values, an array of values
print(cp.insert(x, one, 7), cp.insert(x, fixed, 7), cp.insert(x, one32, -1))
print(cp.insert(x, one, [7, 8, 9]), cp.insert(x, fixed, [7, 8, 9]))
print(cp.insert(x, neg, cp.array([1, 2])), cp.insert(x, one + 3, [5, 6]))
print(cp.insert(x, one, []).shape, cp.insert(x, fixed, cp.zeros(0, dtype=cp.int64)).shape)
print(cp.insert(x, two, [7, 8]), cp.insert(x, two, 5), cp.insert(x, none, 5))

# 2-d, axis=0: rows
print(cp.insert(g, one - 1, 9, axis=0))
print(cp.insert(g, one - 1, [7, 8, 9], axis=0))
print(cp.insert(g, fixed - 2, [[1, 2, 3], [4, 5, 6]], axis=0))
print(cp.insert(g, one, [[7], [8]], axis=0))

# 2-d, axis=1: columns; values of one row go in as columns at that position
print(cp.insert(g, one - 1, 9, axis=1))
print(cp.insert(g, one - 1, [7, 8], axis=1))
print(cp.insert(g, fixed, [[7], [8]], axis=1))
print(cp.insert(g, one, [[7, 8, 9], [4, 5, 6]], axis=1))
print(cp.insert(g, two - 1, [7, 8], axis=1))

# axis=None: g raveled
print(cp.insert(g, one, [7, 8]), cp.insert(g, fixed + 4, 0), cp.insert(g, none, 1))

# a 0-d array is the int case: values' first axis becomes the axis
print(cp.insert(g, cp.array(1), [7, 8], axis=1))
print(cp.insert(g, one[0], [7, 8], axis=1))
print(cp.insert(x.astype(cp.float32), one, [0.5, 1.5]))
