/*
 * segsort_k4.cu — segsort.h's sorts for 4-byte keys (see segsort.cuh).
 */
#include "segsort.cuh"

SEGSORT_INSTANTIATE(uint32_t)
