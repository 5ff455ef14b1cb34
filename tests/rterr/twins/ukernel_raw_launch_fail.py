# Stand-in for tests/rterr/ukernel_raw_launch_fail.py under the NumPy oracle, which has no
# RawKernel: the exception CuPy 14 raises for a launch with 2048 threads per block
# (cuLaunchKernel's CUDA_ERROR_INVALID_VALUE), raised at the launch's place.
class CUDADriverError(RuntimeError):
    pass


CUDADriverError.__module__ = 'cupy_backends.cuda.api.driver'
print("before")
raise CUDADriverError('CUDA_ERROR_INVALID_VALUE: invalid argument')
