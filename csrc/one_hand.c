/* One hand a call, for Python loops over single hands: the batch evaluators on n = 1, with the
 * strength as the return value, so that the caller allocates no output buffer (the larger part
 * of such a call's cost from Python, after the call itself). */
#include "pyeval.h"

int64_t pyeval_eval_one(int evaluator, const uint8_t *cards, int k, int option)
{
    int32_t out = 0;
    int64_t status;
    switch (evaluator) {
    case PYEVAL_EVAL_HIGH: status = pyeval_eval_high(cards, 1, k, &out); break;
    case PYEVAL_EVAL_DEUCE7: status = pyeval_eval_deuce7(cards, 1, k, &out); break;
    case PYEVAL_EVAL_RAZZ: status = pyeval_eval_razz(cards, 1, k, &out); break;
    case PYEVAL_EVAL_LOW8: status = pyeval_eval_low8(cards, 1, k, &out); break;
    case PYEVAL_EVAL_SHORTDECK: status = pyeval_eval_shortdeck(cards, 1, k, option, &out); break;
    case PYEVAL_EVAL_BADUGI: status = k == 4 ? pyeval_eval_badugi(cards, 1, &out) : -2; break;
    case PYEVAL_EVAL_SHOWING: status = pyeval_eval_showing(cards, 1, k, option, &out); break;
    default: return -2;
    }
    return status == -1 ? out : status == -2 ? -2 : -1;
}

int64_t pyeval_eval_omaha_one(int low8, const uint8_t *hole, int h, const uint8_t *board, int b)
{
    int32_t out = 0;
    int64_t status = low8 ? pyeval_eval_omaha_low8(hole, h, h, board, b, b, 1, &out)
                          : pyeval_eval_omaha(hole, h, h, board, b, b, 1, &out);
    return status == -1 ? out : status == -2 ? -2 : -1;
}
