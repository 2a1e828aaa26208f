"""Dice, dealer, wall and deal (docs/rules.md §2, §3, §12.11)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from game.core.ruleset import Ruleset
from game.core.tiles import parse_tile
from game.engine.actions import Action, ActionKind
from game.engine.events import DealerChosen, TileDrawn, TilesDealt, WallBroken, WallBuilt
from game.engine.round import HandSetup, Round
from game.engine.wall import count_seats, find_break
from game.rules.loader import load_ruleset
from tests.rig import rigged_round

CLASSIC = load_ruleset("guiyang-classic")
EAST, SOUTH, WEST, NORTH = range(4)


def first(events: Sequence[object], kind: type) -> object:
    return next(e for e in events if isinstance(e, kind))


def test_seed_a_south_rolls_ten_east_deals() -> None:
    """docs/rules.md §2/§3, A4: South rolls 10, counting with the roller as 1 reaches East."""
    rnd = Round(CLASSIC, 1, HandSetup(first_roller=SOUTH, dealer_dice=(4, 6)))
    chosen = first(rnd.events, DealerChosen)
    assert isinstance(chosen, DealerChosen)
    assert chosen.dealer == EAST
    assert chosen.counted == (SOUTH, EAST, NORTH, WEST, SOUTH, EAST, NORTH, WEST, SOUTH, EAST)


def test_seed_a_roll_of_seven_points_opposite() -> None:
    """docs/rules.md §2, A4: 7 rolled by South points at North, the seat opposite."""
    assert count_seats(SOUTH, 7, "previous", 4) == NORTH
    assert count_seats(SOUTH, 7, "next", 4) == NORTH
    assert count_seats(SOUTH, 10, "next", 4) == WEST  # F counts toward the next seat


def test_seed_a_break_south_deals_rolls_three_and_four() -> None:
    """docs/rules.md §3, A5: South deals and rolls 3+4: North's side opens after 3 stacks skipped."""
    rnd = Round(CLASSIC, 1, HandSetup(dealer=SOUTH, break_dice=(3, 4)))
    brk = first(rnd.events, WallBroken)
    assert isinstance(brk, WallBroken)
    assert (brk.side, brk.skipped, brk.method) == (NORTH, 3, "sum_and_smaller")
    assert brk.first == (NORTH, 3, 1)
    assert brk.tail == (NORTH, 2, 1)  # replacements come from the stack just before the break


def test_f_break_counts_the_sum_in_stacks() -> None:
    """docs/rules.md §3, F: the standard break counts as many stacks as the sum."""
    table = dataclasses.replace(CLASSIC.table, break_method="sum")
    rules = dataclasses.replace(CLASSIC, table=table)
    brk = first(Round(rules, 1, HandSetup(dealer=SOUTH, break_dice=(3, 4))).events, WallBroken)
    assert isinstance(brk, WallBroken)
    assert (brk.side, brk.skipped) == (NORTH, 7)


def test_wall_layout_dealer_side_and_opposite_hold_fourteen() -> None:
    """docs/rules.md §12.11: 14/13/14/13 stacks from the dealer's side in play order."""
    built = first(Round(CLASSIC, 1, HandSetup(dealer=WEST)).events, WallBuilt)
    assert isinstance(built, WallBuilt)
    assert built.stacks[WEST] == 14 and built.stacks[EAST] == 14
    assert built.stacks[SOUTH] == 13 and built.stacks[NORTH] == 13


@pytest.mark.parametrize("seed", range(20))
def test_deal_gives_dealer_fourteen_and_others_thirteen(seed: int) -> None:
    """docs/rules.md §3: deal 4-4-4 then 跳牌; dealer 14, others 13; 54 stacks, 55 tiles left."""
    rnd = Round(CLASSIC, seed)
    sizes = [len(rnd.hand_tiles(s)) for s in range(4)]
    assert sizes[rnd.state.dealer] == 14
    assert sorted(sizes) == [13, 13, 13, 14]
    assert rnd.wall.remaining == 108 - 53
    assert rnd.tile_census() == [4] * 27
    grabs = [e for e in rnd.events if isinstance(e, TilesDealt)]
    assert [len(g.places) for g in grabs] == [4] * 12 + [2, 1, 1, 1]
    order = [(rnd.state.dealer + k) % 4 for k in range(4)]
    assert [g.seat for g in grabs[:12]] == order * 3
    assert [g.seat for g in grabs[12:]] == order
    places = [p for g in grabs for p in g.places]
    assert len(set(places)) == 53


def test_jump_takes_tops_of_first_and_third_stacks() -> None:
    """docs/rules.md §3, F 跳牌: the dealer takes the tops of the next first and third stacks."""
    rnd = Round(CLASSIC, 3, HandSetup(dealer=EAST, break_dice=(2, 2)))
    grabs = [e for e in rnd.events if isinstance(e, TilesDealt)]
    jump = grabs[12]
    side, stack, _layer = grabs[11].places[-1]
    assert [p[2] for p in jump.places] == [1, 1]
    assert jump.places[0][:2] == (side, stack + 1) or jump.places[0][1] == 0
    # South takes the bottom of the first jumped stack.
    assert grabs[13].places[0][:2] == jump.places[0][:2] and grabs[13].places[0][2] == 0


def test_draws_from_front_and_replacements_from_tail() -> None:
    """docs/rules.md §3: draws come from the front of the wall, kong replacements from the tail."""
    rnd = rigged_round(
        CLASSIC,
        ["1111m 234p 567p 789s 5s", "23456789m119p12s", "23456789m889p34s", "23456789m66s234s"],
        draws="9p",
        tail="6s",
    )
    brk = first(rnd.events, WallBroken)
    assert isinstance(brk, WallBroken)
    events = rnd.apply(_kong(0, "1m"))
    drawn = [e for e in events if isinstance(e, TileDrawn)]
    assert len(drawn) == 1 and drawn[0].replacement and drawn[0].place == brk.tail
    assert drawn[0].tile == 18 + 5  # 6s


def _kong(seat: int, tile: str) -> Action:
    return Action(ActionKind.CONCEALED_KONG, seat, parse_tile(tile))


def test_random_first_dealer_for_app_rules() -> None:
    """docs/rules.md §3, I 莊家確定 1: the app picks the first dealer at random."""
    rules = load_ruleset("guiyang-app")
    chosen = [first(Round(rules, s).events, DealerChosen) for s in range(40)]
    assert {c.dealer for c in chosen if isinstance(c, DealerChosen)} == {0, 1, 2, 3}
    assert {c.method for c in chosen if isinstance(c, DealerChosen)} == {"random"}


# --- smaller tables (docs/rules.md §15.2) --------------------------------------------------

THREE = load_ruleset("sandingguai")
TWO = load_ruleset("erding-liangfang")


def test_small_tables_count_the_dice_round_the_players_who_sit() -> None:
    """docs/rules.md §15.2: at three, counting toward the next seat, 1, 4, 7, 10 reach the dealer, 2, 5, 8, 11 the
    next seat, 3, 6, 9, 12 the third; at two an odd sum reaches the dealer's own wall, an even one the other."""
    assert [count_seats(0, n, "next", 3) for n in range(1, 13)] == [0, 1, 2] * 4
    for direction in ("next", "previous"):
        assert [count_seats(1, n, direction, 2) for n in range(1, 13)] == [1, 0] * 6


@pytest.mark.parametrize("rules", [THREE, TWO], ids=["sandingguai", "erding-liangfang"])
def test_small_tables_build_one_wall_per_player_and_deal_thirteen_each(rules: Ruleset) -> None:
    """docs/rules.md §15.1, §15.2: one side of the wall per player, every tile in play on it, 13 tiles to each seat
    and 14 to the dealer; the wall keeps the rest."""
    for seed in range(6):
        rnd = Round(rules, f"small:{seed}")
        built = first(rnd.events, WallBuilt)
        assert isinstance(built, WallBuilt) and len(built.stacks) == rules.players
        assert sum(built.stacks) * 2 == rules.wall_size
        dealer = rnd.state.dealer
        assert 0 <= dealer < rules.players
        assert [sum(rnd.state.hands[s]) for s in range(rules.players)] == [
            14 if s == dealer else 13 for s in range(rules.players)
        ]
        assert rnd.wall.remaining == rules.wall_size - 13 * rules.players - 1
        dealt = [e for e in rnd.events if isinstance(e, TilesDealt)]
        assert all(0 <= e.seat < rules.players for e in dealt)
        assert all(rules.in_play[t] for e in dealt for t in e.tiles or ())


def test_a_count_past_a_whole_wall_goes_on_along_the_next() -> None:
    """docs/rules.md §15.2: the walls stand in one ring, so with 12 stacks a wall a 12 counted by `sum` skips the
    whole wall and drawing starts at the first stack of the next one in drawing order."""
    table = dataclasses.replace(THREE.table, wall_stacks=(12, 12, 12), break_method="sum", count_direction="next")
    lengths = [12, 12, 12]
    brk = find_break(table, 0, (6, 6), lengths)
    # 12 counted from the dealer (East) reaches the third seat (West); its wall is used up, so the break moves on
    # to the wall drawn after it, the second seat's (South).
    assert (brk.side, brk.skipped) == (1, 0)
    assert (find_break(table, 0, (5, 6), lengths).side, find_break(table, 0, (5, 6), lengths).skipped) == (1, 11)
