import cupy as cp

m = cp.RawModule(code="extern \"C\" __global__ void k() {}")
m((1,), (1,), ())
