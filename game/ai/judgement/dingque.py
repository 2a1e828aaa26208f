"""定缺 at every level (docs/rules.md §15.3): which suit to name, and what naming it asks of the play after."""

from __future__ import annotations

from game.ai.judgement.value import keep_values
from game.core.discard_choice import missing_discard
from game.core.ruleset import Ruleset
from game.engine.actions import DINGQUE, DISCARD, PASS, SUIT_TILES, WIN, Action, make
from game.engine.observation import Observation

# What a pair of the suit adds to the cost of giving it up: a pair is half a pung or the hand's eye.
PAIR_COST = 0.5


def suit_cost(counts: tuple[int, ...] | list[int], suit: int, chickens: list[float]) -> float:
    """What the hand gives up by naming `suit`: its tiles, its pairs, and the chickens it would have to throw."""
    base = 9 * suit
    cost = 0.0
    for t in range(base, base + 9):
        n = counts[t]
        cost += n + n * chickens[t] + (PAIR_COST if n >= 2 else 0.0)
    return cost


def name_suit(obs: Observation, rules: Ruleset) -> Action:
    """The 定缺 choice: the suit in play whose loss costs the hand least (the first on a tie)."""
    chickens = keep_values(rules)
    suits = [a.tile // 9 for a in obs.legal_actions if a.kind is DINGQUE and a.tile is not None]
    suit = min(suits, key=lambda s: (suit_cost(obs.counts, s, chickens), s))
    return make(DINGQUE, obs.seat, SUIT_TILES[suit])


def dingque_move(obs: Observation, rules: Ruleset) -> Action | None:
    """The move 定缺 settles, or None: the suit to name; a tile of the named suit to throw while the hand holds one
    (it cannot win before they are gone); a pass on a discard of that suit (a pung of it would keep it for good)."""
    if obs.phase == "dingque":
        return name_suit(obs, rules)
    missing = obs.missing[obs.seat] if obs.missing else -1
    if missing < 0 or obs.declared[obs.seat]:
        return None
    if obs.phase == "turn" and obs.turn == obs.seat:
        tile = missing_discard(obs.counts, missing)
        if tile >= 0:
            return make(DISCARD, obs.seat, tile)
    elif obs.last_discard is not None and obs.last_discard[1] // 9 == missing:
        kinds = {a.kind for a in obs.legal_actions}
        if PASS in kinds and WIN not in kinds:
            return make(PASS, obs.seat)
    return None
