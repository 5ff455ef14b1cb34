# CuPy's examples/stream/map_reduce.py: the appends fail (streams are not supported), so the
# list's element type stays unknown and the loop over it once crashed gpyc
import cupy

streams = []
for i in range(2):
    streams.append(cupy.cuda.stream.Stream())
for s in streams:
    with s:
        x = cupy.ones(3)
