# CuPy's examples/stream/map_reduce.py with a stream gpyc does not compile: the appends fail,
# so the list's element type stays unknown, and the loop over it once crashed gpyc
import cupy

streams = []
for i in range(2):
    streams.append(cupy.cuda.ExternalStream(0))
for s in streams:
    with s:
        x = cupy.ones(3)
