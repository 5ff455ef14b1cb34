# What the twins of the out-of-memory tests share: CuPy's OutOfMemoryError with its message
# (cupy/cuda/memory.pyx, OutOfMemoryError.__init__) and CuPy's pool accounting: each
# allocation rounded up to 512 bytes; the total held under CUPY_GPU_MEMORY_LIMIT; and a device
# of DEVICE_BYTES, which no GPU has.
import os


class OutOfMemoryError(MemoryError):
    def __init__(self, size, total, limit=0):
        if limit == 0:
            msg = "Out of memory allocating {:,} bytes (allocated so far: {:,} bytes).".format(size, total)
        else:
            msg = ("Out of memory allocating {:,} bytes (allocated so far: {:,} bytes, "
                   "limit set to: {:,} bytes).".format(size, total, limit))
        super().__init__(msg)


OutOfMemoryError.__module__ = "cupy.cuda.memory"
DEVICE_BYTES = 1 << 40
limit = int(os.environ.get("CUPY_GPU_MEMORY_LIMIT", "0"))
used = 0


def alloc(nbytes):
    """Accounts for an array of nbytes, as CuPy's pool would allocate it."""
    global used
    size = (nbytes + 511) // 512 * 512
    if (limit and used + size > limit) or size > DEVICE_BYTES:
        raise OutOfMemoryError(size, used, limit)
    used += size
