# if __name__ == "__main__", sys.argv, time.perf_counter, cp.cuda.Device().synchronize()
import sys
import time

import cupy as cp


def work(n):
    x = cp.arange(n, dtype=cp.float64)
    return float((x * x).sum())


def main():
    print("args:", len(sys.argv))
    t0 = time.perf_counter()
    r = work(1000)
    cp.cuda.Device().synchronize()
    t1 = time.perf_counter()
    print("result:", r)
    print("elapsed >= 0:", t1 - t0 >= 0)
    if len(sys.argv) > 1:
        print("first argument:", sys.argv[1])


if __name__ == "__main__":
    main()
