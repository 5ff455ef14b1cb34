# NEP 50: values exactly at a dtype's limits store as they are (no OverflowError): a Python
# int into put_along_axis (constant, run-time, in a list), a run-time int into a uint64 array
# (0 and 2**63 - 1: item, slice, fill, put_along_axis, full, operators), and literal
# expressions whose value needs a uint64 (2**64 - 1, 1 << 63) where a uint64 takes them.
import sys
import cupy as cp
import cupyx

k = len(sys.argv)   # 1

u8 = cp.zeros((2, 3), dtype=cp.uint8)
cp.put_along_axis(u8, cp.array([[0], [2]]), 255, axis=1)
cp.put_along_axis(u8, cp.array([[1], [1]]), 254 + k, axis=1)
print(u8)
i8 = cp.zeros(4, dtype=cp.int8)
cp.put_along_axis(i8, cp.array([0, 3]), [-128, 126 + k], axis=0)
cp.put_along_axis(i8, cp.array([1]), -127 - k, axis=0)
print(i8)

u64 = cp.ones(4, dtype=cp.uint64)
u64[0] = k - 1
u64[1:3] = 9223372036854775806 + k
print(u64)
cp.put_along_axis(u64, cp.array([3]), 9223372036854775806 + k, axis=0)
print(u64, u64 + (k - 1), u64 - (k - 1))
u64.fill(k - 1)
print(u64, cp.full(2, k - 1, dtype=cp.uint64), cp.array([k - 1, 9223372036854775806 + k], dtype=cp.uint64))

print(cp.array([2**64 - 1, 1 << 63, 2**63 - 1 + 1, k - 1], dtype=cp.uint64))
print(cp.uint64(2**64 - 1), -(2**63), 2**64 - 2**64)

s = cp.zeros(3, dtype=cp.uint32)
cupyx.scatter_max(s, cp.array([0, 2, 2]), 4294967294 + k)
print(s)
