import cupy as cp

d = {"a": 1, "b": 2}
k = "a"
if len(d) > 1:
    k = "b"
print(d[k])
