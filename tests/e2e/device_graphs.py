# CuPy's CUDA graphs (stream capture), device queries and profiling ranges (issue 21).
# Expected output: twins/device_graphs.py under NumPy (the oracle has no cupy.cuda.Graph, no
# cupy.cuda.nvtx and no cupyx.profiler); device queries print what a working GPU gives.
import cupy as cp
import cupyx
import cupyx.profiler
from cupyx.profiler import time_range

x = cp.arange(12.0).reshape(3, 4)
w = cp.ones((4, 2)) * 0.5
acc = cp.zeros((3, 4))
s = cp.cuda.Stream(non_blocking=True)

# captured work runs at each launch, not at capture; arrays made during the capture are
# real memory the replays write; temporaries freed during it stay the graph's
with s:
    s.begin_capture()
    capturing = s.is_capturing()
    y = x * 2.0 + 1.0
    z = cp.sin(y) @ w + y.sum(axis=1, keepdims=True)
    acc += x
    g = s.end_capture()
    after = s.is_capturing()
print(capturing, after, cp.cuda.Stream.null.is_capturing())
g.launch(stream=s)
s.synchronize()
print(y)
print(cp.round(z, 6))
print(acc)

# launched again after the inputs changed (on the capturing stream, so ordered); on another
# stream; several launches in a loop; upload()
with s:
    x[...] = x * -1.0
    g.launch()
s.synchronize()
print(y[0], float(z[2, 1].round(6)), acc[1])
s2 = cp.cuda.Stream()
g.upload(s2)
g.launch(s2)
s2.synchronize()
for i in range(5):
    g.launch(stream=s)
s.synchronize()
print(acc[2])

# a second graph on the same stream, in an explicit capture mode; a function that captures
mode = cp.cuda.runtime.streamCaptureModeRelaxed
print(cp.cuda.runtime.streamCaptureModeGlobal, cp.cuda.runtime.streamCaptureModeThreadLocal, mode)


def capture_scale(stream, a, k):
    with stream:
        stream.begin_capture(mode=mode)
        a *= k
        return stream.end_capture()


v = cp.arange(4, dtype=cp.float32)
g2 = capture_scale(s, v, 3.0)
for i in range(3):
    g2.launch(s)
s.synchronize()
print(v, v.dtype)

# device queries
d = cp.cuda.Device(0)
attrs = d.attributes
props = cp.cuda.runtime.getDeviceProperties(0)
print(attrs["WarpSize"], props["warpSize"], attrs["MaxThreadsPerBlock"], props["maxThreadsPerBlock"])
print(attrs["MultiProcessorCount"] == props["multiProcessorCount"] > 0)
print(d.compute_capability == str(props["major"]) + str(props["minor"]))
print(props["maxThreadsDim"], props["maxGridSize"][0], len(props["name"]) > 0)
print(attrs["MaxBlockDimX"], attrs["MaxGridDimX"], "ComputeCapabilityMajor" in attrs, "L2CacheSize" in attrs)
free, total = d.mem_info
print(0 < free <= total, props["totalGlobalMem"] >= free, props["l2CacheSize"] > 0)


# profiling: NVTX ranges and markers (Nsight shows them; the values are unchanged)
@time_range()
def scaled(a):
    return a * 2.0


@cupyx.profiler.time_range("named", color_id=3)
def shifted(a, b=1.0):
    if b < 0:
        return a - b
    return a + b


cp.cuda.nvtx.RangePush("outer")
cp.cuda.nvtx.RangePush("colored", 2)
cp.cuda.nvtx.Mark("here")
cp.cuda.nvtx.MarkC("argb", 0xFF00FF00)
q = scaled(x)
cp.cuda.nvtx.RangePop()
cp.cuda.nvtx.RangePushC("argb range", color=0xFF0000FF)
q = shifted(q) + shifted(q, -2.0)
cp.cuda.nvtx.RangePop()
cp.cuda.nvtx.RangePop()
with time_range("block", argb_color=0xFF7F7F7F, sync=True):
    r = q.sum()
with cupyx.profiler.time_range("loop"):
    for i in range(3):
        with time_range("step", color_id=i):
            r = r + 1.0
with cupyx.profiler.profile():
    t = x.T @ x
cp.cuda.profiler.start()
u = cp.trace(t)
cp.cuda.profiler.stop()
print(q[1], float(r), float(u))


# cupyx.profiler.benchmark: times are measurements, so only their shapes and signs print
def f(a, b):
    return 3 * cp.sin(-a) * b


res = cupyx.profiler.benchmark(f, (x, x), n_repeat=20)
print(res.name, res.cpu_times.shape, res.gpu_times.shape, bool((res.cpu_times > 0).all()), bool((res.gpu_times >= 0).all()))
res2 = cupyx.profiler.benchmark(cp.sum, (x,), {"axis": 0}, n_repeat=5, n_warmup=2, name="colsum")
print(res2.name, len(str(res2)) > len(res2.to_str()) > 20, res2.to_str(show_gpu=True) == str(res2), res2.cpu_times.size)
res3 = cupyx.profiler.benchmark(f, (x, x), max_duration=0.0)
print(res3.cpu_times.size, res3.gpu_times.shape)
