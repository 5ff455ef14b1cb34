# A raw kernel launch that CUDA rejects (2048 threads per block, above the limit of 1024) is
# CuPy's CUDADriverError at the launch's line; the output before it is kept.
import cupy as cp

k = cp.RawKernel(r'''
extern "C" __global__ void touch(float *y) { y[threadIdx.x] = 1.0f; }
''', 'touch')
y = cp.zeros(4096, dtype=cp.float32)
print("before")
k((1,), (2048,), (y,))
print("not reached")
