// launch_sync.cu: host cost of a kernel launch and of a launch + synchronize, by launch path
// (<<<>>>, cudaLaunchKernel of a library cudaKernel_t as gpyc's rt_launch does, cuLaunchKernel)
// and synchronisation (device, stream); bench/host/launch_sync.sh builds and runs it (a GPU).
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <algorithm>
#include <vector>

__global__ void empty_rt(float *p) { if (p && threadIdx.x == 1024) p[0] = 1; }
__global__ void spin_rt(long long cycles) {
    long long t0 = clock64();
    while (clock64() - t0 < cycles) { }
}
static double now() { timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
#define CK(x) do { cudaError_t e_ = (x); if (e_) { printf("%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
#define CD(x) do { CUresult e_ = (x); if (e_) { printf("%s: %d\n", #x, (int)e_); exit(1); } } while (0)

static cudaStream_t s;
static cudaKernel_t kl_empty, kl_spin;
static CUfunction fn_empty, fn_spin;
static float *nullp = nullptr;

// path 0: <<<>>>, 1: cudaLaunchKernel(cudaKernel_t), 2: cuLaunchKernel(CUfunction)
static void launch(int path, bool spin, long long cyc) {
    void *args_e[] = {&nullp};
    void *args_s[] = {&cyc};
    if (path == 0) {
        if (spin) spin_rt<<<1, 32, 0, s>>>(cyc); else empty_rt<<<1, 32, 0, s>>>(nullptr);
    } else if (path == 1) {
        CK(cudaLaunchKernel((const void *)(spin ? kl_spin : kl_empty), dim3(1), dim3(32), spin ? args_s : args_e, 0, s));
    } else {
        CD(cuLaunchKernel(spin ? fn_spin : fn_empty, 1, 1, 1, 32, 1, 1, 0, (CUstream)s, spin ? args_s : args_e, nullptr));
    }
}
static void sync(int kind) { if (kind == 0) CK(cudaDeviceSynchronize()); else CK(cudaStreamSynchronize(s)); }

int main(int argc, char **argv) {
    CK(cudaSetDevice(0));
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    FILE *f = fopen(argc > 1 ? argv[1] : "kern.fatbin", "rb");
    if (!f) { printf("no fatbin\n"); return 1; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    void *fb = malloc(n); if (fread(fb, 1, n, f) != (size_t)n) return 1; fclose(f);
    cudaLibrary_t lib;
    CK(cudaLibraryLoadData(&lib, fb, nullptr, nullptr, 0, nullptr, nullptr, 0));
    CK(cudaLibraryGetKernel(&kl_empty, lib, "empty_k"));
    CK(cudaLibraryGetKernel(&kl_spin, lib, "spin_k"));
    CD(cuKernelGetFunction(&fn_empty, (CUkernel)kl_empty));
    CD(cuKernelGetFunction(&fn_spin, (CUkernel)kl_spin));
    const char *pn[] = {"<<<>>>", "cudaLaunchKernel(cudaKernel_t)", "cuLaunchKernel(CUfunction)"};
    const char *sn[] = {"cudaDeviceSynchronize", "cudaStreamSynchronize"};
    for (int p = 0; p < 3; p++) { launch(p, false, 0); launch(p, true, 1000); }
    CK(cudaDeviceSynchronize());
    // A: back-to-back launches (host cost per launch), 5 rounds of 20000, median
    for (int p = 0; p < 3; p++) {
        std::vector<double> v;
        for (int r = 0; r < 7; r++) {
            double t0 = now();
            for (int i = 0; i < 20000; i++) launch(p, false, 0);
            double t1 = now();
            CK(cudaDeviceSynchronize());
            v.push_back((t1 - t0) / 20000 * 1e6);
        }
        std::sort(v.begin(), v.end());
        printf("launch-only %-32s %.3f us/launch (median of 7 x 20000)\n", pn[p], v[3]);
    }
    // B: launch + sync round trip, empty kernel and a ~60 us spin kernel
    int clk = 0; CK(cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0));
    long long cyc60 = (long long)clk * 60 / 1000; // kHz * us / 1000
    for (int sp = 0; sp < 2; sp++)
        for (int p = 0; p < 3; p++)
            for (int k = 0; k < 2; k++) {
                std::vector<double> v;
                for (int r = 0; r < 3000; r++) {
                    double t0 = now();
                    launch(p, sp, cyc60);
                    sync(k);
                    v.push_back((now() - t0) * 1e6);
                }
                std::sort(v.begin(), v.end());
                printf("round-trip %s %-32s %-22s median %.3f us p10 %.3f p90 %.3f\n", sp ? "spin60" : "empty ",
                       pn[p], sn[k], v[1500], v[300], v[2700]);
            }
    // the spin kernel's own device time (events)
    cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    std::vector<double> v;
    for (int r = 0; r < 200; r++) {
        CK(cudaEventRecord(e0, s)); launch(0, true, cyc60); CK(cudaEventRecord(e1, s)); CK(cudaEventSynchronize(e1));
        float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); v.push_back(ms * 1e3);
    }
    std::sort(v.begin(), v.end());
    printf("spin60 kernel device time (events) median %.3f us\n", v[100]);
    return 0;
}
