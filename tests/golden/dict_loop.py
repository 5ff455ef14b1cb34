# A loop over a dict of arrays fuses as the same code on plain variables: the kernels of the
# two halves are the same (k4/k6 and k10/k12: one fused kernel per array each)
import cupy as cp

x = cp.arange(8.0)
params = {'w': x * 2.0, 'b': x + 1.0}
for k in params:
    params[k] = params[k] * 0.5 + 1.0
print(params['w'], params['b'])

w = x * 2.0
b = x + 1.0
w = w * 0.5 + 1.0
b = b * 0.5 + 1.0
print(w, b)
