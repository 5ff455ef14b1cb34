# fuzzing (session 12, d573378): print() of a user kernel object reached the IR verifier
# (argument id out of range) instead of an error
import cupy as cp

k = cp.ElementwiseKernel("T x", "T z", "z = x", "k")
print(k)
