# Stand-in for tests/rterr/graph_capture_null.py under the NumPy oracle, which has no streams:
# CuPy 14's Stream.begin_capture raises this for the null stream.
import numpy as np

x = np.arange(3.0)
print(x * 2.0)
raise RuntimeError('cannot capture on the default (legacy) stream')
