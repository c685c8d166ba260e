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

/* Boards pyeval_range_sample_boards plays (double-board games take two). */
#define PYEVAL_MAX_BOARDS 2

/* pyeval_range_sample on ``boards`` boards of one size (1 <= boards <= PYEVAL_MAX_BOARDS): board j's known cards are
 * known_n[j] codes of ``known``, after the earlier boards', and it misses missing[j] cards.  A deal draws the
 * random hands, then board 0's missing cards, then board 1's (the numba sampler's order), and its outcome pattern
 * is board 0's pattern, then board 1's shifted by players (x 2 with a low) bits, as engine.PatternTable numbers the
 * pot parts.  Returns as pyeval_range_sample; -2 also for boards of different sizes or a deck too small for every
 * hand and missing card, -3 for a card on two boards or on a board and in the deck. */
int64_t pyeval_range_sample_boards(const uint8_t *combos, int64_t n_combos, const int64_t *offsets, const double *cumw,
                                   const uint8_t *uniform, int players, int h, int boards, const uint8_t *known,
                                   const int32_t *known_n, const uint8_t *deck, int deck_n, const int32_t *missing,
                                   int hi_kind, int lo_kind, const uint8_t *level, int64_t levels, uint64_t *state,
                                   int64_t n, int64_t max_tries, int64_t *counts, int64_t counts_len,
                                   int64_t *combo_counts, int64_t *rejected);

#endif
