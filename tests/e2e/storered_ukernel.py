# A store whose value is not elementwise (compiler/passes/storered.c): an ElementwiseKernel
# that reads its index i writes A through its given output, then a column reduction reads A.
# The kernel computes from its own index, so the store is not run in the reduction (-v says
# so).  Expected output: twins/storered_ukernel.py.
import cupy as cp

add_index = cp.ElementwiseKernel('float64 x', 'float64 y', 'y = y + x * i', 'add_index')
A = cp.arange(12.0).reshape(4, 3)
add_index(cp.full((4, 3), 0.5), A)
y = cp.array([1.0, -1.0, 2.0, 0.5])
print((A * y[:, None]).sum(axis=0))
print(A)
