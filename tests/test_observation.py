"""Observations: a seat sees its own tiles, everything public and its legal actions (docs/design.md)."""

from __future__ import annotations

import random

from game.core.tiles import NUM_KINDS
from game.engine.actions import ActionKind
from game.engine.events import TileDrawn, TilesDealt
from game.engine.observation import observe
from game.engine.round import HandSetup, Round
from game.engine.visibility import visible_events
from game.rules.loader import load_ruleset
from tests.rig import stacked_wall

CLASSIC = load_ruleset("guiyang-classic")


def _swap_hidden_between(wall: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    tiles = list(wall)
    tiles[a], tiles[b] = tiles[b], tiles[a]
    return tuple(tiles)


def test_hidden_tiles_do_not_change_other_seats_observations() -> None:
    """Two states that differ only in seat 1's hand and the wall look the same to seats 0, 2 and 3."""
    base = stacked_wall(["1234567m 12345p 58s", "123p456p789m88s34s", "2345678m 234s 567s", "2345678m 6789p 19s"])
    # Position 4 is dealt to seat 1 (its first grab); position 100 lies deep in the wall.
    other = _swap_hidden_between(base, 4, 100)
    assert base[4] != base[100]
    a = Round(CLASSIC, "obs", HandSetup(dealer=0, break_dice=(3, 4), wall=base))
    b = Round(CLASSIC, "obs", HandSetup(dealer=0, break_dice=(3, 4), wall=other))
    for seat in (0, 2, 3):
        assert observe(a, seat) == observe(b, seat)
    assert observe(a, 1) != observe(b, 1)
    # The same after some play that keeps the swapped tiles hidden.
    for rnd in (a, b):
        rnd.apply(next(x for x in rnd.legal_actions(0) if x.kind is ActionKind.DISCARD and x.tile == 0))
    for seat in (0, 2, 3):
        assert observe(a, seat) == observe(b, seat)
        assert visible_events(a.events, seat) == visible_events(b.events, seat)


def test_observation_holds_own_tiles_and_legal_actions() -> None:
    """A seat's observation has its own sorted tiles and exactly the engine's legal actions."""
    rnd = Round(CLASSIC, 11)
    for seat in range(4):
        obs = observe(rnd, seat)
        assert list(obs.hand) == rnd.hand_tiles(seat)
        assert list(obs.legal_actions) == rnd.legal_actions(seat)
        assert obs.hand_sizes[rnd.state.dealer] == 14
        assert obs.wall_remaining == 55


def test_redacted_events_hide_other_seats_tiles() -> None:
    """The event feed a seat sees hides the tiles dealt and drawn to the other seats."""
    rnd = Round(CLASSIC, 12)
    rng = random.Random(0)
    for _ in range(12):
        seat = rnd.to_move()[0]
        rnd.apply(rng.choice(rnd.legal_actions(seat)))
        if rnd.ended:
            break
    for seat in range(4):
        for e in visible_events(rnd.events, seat):
            if isinstance(e, TilesDealt | TileDrawn) and e.seat != seat:
                assert (e.tiles if isinstance(e, TilesDealt) else e.tile) is None


def test_unseen_count_counts_what_the_seat_cannot_see() -> None:
    """Waits are shown with the copies still unseen: four less the seat's own, the ponds and the melds."""
    rnd = Round(CLASSIC, 13)
    obs = observe(rnd, 0)
    for t in range(NUM_KINDS):
        assert obs.unseen_count(t) == 4 - obs.hand.count(t)
