# fuzz finding (make test's smoke, LeakSanitizer): the stack of `with` contexts (Lower.withs,
# lower/api/device.c) was never freed; the input is e2e device_streams' first lines
# cupy.cuda: streams and explicit synchronisation change timing only, never values.
# (cupy.cuda.runtime.deviceSynchronize: the NumPy oracle has no cupy.cuda.runtime, see
# tests/api-not-exercised.txt.)
import cupy as cp

x = cp.arange(5.0)
with cp.cuda.Stream():
    y = x * 2.0
cp.cuda.Device().synchronize()
s = cp.cuda.Stream()
print(y, float(y.sum()))
