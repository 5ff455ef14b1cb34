# cp.RawKernel and cp.RawModule compiled ahead of time (lower/api/kernel.c): the CUDA source
# goes into the program's device code; launches with 1-3 dimensional grids and blocks, dynamic
# shared memory, arrays as device pointers, NumPy scalar types by value, Python ints and floats
# as CuPy passes them (int64, float64); sources built by functions of constants.  Expected
# output: twins/ukernel_raw.py.
import cupy as cp

add_kernel = cp.RawKernel(r'''
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y, int n) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n) y[tid] = x1[tid] + x2[tid];
}
''', 'my_add')

code = r'''
extern "C" __global__ void scale(double *y, double a, long long n) {
    long long i = blockDim.x * (long long)blockIdx.x + threadIdx.x;
    if (i < n) y[i] *= a;
}
extern "C" __global__ void fill2d(int *y, int v, int rows, int cols) {
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows && c < cols) y[r * cols + c] = v + 10 * r + c;
}
extern "C" __global__ void block_sum(const float *x, float *out, int n) {
    extern __shared__ float buf[];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    buf[t] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) buf[t] += buf[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = buf[0];
}
'''
mod = cp.RawModule(code=code)
scale = mod.get_function('scale')
fill2d = mod.get_function('fill2d')
block_sum = mod.get_function('block_sum')

x1 = cp.arange(25, dtype=cp.float32).reshape(5, 5)
x2 = cp.arange(25, dtype=cp.float32).reshape(5, 5)
y = cp.zeros((5, 5), dtype=cp.float32)
add_kernel((5,), (5,), (x1, x2, y, cp.int32(25)))
print(y)

z = cp.ones(10)
scale((1,), (32,), (z, 2.5, 10))
print(z)

w = cp.empty((3, 4), dtype=cp.int32)
fill2d((2, 2), (2, 2, 1), (w, cp.int32(100), cp.int32(3), cp.int32(4)))
print(w)

x = cp.arange(1000, dtype=cp.float32)
partial = cp.zeros(4, dtype=cp.float32)
block_sum((4,), (256,), (x, partial, cp.int32(1000)), shared_mem=256 * 4)
print(partial)
print(float(partial.sum()))

def scaled_copy(v, a):
    out = v.copy()
    scale(((v.size + 127) // 128,), (128,), (out, a, v.size))
    return out

for k in range(3):
    print(scaled_copy(cp.linspace(0, 1, 5), float(k)))

# A source put together at compile time by functions of constants (cupy-examples/07_sgemm's
# read_code): a loop over a dict of parameters prepending #defines, str() of ints computed
# from default and constant arguments, a helper called from another function; each constant
# argument set is its own instance (its own kernel unit).
tile_src = r'''
extern "C" __global__ void tiled(const float *a, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] * SCALE + OFFSET + HALF;
}
'''


def with_defines(src, params):
    code = src
    for k, v in params.items():
        code = '#define ' + k + ' ' + str(v) + '\n' + code
    return code


def header(name):
    return '// kernel ' + name + '\n'


def make_tiled(a, scale=3, offset=-7, block=64):
    config = {'SCALE': scale, 'OFFSET': offset // 2, 'HALF': block // (scale + 1) % 5}
    code = header('tiled') + with_defines(tile_src, params=config)
    kern = cp.RawKernel(code, 'tiled')
    out = cp.empty_like(a)
    kern(((a.size + block - 1) // block,), (block,), (a, out, cp.int32(a.size)))
    return out


print(make_tiled(cp.arange(10, dtype=cp.float32)))
print(make_tiled(cp.arange(5, dtype=cp.float32), scale=2))
print(make_tiled(cp.arange(70, dtype=cp.float32), offset=9, block=32)[60:])
