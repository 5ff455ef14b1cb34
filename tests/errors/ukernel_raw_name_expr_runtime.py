import sys
import cupy as cp
m = cp.RawModule(code='template<typename T> __global__ void k(T *x) {}',
                 name_expressions=(sys.argv[0],))
