/*
 * check.c — what check.h's CHECK_ macros report when a call fails: the status's name, and the
 * Python exception and message handed to the runtime's hook.
 *
 * The names come from the libraries' status constants, not from their *GetErrorName functions,
 * so libgpyrt references no library function here and a program links only the CUDA libraries
 * it calls.  A status a table does not list (a newer toolkit's) prints as its number.
 */
#include <stdio.h>
#include <stdlib.h>

#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#define DISABLE_CUSPARSE_DEPRECATED   /* only the status constants are used here */
#include <cusparse.h>

#include "check.h"
#include "gpu_internal.h"

#define NAME(s) case s: return #s

static const char *cublas_name(int s)
{
    switch ((cublasStatus_t)s) {
    NAME(CUBLAS_STATUS_NOT_INITIALIZED); NAME(CUBLAS_STATUS_ALLOC_FAILED);
    NAME(CUBLAS_STATUS_INVALID_VALUE); NAME(CUBLAS_STATUS_ARCH_MISMATCH);
    NAME(CUBLAS_STATUS_MAPPING_ERROR); NAME(CUBLAS_STATUS_EXECUTION_FAILED);
    NAME(CUBLAS_STATUS_INTERNAL_ERROR); NAME(CUBLAS_STATUS_NOT_SUPPORTED);
    NAME(CUBLAS_STATUS_LICENSE_ERROR);
    default: return NULL;
    }
}

static const char *cufft_name(int s)
{
    switch ((cufftResult)s) {
    NAME(CUFFT_INVALID_PLAN); NAME(CUFFT_ALLOC_FAILED); NAME(CUFFT_INVALID_TYPE);
    NAME(CUFFT_INVALID_VALUE); NAME(CUFFT_INTERNAL_ERROR); NAME(CUFFT_EXEC_FAILED);
    NAME(CUFFT_SETUP_FAILED); NAME(CUFFT_INVALID_SIZE); NAME(CUFFT_UNALIGNED_DATA);
    NAME(CUFFT_INVALID_DEVICE); NAME(CUFFT_NO_WORKSPACE); NAME(CUFFT_NOT_IMPLEMENTED);
    NAME(CUFFT_NOT_SUPPORTED);
    default: return NULL;
    }
}

static const char *cusolver_name(int s)
{
    switch ((cusolverStatus_t)s) {
    NAME(CUSOLVER_STATUS_NOT_INITIALIZED); NAME(CUSOLVER_STATUS_ALLOC_FAILED);
    NAME(CUSOLVER_STATUS_INVALID_VALUE); NAME(CUSOLVER_STATUS_ARCH_MISMATCH);
    NAME(CUSOLVER_STATUS_EXECUTION_FAILED); NAME(CUSOLVER_STATUS_INTERNAL_ERROR);
    NAME(CUSOLVER_STATUS_NOT_SUPPORTED); NAME(CUSOLVER_STATUS_INVALID_WORKSPACE);
    default: return NULL;
    }
}

static const char *curand_name(int s)
{
    switch ((curandStatus_t)s) {
    NAME(CURAND_STATUS_VERSION_MISMATCH); NAME(CURAND_STATUS_NOT_INITIALIZED);
    NAME(CURAND_STATUS_ALLOCATION_FAILED); NAME(CURAND_STATUS_TYPE_ERROR);
    NAME(CURAND_STATUS_OUT_OF_RANGE); NAME(CURAND_STATUS_LENGTH_NOT_MULTIPLE);
    NAME(CURAND_STATUS_DOUBLE_PRECISION_REQUIRED); NAME(CURAND_STATUS_LAUNCH_FAILURE);
    NAME(CURAND_STATUS_PREEXISTING_FAILURE); NAME(CURAND_STATUS_INITIALIZATION_FAILED);
    NAME(CURAND_STATUS_ARCH_MISMATCH); NAME(CURAND_STATUS_INTERNAL_ERROR);
    default: return NULL;
    }
}

static const char *cusparse_name(int s)
{
    switch ((cusparseStatus_t)s) {
    NAME(CUSPARSE_STATUS_NOT_INITIALIZED); NAME(CUSPARSE_STATUS_ALLOC_FAILED);
    NAME(CUSPARSE_STATUS_INVALID_VALUE); NAME(CUSPARSE_STATUS_ARCH_MISMATCH);
    NAME(CUSPARSE_STATUS_MAPPING_ERROR); NAME(CUSPARSE_STATUS_EXECUTION_FAILED);
    NAME(CUSPARSE_STATUS_INTERNAL_ERROR); NAME(CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
    NAME(CUSPARSE_STATUS_ZERO_PIVOT); NAME(CUSPARSE_STATUS_NOT_SUPPORTED);
    NAME(CUSPARSE_STATUS_INSUFFICIENT_RESOURCES);
    default: return NULL;
    }
}

#undef NAME

/* One row per GpuLib, indexed by it.  alloc_failed: the status that means the library could not allocate memory
 * (CuPy raises OutOfMemoryError for it); what: what it could not allocate. */
static const struct {
    const char *lib;
    const char *(*name)(int status);
    int alloc_failed;
    const char *what;
} libs[] = {
    [GPU_CUDA] = {"CUDA", NULL, cudaErrorMemoryAllocation, "device memory"},
    [GPU_CUBLAS] = {"cuBLAS", cublas_name, CUBLAS_STATUS_ALLOC_FAILED, "its workspace"},
    [GPU_CUFFT] = {"cuFFT", cufft_name, CUFFT_ALLOC_FAILED, "its work area"},
    [GPU_CUSOLVER] = {"cuSOLVER", cusolver_name, CUSOLVER_STATUS_ALLOC_FAILED, "its workspace"},
    [GPU_CURAND] = {"cuRAND", curand_name, CURAND_STATUS_ALLOCATION_FAILED, "its workspace"},
    [GPU_CUSPARSE] = {"cuSPARSE", cusparse_name, CUSPARSE_STATUS_ALLOC_FAILED, "its workspace"},
};
_Static_assert(sizeof libs / sizeof libs[0] == GPU_NLIBS, "a row for every GpuLib");

/* True for the statuses of CUDA's stream-capture rules (a synchronisation or a host copy while
 * a stream is captured, a capture invalidated by one): CuPy raises them from its own calls as
 * CUDARuntimeError, which is what a program that broke a rule sees. */
static int capture_status(cudaError_t e)
{
    switch (e) {
    case cudaErrorStreamCaptureUnsupported: case cudaErrorStreamCaptureInvalidated:
    case cudaErrorStreamCaptureMerge: case cudaErrorStreamCaptureUnmatched:
    case cudaErrorStreamCaptureUnjoined: case cudaErrorStreamCaptureIsolation:
    case cudaErrorStreamCaptureImplicit: case cudaErrorCapturedEvent:
    case cudaErrorStreamCaptureWrongThread: return 1;
    default: return 0;
    }
}

void gpu_check_fail(GpuLib lib, int status, const char *call, const char *file, int line)
{
    char msg[1024];
    if (lib == GPU_CUDA)
        (void)cudaGetLastError();   /* clear a non-sticky error so the hook can still print */
    if (status == libs[lib].alloc_failed) {
        snprintf(msg, sizeof msg, "%s could not allocate %s (%s)", libs[lib].lib, libs[lib].what,
                 call);
        gpu_error("cupy.cuda.memory.OutOfMemoryError", msg);
    }
    if (lib == GPU_CUDA && capture_status((cudaError_t)status)) {
        snprintf(msg, sizeof msg, "%s: %s", cudaGetErrorName((cudaError_t)status),
                 cudaGetErrorString((cudaError_t)status));
        gpu_error("cupy_backends.cuda.api.runtime.CUDARuntimeError", msg);
    }
    if (lib == GPU_CUDA) {
        cudaError_t e = (cudaError_t)status;
        snprintf(msg, sizeof msg, "%s error at %s:%d: %s: %s: %s", libs[lib].lib, file, line, call,
                 cudaGetErrorName(e), cudaGetErrorString(e));
    } else {
        const char *name = libs[lib].name(status);
        char num[32];
        if (!name) {
            snprintf(num, sizeof num, "status %d", status);
            name = num;
        }
        snprintf(msg, sizeof msg, "%s error at %s:%d: %s: %s", libs[lib].lib, file, line, call,
                 name);
    }
    gpu_error("RuntimeError", msg);
    exit(1);   /* the hook does not return; this keeps the compiler sure of it */
}
