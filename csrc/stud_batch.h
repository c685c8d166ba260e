/* Rows of stud and draw spots (csrc/stud_batch.c; pyeval/engines/batch/stud.py).
 *
 * holes: n x players x h codes, 255 for a card still to come (a hand is the cards so far: any
 * number known); dead: n x dead_n, 255 pads.  hi_eval, lo_eval: PYEVAL_EVAL_* of the game's
 * halves (lo_eval -1: none; PYEVAL_EVAL_LOW8 falls back to the high half when nobody qualifies);
 * shortage: 1 where the game deals one common last card when the deck runs short (stud).
 * pyeval_stud_batch_check returns -1 when every row is valid, else the first bad row with *reason
 * set (1 bad code, 2 repeated card, 4 card not in the deck, 5 deck too short, 6 the deck runs short
 * but a player already holds his last card); -2 for bad sizes or evaluators.  The others count
 * each row's outcome patterns (bit p: player p wins the high half, bit players + p the low half)
 * into counts + i * counts_per_row, or with a tally matrix (counts_per_row x columns) into one row
 * of scratch and row i's tallies, its histogram times the matrix, into tallies + i * columns; they
 * return -1, -2, or the first row they refuse (a bad row, more work than max_work as
 * pyeval_stud_batch_work prices it, memory). */
#ifndef PYEVAL_STUD_BATCH_H
#define PYEVAL_STUD_BATCH_H
#include <stdint.h>

int64_t pyeval_stud_batch_check(const uint8_t *holes, int players, int h, const uint8_t *dead, int dead_n,
                                int lowest_card, int shortage, int hi_eval, int lo_eval, int64_t n, int32_t *reason);
int64_t pyeval_stud_batch_exact(const uint8_t *holes, int players, int h, const uint8_t *dead, int dead_n,
                                int lowest_card, int shortage, int hi_eval, int lo_eval, int64_t max_work, int64_t n,
                                int64_t *counts, int64_t counts_per_row, const int64_t *matrix,
                                int64_t columns, int64_t *tallies);
/* The work of an exact row in walked deals (one deal of the walk, or about 1/8 of a subset look-up
 * of the last player's count, or 1/4 of an evaluation): need[p] cards to deal player p from deck_n
 * live cards, community 1 where the last card is one common card, lo_part 1 for hi/lo; INT64_MAX
 * when a hand has more than 2**22 completions (their table is not built); -2 for bad arguments.  pyeval/engines/batch/stud.py prices rows with it. */
int64_t pyeval_stud_batch_work(const int64_t *need, int players, int deck_n, int community, int lo_part);
/* Row i: ``samples`` deals in chunks of ``chunk``, chunk c drawn from pyeval_chunk_state(row_seeds[i], c),
 * as pyeval.engines.engine's generic sampler draws them; this call deals chunks first_chunk .. first_chunk +
 * chunks - 1 (those that exist). */
int64_t pyeval_stud_batch_sample(const uint8_t *holes, int players, int h, const uint8_t *dead, int dead_n,
                                 int lowest_card, int shortage, int hi_eval, int lo_eval, const uint64_t *row_seeds,
                                 int64_t samples, int64_t chunk, int64_t first_chunk, int64_t chunks, int64_t n,
                                 int64_t *counts, int64_t counts_per_row, const int64_t *matrix, int64_t columns,
                                 int64_t *tallies);

#endif
