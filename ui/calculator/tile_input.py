"""Tiles into the calculator's hand: typed melds, and tiles from the palette into the field they go to."""

from __future__ import annotations

from game.core.melds import KongKind
from game.core.tiles import Tile, parse_tile
from game.handfile import Problem
from ui.calculator.calc_state import CalcState, Notice
from ui.calculator.problems import problem_text

LATE_KINDS = (KongKind.CONCEALED, KongKind.ADDED)  # the kongs that may be made late (after a pass)


def meld_of(s: CalcState, seat: int, tile: Tile) -> bool:
    """Add a meld of `tile` to `seat`, of the kind, source and lateness picked below the seats."""
    source = None if s.meld_kind is KongKind.CONCEALED else s.meld_from
    late = s.meld_late and s.meld_kind in LATE_KINDS
    return s.calc.add_meld_of(seat, tile, s.meld_kind, source, late)


def typed_meld(s: CalcState, seat: int, text: str) -> bool:
    """A typed meld: one tile (`5m`) takes the kind picked below, else the hand-file form."""
    words = text.split()
    if len(words) == 1 and len(words[0]) == 2 and words[0][0].isdigit():
        try:
            tile = parse_tile(words[0])
        except ValueError:
            return s.typed(lambda: s.calc.add_meld(seat, text))
        return s.typed(lambda: meld_of(s, seat, tile))
    return s.typed(lambda: s.calc.add_meld(seat, text))


def pick(s: CalcState, tile: Tile) -> None:
    """A tile from the palette, into the target field; a tile the field refuses is said why."""
    calc = s.calc
    kind, _, seat_text = s.target.partition(":")
    refusal: Problem | None = None
    if kind in ("hand", "discards", "chickens"):
        refusal = calc.add_tile(int(seat_text), kind, tile)
    elif kind == "melds":
        meld_of(s, int(seat_text), tile)
    elif kind == "win_tile":
        calc.set_win_tile(tile)
    elif kind == "flip":
        calc.set_flip(tile)
    elif kind == "hot_kong":
        calc.set_hot(True, tile)
    s.refresh()
    s.notice = Notice(problem_text(refusal, calc.rules), True) if refusal else Notice()
