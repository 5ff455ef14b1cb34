# a loop that changes a name's type at every iteration (ndim grows): peeling the first
# iteration does not help, the conflict stays an error
import cupy as cp

x = cp.ones(3)
for i in range(3):
    x = x[None] + i
print(x)
