import cupy as cp

tag = b"raw"
print(tag)
