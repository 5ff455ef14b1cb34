# @cupyx.jit.rawkernel(): Python-bodied kernels that gpyc translates to CUDA (lower/api/jit.c):
# grid-stride loops, both launch forms, shared memory, syncthreads and atomics, local scalars
# typed by their first assignment, Python's // and % and /, casts, math, abs/min/max, while
# with break and continue, warp shuffles, laneid/warpsize, scalar arguments (Python numbers,
# NumPy scalar types, a 0-d array).  Integer data keeps the atomic sums exact in any order.
# Expected output: twins/jit_rawkernel.py (the NumPy oracle has no cupyx.jit).
import math

import cupy as cp
import cupyx
from cupyx import jit
from cupyx.jit import shfl_xor_sync


@jit.rawkernel()
def copy_scaled(x, y, size, scale):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    ntid = jit.gridDim.x * jit.blockDim.x
    for i in range(tid, size, ntid):
        y[i] = x[i] * scale


@jit.rawkernel()
def block_sum(x, out, size):
    value = cp.int32(0)
    for i in range(jit.grid(1), size, jit.gridsize(1)):
        value += x[i]
    smem = jit.shared_memory(cp.int32, 128)
    smem[jit.threadIdx.x] = value
    jit.syncthreads()
    if jit.threadIdx.x == cp.uint32(0):
        total = cp.int32(0)
        for k in range(jit.blockDim.x):
            total += smem[k]
        jit.atomic_add(out, 0, total)


@jit.rawkernel()
def python_ops(a, out_i, out_f, n):
    i = jit.grid(1)
    if i < n:
        v = a[i]
        out_i[i * 5] = v // 3
        out_i[i * 5 + 1] = v % 3
        out_i[i * 5 + 2] = -v // 4
        out_i[i * 5 + 3] = abs(v - 5) + max(v, 2) - min(v, 1)
        out_i[i * 5 + 4] = (v << 2) | 1 if v > 0 else ~v
        out_f[i * 3] = v / 4
        out_f[i * 3 + 1] = math.sqrt(abs(v) * 1.0) + cp.float32(0.5)
        out_f[i * 3 + 2] = v % 2.5 + 2 ** 3


@jit.rawkernel()
def collatz(start, steps, n):
    i = jit.grid(1)
    if i >= n:
        return
    x = start[i]
    count = 0
    while True:
        if x == 1:
            break
        count += 1
        if x % 2 == 0:
            x = x // 2
            continue
        x = 3 * x + 1
    steps[i] = count


@cupyx.jit.rawkernel()
def warp_sum(x, out):
    v = x[jit.threadIdx.x]
    offset = 16
    while offset > 0:
        v += jit.shfl_down_sync(0xffffffff, v, offset)
        offset //= 2
    cupyx.jit.syncwarp()
    if jit.laneid() == 0:
        out[jit.threadIdx.x // jit.warpsize] = v


@jit.rawkernel()
def atomics(x, res, n):
    i = jit.grid(1)
    if i < n:
        jit.atomic_max(res, 0, x[i])
        jit.atomic_min(res, 1, x[i])
        jit.atomic_add(res, 2, 1)
        jit.atomic_or(res, 3, x[i])
        jit.atomic_sub(res, 4, x[i])


n = 1000
x = cp.arange(n, dtype=cp.float32) * 0.5
y = cp.zeros(n, dtype=cp.float32)
copy_scaled((4,), (64,), (x, y, n, 2.5))
print(y[:5], y[-3:], float(y.sum()))
size = cp.uint32(n)
copy_scaled[3, 32](x, y, size, cp.float32(-1.0))
print(y[:5], y[-3:])
z = cp.zeros(n, dtype=cp.float64)
copy_scaled[2, 128](x, z, cp.int32(500), 4)
print(z[498:502])

xi = cp.arange(5000, dtype=cp.int32) % 97
out = cp.zeros(1, dtype=cp.int32)
block_sum[8, 128](xi, out, 5000)
print(out[0], int(xi.sum()))
block_sum((1,), (128,), (xi, out, 100))
print(out[0])

a = cp.array([-7, -1, 0, 1, 5, 9, 12], dtype=cp.int64)
oi = cp.zeros(35, dtype=cp.int64)
of = cp.zeros(21, dtype=cp.float64)
python_ops[1, 32](a, oi, of, 7)
print(oi.reshape(7, 5))
print(of.reshape(7, 3))

st = cp.array([1, 2, 3, 6, 7, 27], dtype=cp.int64)
steps = cp.zeros(6, dtype=cp.int32)
collatz[1, 64](st, steps, 6)
print(steps)

w = cp.arange(64, dtype=cp.int32)
ws = cp.zeros(2, dtype=cp.int32)
warp_sum[1, 64](w, ws)
print(ws)

xa = cp.array([5, 3, 12, 7, 9, 1, 8], dtype=cp.int32)
res = cp.array([-100, 100, 0, 0, 0], dtype=cp.int32)
atomics[1, 32](xa, res, 7)
print(res)

# arrays are CuPy's CArray views (pointer, shape, byte strides): x[i, j] of 2-d arrays, strided
# and transposed views, x.shape[k] and x.size; signed 64-bit atomics


@jit.rawkernel()
def add2d(x, y, out):
    i = jit.blockIdx.x
    j = jit.threadIdx.x
    if i < out.shape[0] and j < out.shape[1]:
        out[i, j] = x[i, j] + y[i, j] * 2


@jit.rawkernel()
def hist64(x, h):
    tid = jit.grid(1)
    if tid < x.size:
        jit.atomic_add(h, x[tid] % 4, x[tid] - 10)
        jit.atomic_sub(h, 3, 1)
        jit.atomic_max(h, 4, x[tid])
        jit.atomic_min(h, 5, -x[tid])


m = cp.arange(12, dtype=cp.float32).reshape(3, 4)
mt = (cp.arange(12, dtype=cp.float32).reshape(4, 3) * 10).T
o2 = cp.zeros((6, 4), dtype=cp.float32)[::2]
add2d((3,), (4,), (m, mt, o2))
print(o2)
add2d[3, 4](m[:, ::-1], m, o2)
print(o2, float(o2.sum()))
xs = cp.arange(40, dtype=cp.int64)[::3]
h = cp.zeros(6, dtype=cp.int64)
hist64[1, 32](xs, h)
print(h)

# jit.grid(2) / jit.grid(3) and jit.gridsize(n) unpacked into one name per axis (grid-stride
# loops over 2-d and 3-d arrays on 2-d and 3-d launches)


@jit.rawkernel()
def scale2d(x, out):
    i, j = jit.grid(2)
    si, sj = jit.gridsize(2)
    r = i
    while r < x.shape[0]:
        c = j
        while c < x.shape[1]:
            out[r, c] = x[r, c] * 3 + r - c
            c += sj
        r += si


@jit.rawkernel()
def index3d(out):
    x, y, z = jit.grid(3)
    nx, ny, nz = jit.gridsize(3)
    if x < out.shape[0] and y < out.shape[1] and z < out.shape[2]:
        out[x, y, z] = x * 100 + y * 10 + z + nx * 0 + ny * 0 + nz * 0


g2 = cp.arange(35, dtype=cp.int64).reshape(5, 7)
o3 = cp.zeros((5, 7), dtype=cp.int64)
scale2d((2, 2), (2, 2), (g2, o3))
print(o3)
o4 = cp.full((3, 4, 2), -1, dtype=cp.int32)
index3d((1, 2, 1), (4, 2, 2), (o4,))
print(o4)

# the other shuffles and atomics of one warp (a name imported from cupyx.jit too): shfl_sync, shfl_up_sync, shfl_xor_sync,
# atomic_exch, atomic_cas, atomic_and, atomic_xor, atomic_inc and atomic_dec (the commutative
# ones from every lane, so the result does not depend on their order)


@jit.rawkernel()
def warp_more(x, sh, acc, cnt):
    t = jit.threadIdx.x
    v = x[t]
    sh[t] = jit.shfl_sync(0xffffffff, v, 3)
    sh[32 + t] = jit.shfl_up_sync(0xffffffff, v, 1)
    sh[64 + t] = shfl_xor_sync(0xffffffff, v, 1)  # imported from cupyx.jit
    if t == 0:
        sh[96] = jit.atomic_exch(acc, 0, 42)
        sh[97] = jit.atomic_cas(acc, 1, 7, 70)
        sh[98] = jit.atomic_cas(acc, 2, 5, 50)
    if t < 8:
        jit.atomic_and(acc, 3, ~(1 << t))
    jit.atomic_xor(acc, 4, 1 << (t % 5))
    jit.atomic_inc(cnt, 0, cp.uint32(10))
    jit.atomic_dec(cnt, 1, cp.uint32(10))


xw = cp.arange(32, dtype=cp.int32) * 3 - 40
sh = cp.zeros(99, dtype=cp.int32)
acc = cp.array([1, 7, 0, 0xFFFF, 0], dtype=cp.int32)
cnt = cp.array([0, 5], dtype=cp.uint32)
warp_more[1, 32](xw, sh, acc, cnt)
print(sh[:32])
print(sh[32:64])
print(sh[64:96])
print(sh[96:], acc, cnt)
