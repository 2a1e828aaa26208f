"""Every legal option of one decision priced by the expert's search: what a review of a player's play reads.

The expert (game.ai.levels.expert) searches only the few moves worth weighing and keeps hard's move unless
another beats it clearly. To rate a player's move against it, every legal option is put into that
same search: the unseen tiles are dealt many times from the seat's observation (game.ai.search.sampling),
each option is played to the end of the hand on the same deals, and its value is the seat's mean
net points. Options clearly worse are dropped as the search goes, as the expert drops them. The
expert's move is hard's unless another option beats it by the expert's own switch margin; and since
the review prices options the expert at the table never searches (it weighs only the few hard values
near its own), an option that clearly beats that move on the same deals takes its place (by a margin
widened for the many options compared, `outside_z`).

An option dropped early was played on fewer deals than the expert's move, so its own mean is not
comparable with the move's (a lucky dozen deals once showed a move the expert beat by 2 points above
it). Every option is therefore priced on the expert's move's deals: that move's mean less how far it
beat the option on the deals both were played on. The prices then order the options as the paired
margins do, and an option priced above the expert's move is one it trails within the noise.

Nothing here reads a clock or the global random generator: a fixed rollout count and a seed give
the same prices on every run. It sees the observation and nothing else.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from statistics import NormalDist

from game.ai.levels.expert import SWITCH_Z, Candidate, ExpertAgent, _turn_move, paired, switch_margin
from game.ai.levels.hard import HardAgent
from game.ai.search.sampling import Inconsistent, Public, determinize
from game.core.rollout import KONG, PASS, PUNG, WIN, LeanHand
from game.core.ruleset import Ruleset
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation

# Rollouts each option gets when none is dropped (options dropped early leave theirs to the others).
DEFAULT_ROLLOUTS = 64

# An option is clearly worse than the expert's move when that beats it by this many paired standard
# errors: the margin the expert itself needs to leave hard's move (game.ai.levels.expert.SWITCH_Z).
CLEAR_Z = SWITCH_Z

# The lean path's answer to an open discard or kong, by the kind of the seat's action.
_ANSWERS = {ActionKind.PUNG: PUNG, ActionKind.KONG: KONG, ActionKind.PASS: PASS, ActionKind.WIN: WIN}


class Cancelled(Exception):
    """The appraisal was stopped by its caller before it finished."""


@dataclass(frozen=True, slots=True)
class Priced:
    """One option: its price (the expert's move's mean net points for the seat, less how far that move is ahead
    of this one) and the deals it was played on; how far the expert's move is ahead of it (mean points over
    the deals both were played on, negative when behind) and the standard error of that (inf when too few
    deals are shared to tell): the option's uncertainty beside the expert's move."""

    action: Action
    points: float
    samples: int
    behind: float
    se: float


@dataclass(frozen=True, slots=True)
class Appraisal:
    """Every legal option of a decision priced, hard's move and the expert's."""

    options: tuple[Priced, ...]  # hard's move first, then the others in the order the engine lists them
    hard: Action
    expert: Action
    rollouts: int  # rollouts played in all

    def priced(self, action: Action) -> Priced | None:
        """The option `action`, or None when it is not one of them."""
        return next((p for p in self.options if p.action == action), None)


def options_of(obs: Observation) -> list[Action]:
    """The decision's distinct legal options, in the engine's order."""
    return list(dict.fromkeys(obs.legal_actions))


def appraise(
    obs: Observation,
    rules: Ruleset,
    hard: HardAgent,
    base: Action,
    seed: str,
    rollouts: int = DEFAULT_ROLLOUTS,
    after_kong: bool = False,
    cancelled: Callable[[], bool] | None = None,
) -> Appraisal:
    """Price every legal option of `obs` with the expert's search, `rollouts` deals an option, from `seed`.

    `base` is `hard`'s move for this very observation (the caller keeps hard following the hand, as the
    expert does at the table); `after_kong` says the seat's drawn tile replaced its own kong. The expert's
    move is chosen as the expert chooses: among its own candidates, hard's unless one beats it clearly.
    Cancelled is raised between deals once `cancelled()` is true.
    """
    options = options_of(obs)
    if base not in options:
        raise ValueError(f"hard's move {base} is not among the legal options")
    ordered = [base, *(a for a in options if a != base)]
    if len(ordered) < 2:
        return Appraisal((Priced(base, 0.0, 0, 0.0, math.inf),), base, base, 0)
    cands = [_candidate(a, obs) for a in ordered]
    try:
        pub = Public(obs, rules, after_kong)
    except Inconsistent:
        return Appraisal(tuple(Priced(a, 0.0, 0, 0.0, math.inf) for a in ordered), base, base, 0)
    rng = random.Random(f"appraise:{seed}")

    def deal() -> LeanHand:
        if cancelled is not None and cancelled():
            raise Cancelled
        return determinize(pub, rng)

    search = ExpertAgent(rules, rollouts=rollouts * len(cands))
    search.hard = hard  # its candidates are read from hard's own weighing of this observation
    search.search(obs, deal, cands, rules)
    wanted = _searched(search, obs, cands)
    best = _clearly_best(cands, _expert_pick(cands, wanted), wanted)
    priced = tuple(_priced(best, c) for c in cands)
    return Appraisal(priced, base, best.action, search.stats.rollouts)


def _priced(best: Candidate, c: Candidate) -> Priced:
    """Option `c` priced on the deals of `best`: its mean there, less how far `best` beat `c` where both were played."""
    behind, se = _ahead(best, c)
    return Priced(c.action, best.mean() - behind, len(c.values), behind, se)


def _searched(search: ExpertAgent, obs: Observation, cands: list[Candidate]) -> set[Action]:
    """The options the expert itself would search here (hard's alone where it would not search)."""
    base = cands[0]
    if base.action.kind is ActionKind.WIN or obs.wall_remaining == 0:
        return {base.action}
    wanted = {c.action for c in search.candidates(obs, base.action)}
    return wanted if len(wanted) >= 2 else {base.action}


def _expert_pick(cands: list[Candidate], wanted: set[Action]) -> Candidate:
    """The expert's move: hard's (cands[0]) where it would not search, else the best of the candidates it would
    search, when that beats hard's by its switch margin (or hard's was dropped)."""
    base = cands[0]
    mine = [c for c in cands if c.action in wanted and c.alive]
    if len(wanted) < 2 or not mine:
        return base
    best = max(mine, key=lambda c: c.mean())
    if best is base:
        return base
    diff, se = paired(best, base)
    return best if not base.alive or diff > switch_margin(base) * se else base


def outside_z(outside: int) -> float:
    """Standard errors by which an option the expert does not search must beat its move to replace it: SWITCH_Z's
    one-sided chance shared among the `outside` options (Bonferroni), since with a dozen discards one clears
    SWITCH_Z by chance often enough to recommend a discard a step further from ready (docs/ai-journal.md)."""
    tail = 1 - NormalDist().cdf(SWITCH_Z)
    return NormalDist().inv_cdf(1 - tail / max(1, outside))


def _clearly_best(cands: list[Candidate], pick: Candidate, wanted: set[Action]) -> Candidate:
    """`pick`, or while another option beats it clearly on the same deals (by the expert's switch margin, or by
    `outside_z` for an option the expert does not search), the one that beats it by most: the review's answer is
    never clearly beaten by an option it shows."""
    margin = switch_margin(cands[0])
    wide = outside_z(sum(c.action not in wanted for c in cands))
    for _ in cands:  # each step moves to a clearly better option; the bound only guards against a cycle
        rivals = []
        for c in cands:
            if c is not pick:
                diff, se = paired(c, pick)
                if diff > (margin if c.action in wanted else wide) * se:
                    rivals.append((diff, c))
        if not rivals:
            break
        pick = max(rivals, key=lambda r: r[0])[1]
    return pick


def _candidate(action: Action, obs: Observation) -> Candidate:
    if obs.phase == "turn":
        return Candidate(action, _turn_move(action), 0, [])
    return Candidate(action, None, _ANSWERS[action.kind], [])


def _ahead(best: Candidate, other: Candidate) -> tuple[float, float]:
    """Mean points `best` scored above `other` on the deals both were played on, and its standard error."""
    if best is other:
        return 0.0, 0.0
    return paired(best, other)
