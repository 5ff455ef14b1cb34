# fuse.c with user kernels: an ElementwiseKernel call fuses with the elementwise operations
# around it (producer and consumer, two outputs in one kernel, a given output written in
# place), a call as a reduction's prologue; an indexed kernel (reads i or a raw argument)
# takes producers but stays a kernel of its own, except for the store into its given output
import cupy as cp

sqdiff = cp.ElementwiseKernel('T x, T y', 'T z', 'z = (x - y) * (x - y)', 'sqdiff')
sincos = cp.ElementwiseKernel('T x', 'T s, T c', 's = sin(x); c = cos(x)', 'sincos')
shift = cp.ElementwiseKernel('raw T x', 'T y', 'y = x[(i + 1) % _ind.size()]', 'shift')

x = cp.arange(16, dtype=cp.float32)
d = cp.sqrt(sqdiff(x * 2, x + 1)) - 1
s, c = sincos(d)
print(s * c + 1)
acc = cp.zeros(16, dtype=cp.float32)
sqdiff(x, 3.0, acc)
print(acc)
print(cp.sum(sqdiff(x, x * 0.5)))
print(shift(x * 3, size=16) + 1)
shift(x * 3, acc)
print(acc)
