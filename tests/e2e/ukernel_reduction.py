# cp.ReductionKernel compiled ahead of time (lower/api/kernel.c): map_expr fused into the
# built-in reduction skeleton as its prologue, reduce_expr and identity as the combiner,
# post_map_expr as an elementwise op; axis=, keepdims=, out=, reduce_type=, placeholders and
# typed parameters; CuPy's k-means kernels.  Expected output: twins/ukernel_reduction.py.
import cupy as cp

sum_kernel = cp.ReductionKernel(
    'T x, S mask', 'T out',
    'mask ? x : 0',
    'a + b', 'out = a', '0',
    'sum_kernel'
)
count_kernel = cp.ReductionKernel(
    'T mask', 'float32 out',
    'mask ? 1.0 : 0.0',
    'a + b', 'out = a', '0.0',
    'count_kernel'
)
l2norm = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
maxabs = cp.ReductionKernel('T x', 'T y', 'abs(x)', 'max(a, b)', 'y = a', '0', 'maxabs')
mean_i = cp.ReductionKernel('int32 x', 'float64 y', 'x', 'a + b', 'y = a / _in_size', '0',
                            'mean_i', reduce_type='int64',
                            preamble='#define _in_size 4.0')
minval = cp.ReductionKernel('T x', 'T y', 'x', 'min(a, b)', 'y = a', 'CUDART_INF', 'minval')

X = cp.arange(12, dtype=cp.float64).reshape(4, 3)
mask = X > 4
print(sum_kernel(X, mask, axis=0))
print(sum_kernel(X, mask, axis=1))
print(count_kernel(mask, axis=1))
print(l2norm(X + 1, axis=1, keepdims=True))
print(l2norm(X))
print(maxabs(cp.array([[3.0, -7.5], [2.0, 1.0]], dtype=cp.float32), axis=0))
print(mean_i(cp.arange(8, dtype=cp.int32).reshape(2, 4), axis=1))
out = cp.zeros(3)
sum_kernel(X, mask, out, axis=0)
print(out)
print(minval(X - 5.0, axis=(0, 1)))
print(minval(cp.zeros((0, 3)), axis=0))
