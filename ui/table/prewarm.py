"""Tile pictures drawn ahead of need, so a first appearance never stalls a frame.

The table draws them behind a short loading banner before its first hand, and a few per quiet
frame after the window changes size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from game.ruleset import Ruleset
from game.tiles import NUM_KINDS
from ui.layout import Layout
from ui.tile_art import TURNS, Look, get_tile_art

Job = Callable[[], object]


def art_jobs(layout: Layout, rules: Ruleset) -> Iterator[Job]:
    """Every picture the table is likely to show at this layout, the commonest first."""
    t = layout.tiles
    hand, pond, meld = get_tile_art(t.hand), get_tile_art(t.pond), get_tile_art(t.meld)
    other, side, other_meld, wall = (get_tile_art(w) for w in (t.other, t.side, t.other_meld, t.wall))
    yield other.back
    yield partial(side.edge, "left")
    yield partial(side.edge, "right")
    for turn in TURNS:
        yield partial(wall.lying_back, turn)
        yield partial(other_meld.lying_back, turn)
        yield partial(meld.lying_back, turn)
    for tile in range(NUM_KINDS):
        yield partial(hand.face, tile)
        yield partial(hand.face, tile, Look.SELECTED)
        for turn in TURNS:
            yield partial(pond.lying, tile, turn)
    for tile in range(NUM_KINDS):
        yield partial(hand.face, tile, Look.DIMMED)
        yield partial(pond.lying, tile, 0, Look.CLAIMABLE)
        for turn in (0, 90, 270):
            yield partial(meld.lying, tile, turn)
        for turn in TURNS:
            yield partial(other_meld.lying, tile, turn)
    for tile in sorted(rules.chickens.fixed):
        yield partial(hand.face, tile, Look.CHICKEN)
        yield partial(hand.face, tile, Look.CHICKEN | Look.SELECTED)
        yield partial(hand.face, tile, Look.CHICKEN | Look.DIMMED)
    for tile in range(NUM_KINDS):
        for turn in TURNS:
            yield partial(wall.lying, tile, turn, Look.WINNING)
            yield partial(other_meld.lying, tile, turn, Look.CHICKEN)
        yield partial(hand.face, tile, Look.CHICKEN)
        yield partial(hand.face, tile, Look.WINNING)
