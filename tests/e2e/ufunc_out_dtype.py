# ufuncs with out= and dtype= (NumPy's ufunc keywords), clip(out=), round(out=)
import cupy as cp

a = cp.arange(6, dtype=cp.float32).reshape(2, 3)
o = cp.empty((2, 3), dtype=cp.float32)
r = cp.add(a, 1, out=o)
print(o)
print(r.dtype, r.shape)
cp.sin(a, out=o)
print(o)
cp.multiply(a, cp.arange(3, dtype=cp.float32), out=a)
print(a)

# out= of a wider dtype, broadcasting into out's shape
w = cp.zeros((2, 3))
cp.subtract(cp.arange(3), 10, out=w)
print(w, w.dtype)
i = cp.zeros(4, dtype=cp.int64)
cp.floor_divide(cp.arange(4, dtype=cp.int8), 2, out=i)
print(i)

# dtype= selects the loop
print(cp.add(cp.arange(3), 1, dtype=cp.float32))
print(cp.add(cp.arange(3), 1, dtype=cp.float32).dtype)
print(cp.sqrt(cp.arange(4), dtype=cp.float32))
print(cp.multiply(cp.arange(3, dtype=cp.int8), 100, dtype=cp.int16))
print(cp.true_divide(cp.arange(4), 3, dtype='f4'))
print(cp.add(2, 3, dtype=cp.float64))

# clip and round into out=
x = cp.array([-1.5, 0.25, 2.75, 9.0])
cp.clip(x, 0, 2, out=x)
print(x)
y = cp.empty(4)
cp.around(cp.array([1.234, 5.678, -0.5, 2.5]), 1, out=y)
print(y)
cp.round(cp.array([1.5, 2.5, 3.5, -1.5]), out=y)
print(y)
