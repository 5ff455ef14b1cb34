# `is` between two arrays: gpyc's copies and views are not Python's objects
import cupy as cp
a = cp.ones(2)
b = a
print(a is b)
