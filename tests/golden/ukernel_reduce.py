# reductions with user kernels: a ReductionKernel's map_expr and the elementwise producers of
# its arguments are the prologue of one reduction kernel (the built-in skeleton, the user's
# combiner); post_map_expr other than `out = a` is an elementwise kernel after it
import cupy as cp

sum_kernel = cp.ReductionKernel('T x, S mask', 'T out', 'mask ? x : 0', 'a + b', 'out = a', '0', 'sum_kernel')
l2norm = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')

X = cp.arange(12, dtype=cp.float32).reshape(4, 3)
print(sum_kernel(X * 2, X > 4, axis=0))
print(l2norm(X - 1, axis=1))
