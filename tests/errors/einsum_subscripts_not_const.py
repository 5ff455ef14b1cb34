import cupy as cp

a = cp.ones((2, 3))
s = "ij->ji"
for k in range(2):
    s = s + ""
print(cp.einsum(s,
                a))
