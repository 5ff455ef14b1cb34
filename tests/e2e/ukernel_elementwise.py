# cp.ElementwiseKernel compiled ahead of time (lower/api/kernel.c): typed and generic (T)
# parameters, Python scalars, broadcasting, several outputs, given outputs, preamble and
# loop_prep, i, _ind.size(), raw parameters, size=, block_size=, no_return, and fusion with
# the elementwise operations around a call.  Expected output: twins/ukernel_elementwise.py.
import cupy as cp

squared_diff = cp.ElementwiseKernel(
    'float32 x, float32 y',
    'float32 z',
    'z = (x - y) * (x - y)',
    'squared_diff')

axpy = cp.ElementwiseKernel('T a, T x, T y', 'T r', 'r = a * x + y', 'axpy')

polar = cp.ElementwiseKernel(
    'T x, T y', 'T r, T theta',
    '''
    r = hypot_of(x, y);
    theta = atan2(y, x);
    ''',
    'polar',
    preamble='''
    __device__ inline T hypot_of(T a, T b) { return sqrt(a * a + b * b); }
    ''')

clamp_add = cp.ElementwiseKernel(
    'T x, T lo, T hi', 'T y',
    'y = y + (x < lo ? lo : (x > hi ? hi : x))',
    'clamp_add')

with_prep = cp.ElementwiseKernel(
    'T x', 'T y',
    'y = x * scale',
    'with_prep',
    loop_prep='const T scale = 3')

index_of = cp.ElementwiseKernel('T x', 'int64 y', 'y = i * 10 + _ind.size()', 'index_of')

reverse = cp.ElementwiseKernel(
    'raw T x', 'T y',
    'y = x[_ind.size() - i - 1]',
    'reverse')

iota = cp.ElementwiseKernel('', 'int32 y', 'y = i', 'iota')

mixed = cp.ElementwiseKernel('T x, int32 n, float64 s', 'float64 y', 'y = x * n + s', 'mixed')

a = cp.arange(6, dtype=cp.float32)
b = cp.linspace(0, 1, 6, dtype=cp.float32)
print(squared_diff(a, b))

# generic T, scalars taking T's type, broadcasting of a column against a row
col = cp.arange(3, dtype=cp.float64).reshape(3, 1)
row = cp.arange(4, dtype=cp.float64)
print(axpy(2.0, col, row))
print(axpy(3, cp.arange(5, dtype=cp.int32), cp.ones(5, dtype=cp.int32)))

# two outputs, a preamble using T
r, th = polar(cp.array([3.0, 0.0, -1.0]), cp.array([4.0, 2.0, 0.0]))
print(r)
print(th)

# given output: read as y's initial value, written in place; the call returns it
acc = cp.full(5, 100.0)
res = clamp_add(cp.array([-5.0, 0.5, 2.0, 7.0, 1.0]), 0.0, 3.0, acc)
print(acc)
print(res)

print(with_prep(cp.arange(4, dtype=cp.int64)))
print(index_of(cp.zeros((2, 3), dtype=cp.float32)))
print(reverse(cp.arange(5, dtype=cp.float64), cp.empty(5, dtype=cp.float64)))
print(iota(size=7))
print(iota(size=4, block_size=64))
print(mixed(cp.arange(3, dtype=cp.float32), 2, 0.5))

# fused with its neighbours: one kernel for the product, the call and the square root
x = cp.arange(8, dtype=cp.float32)
print(cp.sqrt(squared_diff(x * 2, x + 1)) - 1)

# inside a function, per argument dtype
def scaled(v, s):
    return axpy(s, v, v)

print(scaled(cp.arange(3, dtype=cp.float32), 0.5))
print(scaled(cp.arange(3, dtype=cp.int64), 4))

# a preamble's own names shadow the program's (uint64_t, as 05_monte_carlo's typedef), an
# output named s and a loop counter named i inside the operation
mix = cp.ElementwiseKernel(
    'T x, int32 seed', 'T s',
    '''
    uint64_t st[2];
    init_state(st, i, seed);
    s = x + T(next_of(st) % 1000);
    for (int i = 0; i < 2; ++i) s += 1;
    ''',
    'mix',
    preamble='''
    typedef unsigned long long uint64_t;
    __device__ inline void init_state(uint64_t* a, int i, int seed) { a[0] = i + 1; a[1] = 7 + seed; }
    __device__ inline uint64_t next_of(uint64_t* a) {
        uint64_t r = a[0] * 31 + a[1];
        a[0] = a[1];
        a[1] = r;
        return r;
    }
    ''')
print(mix(cp.arange(5, dtype=cp.float64), 3))
print(mix(cp.arange(4, dtype=cp.int32), 30) * 2)
