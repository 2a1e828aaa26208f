"""What one seat may know: its own tiles, everything public, and its legal actions.

Agents and the client decide from an Observation only; it never holds the wall's
order or another seat's concealed tiles (docs/design.md, the referee).
"""

from __future__ import annotations

from typing import NamedTuple

from game.core.melds import Meld
from game.core.tiles import Tile
from game.engine.actions import Action
from game.engine.round import Phase, Round


class Observation(NamedTuple):
    """One seat's view of a hand in progress; immutable.

    A NamedTuple rather than a frozen dataclass: agents get one per decision, and it is
    built several times faster.
    """

    seat: int
    ruleset: str
    hand_no: int
    dealer: int
    streak: int
    phase: str
    turn: int  # whose turn it is (the discarder while claims are open)
    hand: tuple[Tile, ...]  # own concealed tiles, sorted
    counts: tuple[int, ...]  # the same as 27 counts
    drawn: Tile | None  # own tile just drawn, if it is this seat's turn after a draw
    melds: tuple[tuple[Meld, ...], ...]  # every seat's melds, by seat
    ponds: tuple[tuple[Tile, ...], ...]  # every seat's discards still in the pond, by seat
    hand_sizes: tuple[int, ...]  # concealed tile count per seat
    declared: tuple[bool, ...]  # 报听 per seat
    wall_remaining: int
    last_discard: tuple[int, Tile, bool] | None  # (seat, tile, hot)
    rob_tile: Tile | None  # the tile being added to a pung, while others may rob it
    first_chicken: tuple[tuple[Tile, int], ...]  # the first discarder of each followed chicken
    first_chicken_claimed_by: tuple[tuple[Tile, int], ...]
    guoshui: bool  # this seat passed a win and may not win off a discard before its next draw
    baopai_pending: bool  # this seat passed a win while ready: winning off a discard now costs 包牌
    legal_actions: tuple[Action, ...]
    # 定缺 (docs/rules.md §15.3): the suit each seat named (0 m, 1 p, 2 s), once all have named one; this seat's
    # own as soon as it has; -1 where not known or not played.
    missing: tuple[int, ...] = ()

    def unseen_count(self, tile: Tile) -> int:
        """Copies of `tile` this seat cannot see (in the wall or in others' concealed hands)."""
        seen = self.counts[tile]
        seen += sum(p.count(tile) for p in self.ponds)
        seen += sum(m.size for ms in self.melds for m in ms if m.tile == tile)
        if self.rob_tile == tile:
            seen += 1
        return max(0, 4 - seen)


# Phase -> its value: `Phase.value` is an enum property, several times slower than a lookup.
_PHASE_NAMES = {phase: phase.value for phase in Phase}


def observe(rnd: Round, seat: int) -> Observation:
    """Build `seat`'s observation of the round, with its legal actions."""
    state = rnd.state
    turn_seat = state.turn
    counts = tuple(state.hands[seat])
    phase = _PHASE_NAMES[state.phase]
    # Positional, in the order of Observation's fields: several times faster than by keyword,
    # and this runs once per decision.
    return Observation(
        seat,
        rnd.rules.name,  # ruleset
        rnd.setup.hand,  # hand_no
        state.dealer,
        state.streak,
        phase,
        turn_seat,  # turn
        tuple(rnd.sorted_hands[seat]),  # hand
        counts,
        state.drawn if turn_seat == seat and phase == "turn" else None,  # drawn
        tuple(rnd.melds_view),  # melds
        tuple(rnd.ponds_view),  # ponds
        tuple(rnd.sizes),  # hand_sizes
        tuple(state.declared),
        rnd.wall.remaining,  # wall_remaining
        state.last_discard if phase == "claims" else None,  # last_discard
        state.rob_tile if phase == "rob" else None,  # rob_tile
        rnd.first_chicken_view,  # first_chicken
        rnd.first_chicken_claimed_view,  # first_chicken_claimed_by
        state.guoshui[seat],
        state.baopai_pending[seat],
        rnd.legal_tuple(seat),  # legal_actions
        rnd.missing_seen_by(seat),  # missing
    )
