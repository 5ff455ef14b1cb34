import cupy as cp

k = cp.RawKernel("extern \"C\" __global__ void k() {}", "k", backend="hip")
