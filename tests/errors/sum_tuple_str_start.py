import cupy as cp

# a str start is refused as Python refuses it, even with nothing to add
print(sum((), "ab"))
