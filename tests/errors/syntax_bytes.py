import cupy as cp

tag = b"raw" "text"
print(tag)
