# ufunc of numbers with out= and where=: the number result is selected as a 0-d array
# (a fuzz finding: the where= path cast a number as an array, an internal error)
import cupy as cp
o = cp.full(6, -1.0)
x = 6.0
cp.sqrt(x, out=o, where=x > 2)
print(o)
k = cp.zeros(3, dtype=cp.int32)
cp.add(2, 3, out=k, where=cp.array([True, False, True]))
print(k)
cp.sqrt(4.0, out=o, where=False)
print(o)
m = cp.zeros(4, dtype=cp.float32)
cp.multiply(1.5, 2, out=m, where=cp.arange(4) > 1)
print(m)
