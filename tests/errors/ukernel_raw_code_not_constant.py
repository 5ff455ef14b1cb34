import cupy as cp

name = "k"
k = cp.RawKernel(f"extern \"C\" __global__ void {name}() {{}}", name)
