"""copy_bw.py — device-to-device copy bandwidth of this GPU, the ceiling for memory-bound rows.

Copies 2^28 float32 (1 GiB) from one CuPy array to another, three ways, each timed with CUDA
events after warm-ups (median of REPEATS); bandwidth = 2 * bytes / time (bytes read + written).
Prints one `COPY_BW <how> <GB/s>` line per way (bench/report.py takes the best as the ceiling)
and `INFO` lines with the versions and the device.
"""
import sys

import numpy
import cupy as cp

N = 2 ** 28
WARMUP = 3
REPEATS = 20


def median(v):
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def measure(fn):
    """Median ms of fn() over REPEATS runs, each between two CUDA events."""
    for _ in range(WARMUP):
        fn()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(REPEATS):
        e0, e1 = cp.cuda.Event(), cp.cuda.Event()
        e0.record()
        fn()
        e1.record()
        e1.synchronize()
        times.append(cp.cuda.get_elapsed_time(e0, e1))
    return median(times)


def main():
    dev = cp.cuda.Device()
    props = cp.cuda.runtime.getDeviceProperties(dev.id)
    name = props["name"]
    if isinstance(name, bytes):
        name = name.decode(errors="replace")
    print("INFO cupy", cp.__version__)
    print("INFO numpy", numpy.__version__)
    print("INFO python", sys.version.split()[0])
    print("INFO device", name)
    src = cp.random.random(N, dtype=cp.float32)
    dst = cp.empty_like(src)
    nbytes = src.nbytes
    ways = [
        ("copyto", lambda: cp.copyto(dst, src)),
        ("assign", lambda: dst.__setitem__(Ellipsis, src)),
        ("memcpy", lambda: cp.cuda.runtime.memcpyAsync(
            dst.data.ptr, src.data.ptr, nbytes, cp.cuda.runtime.memcpyDeviceToDevice,
            cp.cuda.get_current_stream().ptr)),
    ]
    for how, fn in ways:
        try:
            ms = measure(fn)
        except Exception as e:  # one way failing must not hide the others
            print("WARN copy_bw %s failed: %s: %s" % (how, type(e).__name__, e), file=sys.stderr)
            continue
        print("COPY_BW %s %.1f" % (how, 2.0 * nbytes / 1e9 / (ms / 1e3)))
        sys.stdout.flush()
    if not bool(cp.all(dst == src)):
        print("WARN copy_bw: the copy differs from its source", file=sys.stderr)


main()
