/* Range Monte Carlo in C (csrc/range_sample.c): its entry point, read by the cffi build too. */
#ifndef PYEVAL_RANGE_SAMPLE_H
#define PYEVAL_RANGE_SAMPLE_H
#include <stdint.h>

/* n deals of pyeval/range_sampling.py's deal model, drawn and counted in one loop, the same deals
 * as its numba sampler (_draw_deals) draws from the same state (advanced in place).
 *
 * Player p's combos are combos[offsets[p] .. offsets[p + 1]) (n_combos x h codes, from deck); a
 * player without combos is a random hand, dealt from deck with the board.  A combo is drawn
 * uniformly where uniform[p] is set, else by the cumulative weights cumw (normalised per player).
 * Each deal's outcome pattern is counted into counts[pattern], and for each range player p into
 * combo_counts[combo * levels + level[pattern * players + p]] (the player's share level: what the
 * pattern pays him, as an index into the caller's table of share values).  The rejected draws are
 * added to *rejected.  Returns 0, -1 after max_tries rejections in a row (no deal is possible, or
 * almost none), -2 for bad sizes, kinds or an all-zero state, -3 for a bad or repeated card, -5
 * when memory runs out. */
int64_t pyeval_range_sample(const uint8_t *combos, int64_t n_combos, const int64_t *offsets, const double *cumw,
                            const uint8_t *uniform, int players, int h, const uint8_t *known, int known_n,
                            const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                            const uint8_t *level, int64_t levels, uint64_t *state, int64_t n, int64_t max_tries,
                            int64_t *counts, int64_t counts_len, int64_t *combo_counts, int64_t *rejected);

#endif
