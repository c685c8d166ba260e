"""The three-handed push branch solved exactly (for its tables) by support enumeration from
CFR+'s approximate equilibrium.

The game is not zero-sum, so no linear program; but an equilibrium in which every class of every
decision (``solver3.DECISIONS``) is pure except a few indifferent ones is a solution of a small
system.  Guess the *support*: the classes whose gain per hand is within ``margin`` of zero mix,
every other class plays its best response (share 1 when its gain is positive, 0 when negative).
The mixed classes' shares are then solved so that each of them is exactly indifferent (gain 0):
a decision's gains do not depend on its own shares and are multilinear in the other decisions',
so the Jacobian's column of a share is exact from one more evaluation (gain at share 1 or 0
minus gain now, over the change); Newton's method, damped on the residual, least squares where
the system is singular.  Then the support is corrected and solved again: the mixes past 0 or 1
make their classes pure at that bound; else the mixed class furthest from indifference (the
system had more mixed classes than it can balance) becomes pure by its gain's sign; else the
pure classes whose gains have the wrong sign mix (or flip, if they were mixed before and could
not be made indifferent); a pure class on the wrong side by ``margin`` or more, a cycle or
``MOST_MIXED`` abandon the guess.  ``MARGINS`` are tried in turn.  The result is verified: every mixed class's
gain per hand of the class dealt is within ``EXACT_TOLERANCE`` of zero, every pure class's has
the sign of its share.  Gains are computed in float64 (``ThreeWayGame.in_float64``).
"""

from __future__ import annotations

import numpy as np

from pyeval.analysis.pushfold.solver import EXACT_TOLERANCE
from pyeval.analysis.pushfold.solver3 import ThreeWayGame

__all__ = ["purify3", "verified3", "gains_per_hand", "MARGINS"]

Profile = list[np.ndarray]

AFFECTS = {0: (1, 2, 3), 1: (0, 2, 3), 2: (0, 1), 3: (0, 1)}
"""The decisions whose gains a decision's shares change (``ThreeWayGame.parts``): the button's
push changes everyone's; the small blind's call the button's and the big blind's; the big
blind's call and overcall the button's and the small blind's."""

MARGINS = (1e-4, 1e-3, 3e-3, 1e-2, 3e-2)
"""The support guesses: classes whose gain per hand is within this of zero start mixed."""

MOST_MIXED = 12
"""A guess with more mixed classes is not tried (a Newton step costs an evaluation of the
gains per mixed class; CFR+ runs longer instead)."""


def gains_per_hand(game: ThreeWayGame, s: Profile, decisions: tuple[int, ...] = (0, 1, 2, 3)) -> dict[int, np.ndarray]:
    """Each decision's gain of yes over no per class, per hand of that class dealt to the
    deciding player (0 where the decision is never reached)."""
    return {k: game.gains(k, s) / game.dealt for k in decisions}


def verified3(game: ThreeWayGame, s: Profile) -> bool:
    """Shares in [0, 1]; each class with a share has a gain of at least -``EXACT_TOLERANCE``,
    each class short of a whole share a gain of at most ``EXACT_TOLERANCE`` (per hand)."""
    g = gains_per_hand(game, s)
    for k, share in enumerate(s):
        if ((share < 0) | (share > 1)).any():
            return False
        if ((share > 0) & (g[k] < -EXACT_TOLERANCE)).any() or ((share < 1) & (g[k] > EXACT_TOLERANCE)).any():
            return False
    return True


def _with(s: Profile, unknowns: list[tuple[int, int]], x: np.ndarray) -> Profile:
    """``s`` with the unknowns' shares set to ``x`` (new arrays: ``ThreeWayGame`` remembers
    contractions by array)."""
    out = [v.copy() for v in s]
    for (k, i), v in zip(unknowns, x):
        out[k][i] = v
    return out


def _residual(g: dict[int, np.ndarray], unknowns: list[tuple[int, int]]) -> np.ndarray:
    return np.array([g[k][i] for k, i in unknowns])


def _solve_mixes(game: ThreeWayGame, s: Profile, mixed: list[np.ndarray], steps: int = 10) -> Profile:
    """``s`` with the mixed classes' shares moved to where their gains are zero (module
    docstring); the shares may leave [0, 1] (the caller makes such classes pure)."""
    unknowns = [(k, int(i)) for k in range(4) for i in np.flatnonzero(mixed[k])]
    if not unknowns:
        return s
    rows = tuple(sorted({k for k, _ in unknowns}))
    x = np.array([s[k][i] for k, i in unknowns])
    r = _residual(gains_per_hand(game, s, rows), unknowns)
    for _ in range(steps):
        if np.abs(r).max() <= EXACT_TOLERANCE / 100:
            break
        jac = np.zeros((len(r), len(x)))
        here = _with(s, unknowns, x)
        base = gains_per_hand(game, here, rows)
        for col, (m, j) in enumerate(unknowns):
            hit = tuple(k for k in rows if k in AFFECTS[m])
            if not hit:
                continue
            to = 1.0 if x[col] < 0.5 else 0.0  # exact: the gains are linear in one share
            moved = [v for v in here]
            moved[m] = here[m].copy()
            moved[m][j] = to
            g = gains_per_hand(game, moved, hit)
            for row, (k, i) in enumerate(unknowns):
                if k in g:
                    jac[row, col] = (g[k][i] - base[k][i]) / (to - x[col])
        step = np.linalg.lstsq(jac, -r, rcond=None)[0]
        norm = float(r @ r)
        for damping in (1.0, 0.5, 0.25, 0.125, 1 / 16, 1 / 64):
            x_new = x + damping * step
            r_new = _residual(gains_per_hand(game, _with(s, unknowns, x_new), rows), unknowns)
            if float(r_new @ r_new) < norm:
                break
        else:
            break  # no descent: the least-squares point
        x, r = x_new, r_new
    return _with(s, unknowns, x)


def _purify_from(game: ThreeWayGame, s: Profile, margin: float, rounds: int = 16) -> Profile | None:
    """The fixed point of the module docstring from the support guessed with ``margin``."""
    g = gains_per_hand(game, s)
    mixed = [np.abs(g[k]) < margin for k in range(4)]
    s = [np.where(mixed[k], np.clip(s[k], 0.0, 1.0), (g[k] > 0).astype(np.float64)) for k in range(4)]
    failed = [np.zeros(game.n, bool) for _ in range(4)]  # mixed once and could not be made indifferent
    seen: set[bytes] = set()
    for _ in range(rounds):
        if sum(int(m.sum()) for m in mixed) > MOST_MIXED:
            return None
        key = np.concatenate([*mixed, *(np.where(m, 0.5, x) for m, x in zip(mixed, s))]).tobytes()
        if key in seen:
            return None  # a cycle
        seen.add(key)
        s = [x.copy() for x in _solve_mixes(game, s, mixed)]  # changed in place below: new arrays
        outside = [mixed[k] & ((s[k] < 0) | (s[k] > 1)) for k in range(4)]
        if any(o.any() for o in outside):  # a mix past a bound: pure at that bound
            for k in range(4):
                s[k] = np.where(outside[k], (s[k] > 1).astype(np.float64), s[k])
                mixed[k] = mixed[k] & ~outside[k]
            continue
        g = gains_per_hand(game, s)
        loose = {(k, int(i)): abs(g[k][i]) for k in range(4) for i in np.flatnonzero(mixed[k])
                 if abs(g[k][i]) > EXACT_TOLERANCE}
        wrong = [~mixed[k] & (((s[k] == 1) & (g[k] < -EXACT_TOLERANCE)) | ((s[k] == 0) & (g[k] > EXACT_TOLERANCE)))
                 for k in range(4)]
        if not loose and not any(w.any() for w in wrong):
            return s if verified3(game, s) else None
        if any((w & (np.abs(g[k]) >= margin)).any() for k, w in enumerate(wrong)):
            return None  # a pure class far on the wrong side: the guess was wrong
        if loose:
            # the mixes cannot all be made indifferent: the class furthest from it plays its
            # best response (and flips rather than mixes if it is on the wrong side again)
            k, i = max(loose, key=loose.__getitem__)
            s[k][i], mixed[k][i], failed[k][i] = float(g[k][i] > 0), False, True
            continue
        for k in range(4):  # pure classes on the wrong side mix, or flip if they could not mix
            s[k] = np.where(wrong[k] & failed[k], (g[k] > 0).astype(np.float64), s[k])
            mixed[k] = mixed[k] | (wrong[k] & ~failed[k])
    return None


def purify3(game: ThreeWayGame, s: Profile) -> Profile | None:
    """An exact equilibrium of the push branch near CFR+'s profile ``s`` (module docstring), or
    None when no support guess (``MARGINS``) leads to a verified one; ``game`` in float64."""
    for margin in MARGINS:
        found = _purify_from(game, s, margin)
        if found is not None:
            return [np.clip(x, 0.0, 1.0) for x in found]
    return None
