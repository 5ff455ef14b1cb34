/*
 * segsort_k2.cu — segsort.h's sorts for 2-byte keys (see segsort.cuh).
 */
#include "segsort.cuh"

SEGSORT_INSTANTIATE(uint16_t)
