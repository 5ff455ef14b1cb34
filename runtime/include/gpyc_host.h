/*
 * gpyc_host.h — the one header a generated host file includes (codegen/host/host.c): the
 * runtime's interface and the scalar functions host code shares with kernels, for the host
 * C++ compiler alone (no CUDA compiler sees a host file).
 *
 * The build precompiles it (gpyc_host.h.gch beside it, CMakeLists.txt) with the flags gpyc
 * compiles host files with (GPYC_HOST_CXXFLAGS, one definition in CMakeLists.txt); g++ uses
 * the precompiled form when the flags and compiler match and reads this text otherwise.
 */
#ifndef GPYC_HOST_H
#define GPYC_HOST_H

#include "gpyrt.h"
#include "gpyrt_device.cuh"
#include <math.h>
#include <stdio.h>
#include <string.h>

#endif
