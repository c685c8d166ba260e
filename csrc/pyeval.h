/* The C API of pyeval's core: plain integers and pointers, no Python.h.
 *
 * Cards are codes 0..51 (4 * rank + suit, docs/DESIGN.md) stored as uint8_t;
 * a batch is n hands of k cards, row-major.  Every function writes one
 * strength per hand (higher is better) and returns -1 on success, or the
 * index of the first hand holding a code >= 52 (or, for short deck, below
 * the six) or a card twice; -2 when a card count is out of range.  Nothing
 * is read or written outside the given arrays and tables for any input, even
 * one that another thread rewrites during the call (the answer is then
 * garbage or a refusal, csrc/hand_key.h).
 */
#ifndef PYEVAL_H
#define PYEVAL_H
#include <stdint.h>

int64_t pyeval_eval_high(const uint8_t *cards, int64_t n, int k, int32_t *out);
/* pyeval_eval_high's AVX-512 path (csrc/high_simd.c): mode 0 turns it off, 1 on where the CPU has it, -1 asks;
 * returns 1 when it is in use.  For tests and benchmarks that compare the two paths. */
int64_t pyeval_high_simd(int mode);
int64_t pyeval_eval_deuce7(const uint8_t *cards, int64_t n, int k, int32_t *out);
int64_t pyeval_eval_razz(const uint8_t *cards, int64_t n, int k, int32_t *out);
int64_t pyeval_eval_low8(const uint8_t *cards, int64_t n, int k, int32_t *out);
int64_t pyeval_eval_shortdeck(const uint8_t *cards, int64_t n, int k, int trips_beat_straight, int32_t *out);
int64_t pyeval_eval_badugi(const uint8_t *cards, int64_t n, int32_t *out);
int64_t pyeval_eval_showing(const uint8_t *cards, int64_t n, int k, int low, int32_t *out);
/* Omaha: hand i is hole + i * hole_stride (h cards) with board + i * board_stride (b cards);
 * strides let the equity engine pass rows holding hole and board side by side. */
int64_t pyeval_eval_omaha(const uint8_t *hole, int64_t hole_stride, int h, const uint8_t *board,
                          int64_t board_stride, int b, int64_t n, int32_t *out);
int64_t pyeval_eval_omaha_low8(const uint8_t *hole, int64_t hole_stride, int h, const uint8_t *board,
                               int64_t board_stride, int b, int64_t n, int32_t *out);

/* One hand: its strength, -1 when it holds a bad code or a repeated card, -2 for a bad evaluator
 * or card count (csrc/one_hand.c).  option: trips_beat_straight for the short deck, low for
 * showing cards, ignored otherwise. */
#define PYEVAL_EVAL_HIGH 0
#define PYEVAL_EVAL_DEUCE7 1
#define PYEVAL_EVAL_RAZZ 2
#define PYEVAL_EVAL_LOW8 3
#define PYEVAL_EVAL_SHORTDECK 4
#define PYEVAL_EVAL_BADUGI 5
#define PYEVAL_EVAL_SHOWING 6
int64_t pyeval_eval_one(int evaluator, const uint8_t *cards, int k, int option);
int64_t pyeval_eval_omaha_one(int low8, const uint8_t *hole, int h, const uint8_t *board, int b);

/* Evaluator kinds for the enumeration engine. */
#define PYEVAL_KIND_HIGH 0
#define PYEVAL_KIND_SHORTDECK 1
#define PYEVAL_KIND_SHORTDECK_ALT 2
#define PYEVAL_KIND_OMAHA_HIGH 3
#define PYEVAL_KIND_LOW8 10
#define PYEVAL_KIND_OMAHA_LOW8 11

/* Exact outcome patterns over board completions when all hole cards are known
 * (csrc/board_equity.c).  holes: players x h codes; known: the known board;
 * deck: the live cards from which ``missing`` board cards are drawn.  Adds to
 * counts[pattern] for completions start .. start + count - 1.  Returns 0, or
 * -2 (bad sizes or kinds), -3 (bad or repeated card). */
int64_t pyeval_board_patterns(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                              const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                              int64_t start, int64_t count, int64_t *counts, int64_t counts_len);

/* The same over every completion, counted by rank multiset plus a walk over the boards on
 * which some player flushes (two hole cards, high/short-deck high, optional low8).  Returns 0,
 * -2, -3, or 1 when that does not apply or would not pay (counts untouched: walk instead). */
int64_t pyeval_board_patterns_ranks(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                    const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                                    int64_t *counts, int64_t counts_len);

/* Every completion, by pyeval_board_patterns_ranks where it applies, else by
 * pyeval_board_patterns.  Returns 0, -2 or -3. */
int64_t pyeval_board_patterns_all(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                  const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                                  int64_t *counts, int64_t counts_len);

/* The showdowns pyeval_board_patterns_ranks would take, or -1 when it would decline; -2, -3 as
 * above. */
int64_t pyeval_board_ranks_cost(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind);

/* The same with one player's hand unknown (random_player: any two live cards), counted by rank pair and
 * flush cards instead of walked (csrc/random_hand.c), for completions start .. start + count - 1; that
 * player's entries in holes are ignored.  Two hole cards and a five-card board, high or short-deck
 * high with or without the 8-or-better low.  Returns 0, -2, -3, or 1 when it does not apply (counts
 * untouched). */
int64_t pyeval_random_hand_patterns(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                    const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                                    int random_player, int64_t start, int64_t count, int64_t *counts,
                                    int64_t counts_len);

/* pyeval_random_hand_patterns over every completion, by rank multiset of the missing cards plus the
 * boards with three or more cards of a suit (csrc/board_ranks.c's walk).  Returns 0, -2, -3, or 1 when
 * it does not apply or would not pay (counts untouched: walk instead). */
int64_t pyeval_random_hand_patterns_ranks(const uint8_t *holes, int players, int h, const uint8_t *known,
                                          int known_n, const uint8_t *deck, int deck_n, int missing, int hi_kind,
                                          int lo_kind, int random_player, int64_t *counts, int64_t counts_len);

/* pyeval_random_hand_patterns on two boards (double-board hold'em, high only): known0 and known1
 * hold known_n cards each, both boards draw ``missing`` cards from the deck (the second from what
 * the first left); completions start .. start + count - 1 of the first board, each with every
 * completion of the second.  Returns 0, -2, -3, or 1 when it does not apply (Omaha). */
int64_t pyeval_random_hand_patterns2(const uint8_t *holes, int players, int h, const uint8_t *known0,
                                     const uint8_t *known1, int known_n, const uint8_t *deck, int deck_n,
                                     int missing, int hi_kind, int random_player, int64_t start, int64_t count,
                                     int64_t *counts, int64_t counts_len);

/* The same for n given completions (boards: n x missing codes drawn from deck), e.g. sampled
 * ones.  Returns 0, -2, -3, or -4 - i when row i is not ``missing`` distinct deck cards. */
int64_t pyeval_board_patterns_list(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                   const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                                   const uint8_t *boards, int64_t n, int64_t *counts, int64_t counts_len);

/* n deals drawn at random as pyeval_sample_cards draws them (state advanced in place): the
 * missing board cards, then the hole cards of each player with bit p of ``drawn`` set (their
 * entries in holes are ignored), counted into counts[pattern].  Returns 0, -2 (also for an
 * all-zero state) or -3. */
int64_t pyeval_board_patterns_sample(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                     const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                                     unsigned drawn, uint64_t *state, int64_t n, int64_t *counts,
                                     int64_t counts_len);

/* Fill out (n x k) with n rows of k distinct cards drawn from deck (permuted in place) with the
 * xoshiro256** state (4 words, not all zero; advanced in place), exactly as
 * pyeval._kernels.sample_rows draws them (csrc/sample.c).  Returns 0 or -2. */
int64_t pyeval_sample_cards(uint8_t *deck, int deck_n, uint64_t *state, uint8_t *out, int64_t n, int k);

/* Rows of board-game spots (csrc/board_batch.c): holes n x players x h (255 = unknown card; a hand
 * is wholly known or wholly unknown), boards n x n_boards x known_n, dead n x dead_n.
 * pyeval_board_batch_check returns -1 when every row is valid, else the first bad row with
 * *reason set (1 bad code, 2 repeated card, 3 partly known hand, 4 card not in the deck, 5 deck
 * too short); -2 for bad sizes or kinds.  The others count each row's outcome patterns into
 * counts + i * counts_per_row and return -1, -2, or the index of a row found bad.  With a tally
 * matrix (counts_per_row x columns), counts is one row of scratch and row i's tallies, its
 * histogram times the matrix, go to tallies + i * columns instead. */
int64_t pyeval_board_batch_check(const uint8_t *holes, int players, int h, const uint8_t *boards, int n_boards,
                                 int known_n, const uint8_t *dead, int dead_n, int board_n, int lowest_card,
                                 int hi_kind, int lo_kind, int64_t n, int32_t *reason);
int64_t pyeval_board_batch_exact(const uint8_t *holes, int players, int h, const uint8_t *boards, int n_boards,
                                 int known_n, const uint8_t *dead, int dead_n, int board_n, int lowest_card,
                                 int hi_kind, int lo_kind, int64_t n, int64_t *counts, int64_t counts_per_row,
                                 const int64_t *matrix, int64_t columns, int64_t *tallies);
/* Row i: ``samples`` deals in chunks of ``chunk``, chunk c drawn from pyeval_chunk_state(row_seeds[i], c);
 * this call deals chunks first_chunk .. first_chunk + chunks - 1 of them (those that exist), so that a
 * row's deals can be split over calls whose counts add up to the whole row's. */
int64_t pyeval_board_batch_sample(const uint8_t *holes, int players, int h, const uint8_t *boards, int n_boards,
                                  int known_n, const uint8_t *dead, int dead_n, int board_n, int lowest_card,
                                  int hi_kind, int lo_kind, const uint64_t *row_seeds, int64_t samples,
                                  int64_t chunk, int64_t first_chunk, int64_t chunks, int64_t n, int64_t *counts,
                                  int64_t counts_per_row,
                                  const int64_t *matrix, int64_t columns, int64_t *tallies);

/* Monte Carlo seeds (csrc/seed.c): the state numpy's SeedSequence(entropy=seed,
 * spawn_key=(chunk,)).generate_state(4, uint64) gives (all-zero replaced by 1, 0, 0, 0), and row
 * seeds out[i] = that state's first word for chunk first + i, shifted right by one. */
int64_t pyeval_chunk_state(uint64_t seed, uint64_t chunk, uint64_t *state);
int64_t pyeval_row_seeds(uint64_t seed, int64_t first, int64_t n, uint64_t *out);

#endif
