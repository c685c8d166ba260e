/* Random card draws for Monte Carlo chunks, callable without numba (csrc/rng.h: the same
 * generator and draw as pyeval/_kernels.py).  The board-only Monte Carlo engine draws inside
 * pyeval_board_patterns_sample; this entry point exposes the draw itself (parity tests). */
#include "pyeval.h"
#include "rng.h"

int64_t pyeval_sample_cards(uint8_t *deck, int deck_n, uint64_t *state, uint8_t *out, int64_t n, int k)
{
    if (deck_n < 0 || deck_n > 256 || k < 0 || k > deck_n || n < 0 || !state_ok(state))
        return -2;
    for (int64_t i = 0; i < n; i++)
        draw_cards(state, deck, deck_n, out + i * k, k);
    return 0;
}
