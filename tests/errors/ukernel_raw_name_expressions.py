import cupy as cp

m = cp.RawModule(code="template<int N> __global__ void k() {}", name_expressions=["k<1>"])
