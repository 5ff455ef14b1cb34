/*
 * segsort_k1.cu — segsort.h's sorts for 1-byte keys (see segsort.cuh).
 */
#include "segsort.cuh"

SEGSORT_INSTANTIATE(uint8_t)
