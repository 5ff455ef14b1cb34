import cupy as cp
m = cp.RawModule(code='template<typename T> __global__ void k(T *x) {}')
k = m.get_function('k<int>')
