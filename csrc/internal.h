/* Functions shared between the core's files; not part of the Python-facing API. */
#ifndef PYEVAL_INTERNAL_H
#define PYEVAL_INTERNAL_H
#include <stdint.h>

/* Omaha high of one valid hand; board_key is the sum of the board's PYEVAL_CARD_KEY. */
int32_t pyeval_omaha_high_hand(const uint8_t *hole, int h, const uint8_t *board, int b, uint64_t board_key);

#endif
