# Stand-in for tests/rterr/graph_sync_in_capture.py under the NumPy oracle, which has no
# stream capture: the exception CuPy 14 raises from stream.synchronize() during a capture
# (cudaStreamSynchronize's status through CuPy's check_status).
import numpy as np


class CUDARuntimeError(RuntimeError):
    pass


CUDARuntimeError.__module__ = 'cupy_backends.cuda.api.runtime'
print("before", np.arange(4.0))
raise CUDARuntimeError('cudaErrorStreamCaptureUnsupported: operation not permitted when stream is capturing')
