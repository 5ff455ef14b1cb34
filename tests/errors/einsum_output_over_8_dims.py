import cupy as cp

b = cp.ones((2, 2, 2, 2))
v = cp.ones(2)
print(cp.einsum("abcd,efgh,i->abcdefghi",
                b, b, v))
