/*
 * check.h — the status checks of CUDA and of the CUDA libraries the runtime calls, each
 * reporting the call, the file and the line:
 *
 *   CHECK_CUDA(call)      cudaError_t          CHECK_CUSOLVER(call)  cusolverStatus_t
 *   CHECK_CUBLAS(call)    cublasStatus_t       CHECK_CURAND(call)    curandStatus_t
 *   CHECK_CUFFT(call)     cufftResult          CHECK_CUSPARSE(call)  cusparseStatus_t
 *
 * Each evaluates call once; on failure it does not return.  gpu_check_fail hands a
 * Python-style error to the runtime's hook (libgpu.h, gpu_set_error_hook), so the program
 * prints a traceback and exits with status 1:
 *   the library could not allocate memory:
 *     cupy.cuda.memory.OutOfMemoryError: cuBLAS could not allocate its workspace (CALL)
 *   a rule of stream capture broken (CuPy's words and class):
 *     cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorStreamCaptureUnsupported: ...
 *   any other failure:
 *     RuntimeError: cuBLAS error at FILE:LINE: CALL: CUBLAS_STATUS_EXECUTION_FAILED
 *     RuntimeError: CUDA error at FILE:LINE: CALL: cudaErrorIllegalAddress: CUDA's description
 *
 * Private to libgpyrt (libgpu and runtime/): generated code checks its launches with
 * rt_check_launch, and its tracebacks point at the user's script line instead.  The status
 * types appear only inside the macros, so this header needs no library header: a file using
 * CHECK_CUBLAS includes cublas_v2.h itself (and so on), and a program links only the
 * libraries it calls (check.c uses the libraries' status constants, never their functions).
 */
#ifndef GPYC_CHECK_H
#define GPYC_CHECK_H

#ifdef __cplusplus
extern "C" {
#endif

/* The libraries whose calls are checked (check.c's table describes each). */
typedef enum GpuLib {
    GPU_CUDA, GPU_CUBLAS, GPU_CUFFT, GPU_CUSOLVER, GPU_CURAND, GPU_CUSPARSE,
    GPU_NLIBS
} GpuLib;

/* Reports a failed call of library lib (status: the call's non-success status) as above.  A
 * call that must clean up before the error is raised calls it directly (fft.c's plans). */
#ifdef __cplusplus
[[noreturn]]
#else
_Noreturn
#endif
void gpu_check_fail(GpuLib lib, int status, const char *call, const char *file, int line);

/* The status is held in a variable of the library's own type: in C++ (the .cu files) a status
 * of another library does not convert, so CHECK_CUFFT(cublasCreate(&h)) does not compile.
 * The call is spelled out by each CHECK_ macro itself, before its macros expand (cublasCreate
 * is cublasCreate_v2's macro). */
#define GPU_CHECK_(lib, type, ok, call, text)                                                 \
    do {                                                                                      \
        type gpu_st_ = call;                                                                  \
        if (gpu_st_ != ok) gpu_check_fail(lib, (int)gpu_st_, text, __FILE__, __LINE__);       \
    } while (0)

#define CHECK_CUDA(call) GPU_CHECK_(GPU_CUDA, cudaError_t, cudaSuccess, (call), #call)
#define CHECK_CUBLAS(call)                                                                    \
    GPU_CHECK_(GPU_CUBLAS, cublasStatus_t, CUBLAS_STATUS_SUCCESS, (call), #call)
#define CHECK_CUFFT(call) GPU_CHECK_(GPU_CUFFT, cufftResult, CUFFT_SUCCESS, (call), #call)
#define CHECK_CUSOLVER(call)                                                                  \
    GPU_CHECK_(GPU_CUSOLVER, cusolverStatus_t, CUSOLVER_STATUS_SUCCESS, (call), #call)
#define CHECK_CURAND(call)                                                                    \
    GPU_CHECK_(GPU_CURAND, curandStatus_t, CURAND_STATUS_SUCCESS, (call), #call)
#define CHECK_CUSPARSE(call)                                                                  \
    GPU_CHECK_(GPU_CUSPARSE, cusparseStatus_t, CUSPARSE_STATUS_SUCCESS, (call), #call)

#ifdef __cplusplus
}
#endif
#endif
