import cupy as cp

d = {"a": 1, "b": "two"}
k = "a"
if len(d) > 1:
    k = "b"
print(d[k])
