# < of tuples compares elements: arrays give arrays
import cupy as cp

a = cp.zeros(2)
print((1, a) < (1, a))
