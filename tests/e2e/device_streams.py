# CuPy's streams, events and devices (issue 21): every operation runs on the current stream;
# values never depend on the stream.  Expected output: twins/device_streams.py under NumPy
# (the oracle has no cupy.cuda.stream module, no Stream.done and no cupy.cuda.runtime).
import cupy as cp
import cupy

x = cp.arange(12.0).reshape(3, 4)
expected = x @ x.T
cp.cuda.Device().synchronize()

# with stream:, the cupy.cuda.stream spellings, use(), synchronize()
s1 = cupy.cuda.stream.Stream()
with s1:
    y = x @ x.T
    z = cp.fft.fft(x[0])
s1.synchronize()
print(y)
print(float(z.real.sum()), s1.done)

s2 = cp.cuda.Stream(non_blocking=True)
s2.use()
w = cp.sort(x[::-1, ::-1].ravel())
s2.synchronize()
cp.cuda.Stream.null.use()
print(w)

# a list of streams, for s in streams: with s:, record and wait_event
streams = []
for i in range(4):
    streams.append(cp.cuda.Stream())
parts = []
done = []
for k, s in enumerate(streams):
    with s:
        parts.append(x[k % 3] * (k + 1.0))
    done.append(s.record())
reducer = cupy.cuda.stream.Stream(null=False)
for ev in done:
    reducer.wait_event(ev)
with reducer as r:
    total = parts[0] + parts[1] + parts[2] + parts[3]
r.synchronize()
print(total)

# nested with: the inner stream ends, the outer one is current again
outer = cp.cuda.Stream()
inner = cp.cuda.Stream()
with outer:
    a = x.sum(axis=0)
    with inner:
        b = x.sum(axis=1)
    inner.synchronize()
    c = a.sum() + b.sum()
outer.synchronize()
print(a, b, float(c))


# return and break inside with: the stream that was current is current again
def scaled(v, s):
    with s:
        return v * 2.0


q = scaled(x, s1)
s1.synchronize()
for s in streams:
    with s:
        q = q + 1.0
        break
streams[0].synchronize()
print(q)

# events: timing, query, done, explicit streams
start = cp.cuda.Event()
stop = cupy.cuda.stream.Event(block=True)
start.record()
big = cp.ones((256, 256)) @ cp.ones((256, 256))
stop.record(cp.cuda.get_current_stream())
stop.synchronize()
ms = cp.cuda.get_elapsed_time(start, stop)
print(ms >= 0.0, stop.query(), stop.done, float(big[0, 0]))
e3 = cp.cuda.Event(disable_timing=True)
e3.record(s2)
e3.synchronize()
print(e3.done)

# devices and cupy.cuda.runtime
dev = cp.cuda.Device(0)
with dev:
    d = cp.linalg.norm(x)
dev.use()
dev.synchronize()
print(dev.id, float(d), dev.compute_capability != "")
free, total_mem = dev.mem_info
print(0 < free <= total_mem)
print(cp.cuda.runtime.getDeviceCount() >= 1, cp.cuda.runtime.getDevice())
cp.cuda.runtime.setDevice(0)
cp.cuda.runtime.deviceSynchronize()
f2, t2 = cp.cuda.runtime.memGetInfo()
print(t2 == total_mem, cp.cuda.runtime.driverGetVersion() >= cp.cuda.runtime.runtimeGetVersion() // 1000)
print(cp.cuda.get_current_stream().ptr == cp.cuda.Stream.null.ptr)
with s1:
    cur = cp.cuda.stream.get_current_stream()
print(cur.ptr == s1.ptr, cp.cuda.stream.get_elapsed_time(start, stop) == ms)
h = cp.asnumpy(x, stream=s1)
s1.synchronize()
o = cp.empty((3, 4))
r2 = cp.asnumpy(x * 2, out=o)
print(float(h.sum()), o[1], r2[2])
print((expected == y).all())

# x.get(): CuPy's copy to the host (a NumPy array), on a stream, into out=; x.set(host),
# on a stream; pinned memory as 12_stream_cupy_memcpy uses it (alloc_pinned_memory and
# numpy.frombuffer, cupyx.zeros_pinned)
import cupyx
import numpy

g = (x + 1.0).get()
print(g[2], g.dtype, g.shape)
g2 = x[1].get(stream=s2)
s2.synchronize()
pin = cupyx.zeros_pinned((3, 4))
g3 = (x * 3.0).get(out=pin)
print(g2, pin[2], g3[0], float(x.T.get().sum()))
dst = cp.empty((3, 4))
dst.set(g + 0.5)
print(dst[0])
with s1:
    dst.set(numpy.arange(12.0).reshape(3, 4) * -1.0, stream=s1)
s1.synchronize()
print(dst[2])


def pin_memory(array):
    mem = cp.cuda.alloc_pinned_memory(array.nbytes)
    ret = numpy.frombuffer(mem, array.dtype, array.size).reshape(array.shape)
    ret[...] = array
    return ret


p = pin_memory(numpy.arange(6, dtype=numpy.float32))
i32 = cp.empty(6, dtype=cp.float32)
i32.set(p)
print(p, i32 * 2, i32.dtype)
q = cp.frombuffer(cp.cuda.alloc_pinned_memory(16), cp.float32, 4)
q[...] = 1.5
print(q * 2, q.dtype)
