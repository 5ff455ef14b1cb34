# NEP 50 with Python ints known only at run time: every int in the integer dtype's range works,
# the boundary values included (one past them is NumPy 2's OverflowError: tests/rterr/nep50_*);
# int64 takes every int, uint64 every non-negative one.  Ufuncs whose loop is not an integer
# loop take any int: true_divide and float_power compute in float64, the logical ufuncs in bool.
# An integer array's clip drops a Python int bound beyond the dtype's range (NumPy >= 2.1).
import sys
import cupy as cp

k = len(sys.argv)       # 1
z = k - 1               # 0

u8 = cp.array([0, 1, 128, 255], dtype=cp.uint8)
print("uint8", u8 + z, u8 - z, 255 * k - u8, u8 & (255 * k), u8 // (255 * k), u8 ** k)
print("uint8 cmp", u8 < 256 * k, u8 >= -k, u8 != 1000 * k)

i8 = cp.array([-128, -1, 0, 127], dtype=cp.int8)
print("int8", i8 * k, i8 // (-128 * k), i8 % (127 * k), -128 * k - (i8 - i8), cp.maximum(i8, -128 * k))
acc = cp.zeros(3, dtype=cp.int8)
acc += 127 * k
acc -= 127 * k
acc -= 127 * k
acc -= k
print("int8 inplace", acc)

i16 = cp.array([3, 4], dtype=cp.int16)
print("int16", i16 - 4 + 32767 * k, i16 + (-32768 * k), cp.add(i16, -32768 * k, dtype=cp.int32))
u16 = cp.array([7, 65535], dtype=cp.uint16)
print("uint16", u16 | (65535 * k), u16 >> (15 * k), u16 << z)
i32 = cp.array([-5, 5], dtype=cp.int32)
print("int32", i32 // (2147483647 * k), i32 // (-2147483648 * k), i32 - 5 + 2147483647 * k)
u32 = cp.array([0, 3], dtype=cp.uint32)
print("uint32", u32 + 4294967292 * k, cp.multiply(u32, 4294967295 * k) // (4294967295 * k))

i64 = cp.array([-2, 3], dtype=cp.int64)
lo = -9223372036854775807 - k   # -2**63
hi = 9223372036854775806 + k    # 2**63 - 1
print("int64", i64 // lo, i64 // hi, cp.maximum(i64, lo), cp.minimum(i64, hi), i64 * 0 + lo)
u64 = cp.array([1, 18446744073709551615], dtype=cp.uint64)
print("uint64", u64 // hi, u64 - u64 + hi, u64 & z, u64 > -k)

print("scalars", cp.uint8(255 * k), cp.int8(-128 * k), cp.int16(32767 * k), cp.uint32(4294967295 * k))
print("0-d", cp.uint8(200) + 55 * k, cp.int8(-100) - 28 * k)

# ufuncs whose loop is not an integer one: any Python int
print("true_divide", u8 / (300 * k), cp.true_divide(i8, -1000 * k))
print("float_power", cp.float_power(u8, 2 * k) / (1000 * k))
print("logical", cp.logical_and(u8, 256 * k), cp.logical_or(u8 - u8, 256 * k), cp.logical_xor(i8, -1000 * k))
print("logical const", cp.logical_and(u8, 256), cp.logical_or(i8, -129))
print("true_divide const", u8 / 300, cp.float_power(i8, 2))

# clip of an integer array: a bound beyond the dtype's range is no bound (NumPy >= 2.1)
print("clip", cp.clip(u8, -5 * k, 300 * k), cp.clip(u8, 3 * k, 1000 * k), cp.clip(u8, -k, 100 * k))
print("clip", cp.clip(i8, -1000 * k, 5 * k), cp.clip(i8, -1000 * k, 1000 * k), cp.clip(u64, -k, hi))
print("clip const", cp.clip(u8, -5, 300), cp.clip(i8, -200, 0), cp.clip(u8, 2, 256).dtype)

# a loop captured as a CUDA graph keeps its checks (their outcome is the same every iteration)
acc8 = cp.zeros(4, dtype=cp.uint8)
step = 3 * k
for t in range(100):
    acc8 += step
    acc8[:] = acc8 * 1 + z
print("loop", acc8)
