import cupy as cp

x = 18446744073709551615
print(x)
