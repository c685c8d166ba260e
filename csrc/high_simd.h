/* The AVX-512 path of csrc/high.c's evaluator (csrc/high_simd.c). */
#ifndef PYEVAL_HIGH_SIMD_H
#define PYEVAL_HIGH_SIMD_H
#include <stdint.h>

/* Whether this build and CPU take the AVX-512 path (and pyeval_high_simd has not turned it off). */
int high_simd_usable(void);

/* The strengths of the hands of k (5..7) cards at cards, 16 at a time, for as long as every hand of a block is valid
 * (at most n; 0 for another k): the count done, a multiple of 16. */
int64_t high_simd_blocks(const uint8_t *cards, int64_t n, int k, int32_t *out);

#endif
