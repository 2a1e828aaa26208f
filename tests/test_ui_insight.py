"""What the waits and chicken panels tell the player (docs/rules.md §5, §6, §8), from an observation."""

from __future__ import annotations

from game.core.melds import KongKind, Meld
from game.core.settlement.chickens import chicken_tiles
from game.core.tiles import WUGUJI, YAOJI, parse_tile, parse_tiles, to_counts
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation
from game.rules.loader import load_ruleset
from ui.table.insight import chicken_info, discard_choices_keeping_ready, waits_of

CLASSIC = load_ruleset("guiyang-classic")
MODERN = load_ruleset("guiyang-modern")


def _obs(
    hand: str,
    melds: tuple[Meld, ...] = (),
    declared: bool = False,
    ponds: tuple[str, str, str, str] = ("", "", "", ""),
    first_chicken: tuple[tuple[int, int], ...] = (),
    claimed_by: tuple[tuple[int, int], ...] = (),
) -> Observation:
    tiles = tuple(sorted(parse_tiles(hand)))
    fields = dict(
        seat=0,
        ruleset="guiyang-classic",
        hand_no=1,
        dealer=0,
        streak=0,
        phase="claims",
        turn=1,
        hand=tiles,
        counts=tuple(to_counts(tiles)),
        drawn=None,
        melds=(melds, (), (), ()),
        ponds=tuple(tuple(parse_tiles(p)) for p in ponds),
        hand_sizes=(len(tiles), 13, 13, 13),
        declared=(declared, False, False, False),
        wall_remaining=40,
        last_discard=None,
        rob_tile=None,
        first_chicken=first_chicken,
        first_chicken_claimed_by=claimed_by,
        guoshui=False,
        baopai_pending=False,
        legal_actions=(Action(ActionKind.PASS, 0),),
    )
    return Observation(**{k: v for k, v in fields.items() if k in Observation._fields})  # type: ignore[arg-type]


def test_plain_hand_without_a_kong_waits_for_a_self_draw_only() -> None:
    """docs/rules.md §6: a 平胡 may win off a discard only with a pass (a kong of its own)."""
    waits = waits_of(_obs("123m456p789s1123s"), CLASSIC)
    assert [w.tile for w in waits] == parse_tiles("1s4s")
    assert not any(w.off_discard for w in waits)


def test_a_kong_is_the_pass() -> None:
    """docs/rules.md §6 通行证: with a kong of its own the plain hand may take a discard."""
    kong = Meld(parse_tile("9p"), KongKind.CONCEALED)
    waits = waits_of(_obs("123m456p1123s", melds=(kong,)), CLASSIC)
    assert [w.tile for w in waits] == parse_tiles("1s4s")
    assert all(w.off_discard for w in waits)


def test_declared_ready_needs_no_pass() -> None:
    """docs/rules.md §6: a declared-ready seat (报听) needs no pass in guiyang-classic (A三1)."""
    assert all(w.off_discard for w in waits_of(_obs("123m456p789s1123s", declared=True), CLASSIC))


def test_big_hand_needs_no_pass() -> None:
    """docs/rules.md §6: 大对子 is not among the ruleset's pass patterns, so it may take a discard."""
    waits = waits_of(_obs("111m99m222p555s77s"), CLASSIC)
    assert {w.tile for w in waits} == set(parse_tiles("9m7s"))
    assert all(w.off_discard for w in waits)


def test_unseen_counts_leave_out_what_the_player_can_see() -> None:
    """docs/rules.md §5: copies in one's own hand and on the table are seen; the rest may still come."""
    obs = _obs("123m456p789s1123s", ponds=("4s", "4s", "", "1s"))
    unseen = {w.tile: w.unseen for w in waits_of(obs, CLASSIC)}
    assert unseen == {parse_tile("1s"): 1, parse_tile("4s"): 2}


def test_waits_after_a_chosen_discard() -> None:
    """Holding 14 tiles, the panel shows what discarding the selected tile would wait on."""
    obs = _obs("123m456p789s1123s9m")
    assert [w.tile for w in waits_of(obs, CLASSIC, discard=parse_tile("9m"))] == parse_tiles("1s4s")
    assert waits_of(obs, CLASSIC, discard=parse_tile("1m")) == ()
    assert parse_tile("9m") in discard_choices_keeping_ready(obs)


def test_chicken_panel_shows_fixed_chickens_and_who_charged() -> None:
    """docs/rules.md §8: 常鸡 of the ruleset; G's 冲锋鸡 and 责任鸡 are named by seat."""
    obs = _obs("111s123m456p78p99p", first_chicken=((WUGUJI, 2), (YAOJI, 1)), claimed_by=((WUGUJI, 3),))
    info = chicken_info(obs, MODERN)
    assert dict(info.fixed) == {YAOJI: 1, WUGUJI: 2}
    assert info.charge == ((WUGUJI, 2), (YAOJI, 1))
    assert info.liable == ((WUGUJI, 3, 2),)
    assert info.mine.count(YAOJI) == 3 and WUGUJI in info.mine
    classic = chicken_info(obs, CLASSIC)
    assert classic.charge == () and classic.liable == ()  # seed A scores neither
    assert classic.mine == (YAOJI, YAOJI, YAOJI)


def test_chickens_count_only_when_ready() -> None:
    """docs/rules.md §8: only ready or winning seats collect for their chickens."""
    assert chicken_info(_obs("123m456p789s1123s"), CLASSIC).counting
    assert not chicken_info(_obs("135m468p1357s99p1s"), CLASSIC).counting


def test_turned_tile_makes_the_next_rank_a_chicken() -> None:
    """docs/rules.md §8 翻鸡: the tile one rank above the turned one (9 wraps to 1); 1s stays a 常鸡."""
    assert chicken_tiles(CLASSIC, parse_tile("5m")) == {parse_tile("6m"), YAOJI}
    assert chicken_tiles(CLASSIC, parse_tile("9s")) == {YAOJI}
    assert chicken_tiles(CLASSIC, None) == {YAOJI}
