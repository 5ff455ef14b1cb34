# Source text read as Python reads it (issue 24): CR and CRLF line ends (in a string literal
# too), and a float literal too large for a double is inf.
import cupy as cpx = 1e99999print(x, -x, x > 1e308)
y = cp.full(3, 1e99999)
print(y, cp.isinf(y).all())
s = """a
bc"""print(s)
