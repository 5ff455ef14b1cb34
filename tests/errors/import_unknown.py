import cupy as cp
import pandas

print(1)
