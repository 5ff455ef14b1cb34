import cupy as cp

k = cp.RawKernel("extern \"C\" __global__ void k(float *y) {}", "k")
k((1,), (4,), ("text",))
