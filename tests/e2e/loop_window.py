# loop_window.py: loopmap.c's windows — a loop whose body reads `X[.., c*i + d : c*i + e, ..]`
# (a slice that moves with the loop variable, of loop-invariant length) runs as one operation
# over a strided view of all the iterations' windows (they may overlap); a window read of the
# array the loop writes, a store into a window and windows out of range at run time keep the
# loop as written.  Every result is compared with NumPy's.
import cupy as cp


def conv2d(input, weights):
    K = weights.shape[0]
    N = input.shape[0]
    H_out = input.shape[1] - K + 1
    W_out = input.shape[2] - K + 1
    C_out = weights.shape[3]
    output = cp.empty((N, H_out, W_out, C_out), dtype=cp.float32)
    for i in range(H_out):
        for j in range(W_out):
            output[:, i, j, :] = cp.sum(input[:, i:i + K, j:j + K, :, cp.newaxis] *
                                        weights[cp.newaxis, :, :, :], axis=(1, 2, 3))
    return output


def moving_sum(out, x, K):
    for i in range(out.shape[0]):
        out[i] = x[i:i + K].sum()


def strided_windows(out, x):
    # iterations 1, 3, 5 ...: windows 2i - 1 : 2i + 2 step 2
    for i in range(1, out.shape[0], 2):
        out[i] = x[2 * i - 1:2 * i + 2:2].max() - i


def descending(out, x, K):
    for i in range(out.shape[0] - 1, -1, -1):
        out[i, :] = x[i:i + K, :].min(axis=0) + x[i + K - 1, :]


def cols(out, x, K):
    for j in range(out.shape[1]):
        out[:, j] = (x[:, j:j + K] * x[:, j + 1:j + 1 + K]).sum(axis=1)


def reads_written(A):
    # a window of the rows the loop writes: a dependence, kept
    for i in range(1, A.shape[0] - 1):
        A[i] = A[i - 1:i + 1].sum()


def writes_window(A, x):
    for i in range(A.shape[0] - 1):
        A[i:i + 2] = x[i]


def clamped(out, x):
    # the last windows run past the end (Python clamps them): as written
    for i in range(out.shape[0]):
        out[i] = x[i:i + 3].sum()


def from_the_end(out, x):
    # i - 1 < 0 at i = 0 counts from the end: as written
    for i in range(out.shape[0]):
        out[i] = x[i - 1:i + 1].sum()


# small integers in float32: every sum is exact, whatever the order of the additions
a = cp.arange(2 * 7 * 6 * 3, dtype=cp.float32)
inp = ((a * a + a // 7) % 13 - 6).reshape(2, 7, 6, 3)
b = cp.arange(3 * 3 * 3 * 4, dtype=cp.float32)
w = ((b * b + b // 5) % 7 - 3).reshape(3, 3, 3, 4)
print(conv2d(inp, w))
# K = 1, and a window as large as the input (one output pixel)
print(conv2d(inp, w[1:2, 1:2]))
print(conv2d(inp[:, :3, :3, :], w))

x = cp.arange(12, dtype=cp.int32) * 3 % 7
for K in (1, 3, 5):
    o = cp.zeros(12 - K + 1, dtype=cp.int32)
    moving_sum(o, x, K)
    print(K, o)
o = cp.full(4, -1.0)
moving_sum(o, cp.arange(6.0), 0)
print(o)

xs = cp.arange(20, dtype=cp.int64) * 5 % 9
os_ = cp.zeros(9, dtype=cp.int64)
strided_windows(os_, xs)
print(os_)

xd = cp.arange(24.0).reshape(8, 3) % 5
od = cp.zeros((6, 3))
descending(od, xd, 3)
print(od)

xc = cp.arange(30, dtype=cp.float64).reshape(3, 10) % 4 - 1.5
oc = cp.zeros((3, 6))
cols(oc, xc, 3)
print(oc)

Ar = cp.arange(6.0)
reads_written(Ar)
print(Ar)

Aw = cp.zeros(5)
writes_window(Aw, cp.arange(5.0))
print(Aw)

oc2 = cp.zeros(6, dtype=cp.int32)
clamped(oc2, cp.arange(6, dtype=cp.int32))
print(oc2)
of = cp.zeros(4)
from_the_end(of, cp.arange(1.0, 5.0))
print(of)
