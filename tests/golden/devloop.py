# devloop: a bit loop whose if reads a device value runs as one single-thread kernel; a loop
# that prints or works on whole arrays stays on the host (the reason in the listing)
import cupy as cp


def parity(data):
    p = 0
    for b in data:
        v = b & 0xFF
        for _ in range(8):
            if v & 1:
                p ^= 1
            v >>= 1
    return p


def noisy(x):
    for i in range(x.shape[0]):
        if x[i] > 0:
            print(i)


def whole(x):
    for i in range(x.shape[0]):
        if x[i] > 0:
            x = x + 1
    return x


d = cp.arange(10, dtype=cp.uint8)
print(parity(d))
noisy(d)
print(whole(d))
