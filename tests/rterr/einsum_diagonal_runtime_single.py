# einsum: 'ii->i' of a lone operand whose sizes differ only at run time: NumPy's view path
# words it "single operand"
import sys
import cupy as cp

n = len(sys.argv)
print(cp.einsum('ii->i', cp.ones((n + 2, n + 1))))
