# NEP 50: a Python int stored into an integer array, or given to a creation routine with an
# integer dtype, must fit the dtype (NumPy 2's OverflowError otherwise); the boundary values
# themselves store as they are, constant or known only at run time.  Bools and floats are not
# Python ints: they are cast as before.
import sys
import cupy as cp

k = len(sys.argv)   # 1

u8 = cp.zeros(5, dtype=cp.uint8)
u8[0] = 255
u8[1] = 254 + k
u8[2:4] = 0
u8[4] = True
print(u8)
u8[u8 == 0] = 128 * k
print(u8)
u8[cp.array([0, 4])] = 0
u8.fill(255)
print(u8, u8.dtype)

i8 = cp.zeros((2, 3), dtype=cp.int8)
i8[0] = -128
i8[1, :2] = 126 + k
i8[:, 2] = -127 - k
i8[1, 0] = 7.9
print(i8)
i8.fill(-128 * k)
print(i8)

u16 = cp.full(4, 65535, dtype=cp.uint16)
u16[cp.array([1, 2])] = 65534 + k
print(u16, u16.dtype)
i32 = cp.full_like(cp.zeros(3, dtype=cp.int32), -2147483648)
i32[1] = 2147483646 + k
print(i32, i32.dtype)
print(cp.full_like(i32, -2147483647 - k))
print(cp.full((2, 2), 127 * k, dtype=cp.int8))
u64 = cp.zeros(2, dtype=cp.uint64)
u64[0] = 9223372036854775807
u64[1] = k - 1
print(u64)

print(cp.array([0, 255, 254 + k], dtype=cp.uint8))
print(cp.array([[-128, 127], [-127 - k, 126 + k]], dtype=cp.int8))
print(cp.asarray([65535, 0], dtype=cp.uint16))
print(cp.array(4294967294 + k, dtype=cp.uint32))
print(cp.array([True, 2, 3.5], dtype=cp.int8))
print(cp.array([300, -1], dtype=cp.float32))

x = cp.zeros(4, dtype=cp.int16)
cp.put(x, [0, 1], [32767, -32767 - k])
cp.place(x, x == 0, [-32768])
print(x)
cp.putmask(x, x < 0, 32766 + k)
print(x)
print(cp.insert(x, 1, -32768))
cp.copyto(x, -32768 * k)
print(x)
m = cp.zeros((3, 3), dtype=cp.uint8)
cp.fill_diagonal(m, 254 + k)
print(m)
