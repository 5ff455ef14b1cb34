/*
 * segsort_k8.cu — segsort.h's sorts for 8-byte keys (see segsort.cuh).
 */
#include "segsort.cuh"

SEGSORT_INSTANTIATE(uint64_t)
