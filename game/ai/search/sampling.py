"""Determinization: whole hands consistent with what one seat has seen, to play forward.

From an Observation alone, the tiles the seat cannot see (the other hands and the wall) are
dealt out at random, and the public state (melds, ponds, 报听, the first chickens, whose turn)
is copied, giving a LeanHand the search can play to the end. The deal is weighted by the
reading of the table (game.ai.judgement.reading): a tile dealt to a seat stays there with the chance the
reading gives its kind of being in that hand (a kind the seat threw, a suit it drops, go back
to the wall more often), a seat that declared ready (报听) holds a ready hand that waits on none
of the kinds it has let go since, and, with READY_UNDECLARED, a seat not declared is made ready
with the chance the reading gives, on waits it has not thrown.
"""

from __future__ import annotations

import random

from game.ai.judgement.base import unseen_of
from game.ai.judgement.reading import SeatReading, read_table
from game.ai.judgement.value import keep_values
from game.core.deal import deal_unseen
from game.core.melds import KongKind
from game.core.phase import CLAIMS, ROB, TURN
from game.core.rollout import LeanHand
from game.core.ruleset import Ruleset
from game.core.tiles import NUM_KINDS, Tile
from game.engine.actions import ActionKind
from game.engine.observation import Observation

# Deal a seat not declared a ready hand with the reading's chance that it is ready.
READY_UNDECLARED = True

_PHASES = {"turn": TURN, "claims": CLAIMS, "rob": ROB}


class Inconsistent(ValueError):
    """The observation's tile counts do not add up (it cannot come from a legal hand)."""


class Public:
    """Everything a determinization copies from one observation, worked out once per decision."""

    __slots__ = (
        "base",
        "declared_seats",
        "hidden_sizes",
        "obs",
        "passed_by",
        "pool",
        "ready_odds",
        "rob_seat",
        "stay",
    )

    def __init__(
        self,
        obs: Observation,
        rules: Ruleset,
        after_kong: bool = False,
        reading: tuple[SeatReading | None, ...] | None = None,
    ) -> None:
        self.obs = obs
        seat = obs.seat
        unseen = unseen_of(obs, rules)
        self.pool: list[Tile] = [t for t in range(NUM_KINDS) for _ in range(unseen[t])]
        sizes = list(obs.hand_sizes)
        self.rob_seat = obs.turn if obs.rob_tile is not None else -1
        if self.rob_seat >= 0:
            sizes[self.rob_seat] -= 1  # the tile being added is in the hand but already counted as seen
        n = rules.players
        self.hidden_sizes = [0 if s == seat else sizes[s] for s in range(n)]
        if sum(self.hidden_sizes) + obs.wall_remaining != len(self.pool):
            raise Inconsistent(
                f"{len(self.pool)} unseen tiles for {sum(self.hidden_sizes)} hidden in hands"
                f" and {obs.wall_remaining} in the wall"
            )
        if reading is None:
            reading = read_table(obs, rules)
        # Per seat and kind, the chance a tile dealt there stays: the reading's weight of the kind being
        # in that hand, against the kind it most likely holds.
        self.stay: list[list[float]] = [[1.0] * NUM_KINDS for _ in range(n)]
        # The kinds each seat almost surely does not wait on, and the chance it is dealt a ready hand.
        self.passed_by: list[frozenset[Tile]] = [frozenset()] * n
        self.ready_odds = [0.0] * n
        for s, r in enumerate(reading):
            if r is None or not self.hidden_sizes[s]:
                continue
            top = max(r.held)
            self.stay[s] = [w / top for w in r.held]
            self.passed_by[s] = r.ruled_out
            if self.hidden_sizes[s] % 3 == 1:
                self.ready_odds[s] = r.ready if READY_UNDECLARED or obs.declared[s] else 0.0
        self.declared_seats = [s for s in range(n) if s != seat and obs.declared[s] and self.hidden_sizes[s] == 13]
        self.base = _public_hand(obs, rules, after_kong)


def _public_hand(obs: Observation, rules: Ruleset, after_kong: bool) -> LeanHand:
    """A LeanHand holding the public state and the seat's own tiles; the hidden hands and the wall come later."""
    h = LeanHand(rules)
    seat = obs.seat
    h.dealer, h.streak = obs.dealer, obs.streak
    n = rules.players
    h.hands = [[0] * NUM_KINDS for _ in range(n)]
    h.hands[seat] = list(obs.counts)
    h.melds = [list(m) for m in obs.melds]
    h.ponds = [list(p) for p in obs.ponds]
    h.declared = list(obs.declared)
    h.missing = list(obs.missing) if obs.missing else [-1] * n  # 定缺, once shown (docs/rules.md §15.3)
    claimed = [0] * n  # tiles each seat discarded that others claimed
    taken = [0] * n  # melds each seat made off a discard
    from_hand = [0] * n  # tiles each seat moved from its hand to its melds
    kongs = 0
    for s, ms in enumerate(obs.melds):
        for m in ms:
            if m.source is not None:
                claimed[m.source] += 1
                taken[s] += 1
            if m.kong is not None:
                kongs += 1
            from_hand[s] += 4 if m.kong is KongKind.CONCEALED else 3 if m.kong is not None else 2
    # Tiles through the hand = dealt + drawn; gone from it = discarded (kept or claimed) + put in melds.
    h.draws = [
        max(
            0,
            obs.hand_sizes[s] + len(obs.ponds[s]) + claimed[s] + from_hand[s] - 13 - (s == obs.dealer),
        )
        for s in range(n)
    ]
    h.discard_count = sum(len(p) for p in obs.ponds) + sum(claimed)
    h.claims_made = sum(taken)
    h.kongs_made = kongs
    h.phase = _PHASES[obs.phase]
    h.turn = obs.turn
    h.drawn = obs.drawn
    h.turn_by_draw = obs.drawn is not None or (h.phase is TURN and obs.turn == obs.dealer and h.discard_count == 0)
    if h.phase is not TURN or obs.turn != seat:
        h.turn_by_draw = h.phase is ROB  # an added kong is made on a drawn tile
    h.after_kong = after_kong and obs.drawn is not None
    own_kongs = [m for m in obs.melds[seat] if m.kong is not None]
    h.last_kong = own_kongs[-1] if h.after_kong and own_kongs else None
    h.last_discard = obs.last_discard if h.phase is CLAIMS else None
    h.hot_kong = None
    if h.last_discard is not None and h.last_discard[2]:
        source_kongs = [m for m in obs.melds[h.last_discard[0]] if m.kong is not None]
        h.hot_kong = source_kongs[-1] if source_kongs else None
    h.rob_tile = obs.rob_tile
    h.guoshui = [obs.guoshui if s == seat else False for s in range(n)]
    h.baopai_pending = [obs.baopai_pending if s == seat else False for s in range(n)]
    h.baopai = []
    h.deferred = [set() for _ in range(n)]
    h.first_chicken = dict(obs.first_chicken)
    h.first_chicken_claimed_by = dict(obs.first_chicken_claimed_by)
    h.first_chicken_discard = {}
    if h.last_discard is not None:
        source, tile, _ = h.last_discard
        if (
            h.first_chicken.get(tile) == source
            and tile not in h.first_chicken_claimed_by
            and obs.ponds[source].count(tile) == 1
        ):
            h.first_chicken_discard[tile] = h.discard_count  # the discard on offer is the first copy
    h.draw_completes = obs.drawn is not None and any(a.kind is ActionKind.WIN for a in obs.legal_actions)
    _follow_from_ponds(h, obs)
    h.waits_cache = [None] * n
    h.set_keep(rollout_keep(rules))
    h.set_wall(())
    return h


def rollout_keep(rules: Ruleset) -> tuple[bool, ...] | None:
    """The kinds the rollout policy keeps under `rules`: chickens that count only in the hand, as hard keeps them."""
    keep = keep_values(rules)
    return tuple(v > 0.5 for v in keep) if any(v > 0.5 for v in keep) else None


def determinize(pub: Public, rng: random.Random) -> LeanHand:
    """One whole hand consistent with the observation: the unseen tiles dealt to the hidden hands and the wall."""
    rob_tile = pub.obs.rob_tile if pub.rob_seat >= 0 and pub.obs.rob_tile is not None else -1
    return deal_unseen(
        pub.base, pub.pool, pub.hidden_sizes, pub.stay, pub.ready_odds, pub.passed_by, pub.rob_seat, rob_tile, rng
    )


def _follow_from_ponds(h: LeanHand, obs: Observation) -> None:
    """开局跟 (docs/rules.md §14) as far as the ponds show it.

    With no claim yet, each seat's first discard is the first tile of its pond.
    """
    if h.claims_made:
        return  # a claimed tile has left its pond; the rollout then treats the opening as not followed
    n = h.players
    for i in range(min(n, h.discard_count)):
        pond = obs.ponds[(obs.dealer + i) % n]
        if not pond or (h.first_discards and pond[0] != h.first_discards[0]):
            break
        h.first_discards.append(pond[0])
    h.dealer_followed = len(h.first_discards) == n
