# NumPy 2 compares an integer array with a Python int by value, also one outside the array's
# dtype (uint8_array < 300 is all True, uint8_array == -1 all False), where arithmetic with it
# raises OverflowError.  Constants and ints known only at run time, every integer dtype, both
# operand orders, the operators and the comparison ufuncs.
import cupy as cp


def show(name, a, n):
    print(name, a.dtype)
    print("  300:", a == 300, a != 300, a < 300, a <= 300, a > 300, a >= 300)
    print("  -1:", a == -1, a != -1, a < -1, a <= -1, a > -1, a >= -1)
    print("  reflected:", 300 > a, 300 <= a, -1 < a, -1 >= a, 70000 == a, -70000 != a)
    print("  ufuncs:", cp.equal(a, 70000), cp.not_equal(a, -70000), cp.less(a, 5000000000),
          cp.less_equal(-5000000000, a))
    print("  extremes:", cp.greater(a, 9223372036854775807), cp.greater_equal(a, -9223372036854775807 - 1),
          a < 9223372036854775807, a > -9223372036854775807)
    # n is known only at run time: 300, -300 and 100 (in every dtype's range)
    print("  run time:", a < n, a == n, a >= -n, n > a, a != -n, -n < a, a > n // 3, a <= n - 1000)
    m = a >= -1
    print("  masked sum:", cp.sum(a[a < n]), cp.sum(m))


n = int(cp.sum(cp.array([100, 200])))
show("int8", cp.array([-128, -1, 0, 100, 127], dtype=cp.int8), n)
show("uint8", cp.array([0, 1, 100, 200, 255], dtype=cp.uint8), n)
show("int16", cp.array([-32768, -1, 0, 299, 32767], dtype=cp.int16), n)
show("uint16", cp.array([0, 1, 299, 300, 65535], dtype=cp.uint16), n)
show("int32", cp.array([-2147483648, -300, 0, 300, 2147483647], dtype=cp.int32), n)
show("uint32", cp.array([0, 1, 300, 70000, 4294967295], dtype=cp.uint32), n)
show("int64", cp.array([-9223372036854775807, -300, 0, 300, 9223372036854775807], dtype=cp.int64), n)
show("uint64", cp.array([0, 1, 300, 5000000000, 18446744073709551615], dtype=cp.uint64), n)

# 2-d and 0-d arrays keep their shape
b = cp.arange(6, dtype=cp.uint8).reshape(2, 3)
print(b < 256)
print(b != -1)
z = cp.array(7, dtype=cp.int8)
print(z < 1000, z == -1000, z > -129)
# a comparison whose operands are both in range is unchanged
print(b > 2, cp.less_equal(b, 3))
