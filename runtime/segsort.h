/*
 * segsort.h — cub::DeviceSegmentedSort, instantiated once per key width (segsort.cuh, one
 * segsort_kW.cu per width W in bytes, so that nvcc compiles the widths in parallel): the sorts
 * that sort.cu (sort and argsort along an axis) and median.cu (median, quantile) run on their
 * order-preserving unsigned keys.  C++ (CUDA) only.
 *
 * Both sort `lines` lines of n elements each, stored one after the other (size = lines · n),
 * on rt_stream(), with temporary storage from the pool; in and out do not overlap.
 *
 * Invariants: K is uint8_t, uint16_t, uint32_t or uint64_t; every caller passes unsigned keys
 * (their unsigned order is the order wanted), so no width is instantiated twice.
 */
#ifndef GPYRT_SEGSORT_H
#define GPYRT_SEGSORT_H

#include <stdint.h>

/* out = each line of in sorted by unsigned value. */
template <typename K> void seg_sort_keys(const K *in, K *out, int64_t size, int64_t lines, int64_t n);

/* kout = each line of kin sorted by unsigned value, stably; pout[i] = the pin element that
 * came with kout[i]. */
template <typename K>
void seg_sort_pairs(const K *kin, K *kout, const int32_t *pin, int32_t *pout, int64_t size, int64_t lines,
                    int64_t n);

#endif
