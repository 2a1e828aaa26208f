"""What one seat may know: its own tiles, everything public, and its legal actions.

Agents and the client decide from an Observation only; it never holds the wall's
order or another seat's concealed tiles (DESIGN.md, the referee).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import Action
from game.melds import Meld
from game.round import Round
from game.tiles import Tile


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of a hand in progress."""

    seat: int
    ruleset: str
    hand_no: int
    dealer: int
    streak: int
    phase: str
    turn: int  # whose turn it is (the discarder while claims are open)
    hand: tuple[Tile, ...]  # own concealed tiles, sorted
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

    def unseen_count(self, tile: Tile) -> int:
        """Copies of `tile` this seat cannot see (in the wall or in others' concealed hands)."""
        seen = self.hand.count(tile)
        seen += sum(p.count(tile) for p in self.ponds)
        seen += sum(m.size for ms in self.melds for m in ms if m.tile == tile)
        if self.rob_tile == tile:
            seen += 1
        return max(0, 4 - seen)


def observe(rnd: Round, seat: int) -> Observation:
    """Build `seat`'s observation of the round, with its legal actions."""
    turn_seat = rnd.turn
    return Observation(
        seat=seat,
        ruleset=rnd.rules.name,
        hand_no=rnd.setup.hand,
        dealer=rnd.dealer,
        streak=rnd.streak,
        phase=rnd.phase.value,
        turn=turn_seat,
        hand=tuple(rnd.hand_tiles(seat)),
        drawn=rnd.drawn if turn_seat == seat and rnd.phase.value == "turn" else None,
        melds=tuple(tuple(m) for m in rnd.melds),
        ponds=tuple(tuple(p) for p in rnd.ponds),
        hand_sizes=tuple(sum(h) for h in rnd.hands),
        declared=tuple(rnd.declared),
        wall_remaining=rnd.wall.remaining,
        last_discard=rnd.last_discard if rnd.phase.value == "claims" else None,
        rob_tile=rnd.rob_tile if rnd.phase.value == "rob" else None,
        first_chicken=tuple(sorted(rnd.first_chicken.items())),
        first_chicken_claimed_by=tuple(sorted(rnd.first_chicken_claimed_by.items())),
        guoshui=rnd.guoshui[seat],
        baopai_pending=rnd.baopai_pending[seat],
        legal_actions=tuple(rnd.legal_actions(seat)),
    )
