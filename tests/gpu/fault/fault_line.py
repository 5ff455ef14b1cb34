# A raw kernel that writes far outside its array (an illegal address): the fault shows at the
# next synchronisation (line 11), and the traceback names the launch's line (10) instead.
import cupy as cp

k = cp.RawKernel(r'''
extern "C" __global__ void wild(float *p) { p[(long long)1 << 40] = 1.0f; }
''', 'wild')
x = cp.zeros(4, dtype=cp.float32)
print("before")
k((1,), (1,), (x,))
cp.cuda.Device().synchronize()
print("not reached")
