# devloop.c: loops of host scalars, 0-d arrays and single elements run on the device as one
# single-thread kernel (crc16's bit loop, while/if/break, element stores, 0-d accumulators);
# and loops it must keep on the host (print inside, arrays as a whole inside), same results
import cupy as cp


def crc16(data, poly=0x8408):
    crc = 0xFFFF
    for b in data:
        cur_byte = 0xFF & b
        for _ in range(0, 8):
            if (crc & 0x0001) ^ (cur_byte & 0x0001):
                crc = (crc >> 1) ^ poly
            else:
                crc >>= 1
            cur_byte >>= 1
    crc = (~crc & 0xFFFF)
    crc = (crc << 8) | ((crc >> 8) & 0xFF)
    return crc & 0xFFFF


def first_over(a, t):
    # while, if, break on device values; the variables after the loop
    s = 0.0
    i = 0
    while i < a.shape[0]:
        if a[i] > t:
            break
        s += float(a[i])
        i += 1
    return i, s


def prefix_sum(x):
    # element stores that later iterations read
    for i in range(1, x.shape[0]):
        x[i] = x[i] + x[i - 1]


def lower_sum(A):
    # a nest over a 2-d array; continue; negative indices
    total = 0
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            if j > i:
                continue
            total += int(A[i, j])
    return total + int(A[-1, -1])


def accumulate(x, acc):
    # a 0-d array from before the loop, updated in place
    for i in range(x.shape[0] - 1, -1, -2):
        acc += x[i] * 2


def bits_left(n, data):
    # a 0-d variable the loop rebinds; a loop that runs zero times keeps it
    v = data[0] + 0
    k = 0
    for k in range(n):
        v = v * 3 + data[k % data.shape[0]]
        if v > 1000:
            v = v % 1000
    return int(v), k  # v is a 0-d array: CuPy prints (array(721), 9), NumPy (721, 9)


def collatz(x):
    # nested while loops with an if on a device value, int() of an element
    steps = 0
    for i in range(x.shape[0]):
        c = int(x[i])
        while c != 1:
            if c % 2 == 0:
                c = c // 2
            else:
                c = 3 * c + 1
            steps += 1
        x[i] = steps
    return steps


def kept_print(x):
    # kept on the host: it prints
    s = 0
    for i in range(x.shape[0]):
        if x[i] > 2:
            print("big", i)
            s += 1
    return s


def kept_array(x, y):
    # kept on the host: an array as a whole in the body
    for i in range(3):
        if x[i] > 0:
            y = y * 2
    return y


data = (cp.arange(40) * 37 % 256).astype(cp.uint8)
print(crc16(data))
print(crc16(data[::3]))
print(crc16(data[:0]))

a = cp.array([0.5, 1.5, 2.0, 7.5, 3.0])
print(first_over(a, 5.0))
print(first_over(a, 10.0))
print(first_over(a[:0], 1.0))

x = cp.arange(1, 9, dtype=cp.int32)
prefix_sum(x)
print(x)
f = cp.linspace(0.0, 1.0, 5, dtype=cp.float32)
prefix_sum(f)
print(f)

A = cp.arange(20, dtype=cp.int16).reshape(4, 5)
print(lower_sum(A))
print(lower_sum(A.T))

acc = cp.zeros((), dtype=cp.float64)
accumulate(cp.arange(7, dtype=cp.float64), acc)
print(acc)

d = cp.array([7, 11, 5], dtype=cp.int64)
print(bits_left(10, d))
print(bits_left(0, d))

c = cp.array([6, 7, 1, 27], dtype=cp.int64)
print(collatz(c))
print(c)

print(kept_print(cp.array([1, 3, 5, 2])))
print(kept_array(cp.array([1, -1, 2]), cp.ones(3)))
