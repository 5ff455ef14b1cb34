/*
 * cccl.cu — the versions of CCCL's Thrust and CUB that this runtime was built with, for
 * cupy.show_config's "Thrust Version" and "CUB Build Version" (config.c), as CuPy's build
 * records THRUST_VERSION and CUB_VERSION.  A CUDA file only because those headers are C++.
 */
#include <cub/version.cuh>
#include <thrust/version.h>

#include "internal.h"

int64_t rt_thrust_version(void) { return THRUST_VERSION; }

int64_t rt_cub_version(void) { return CUB_VERSION; }
