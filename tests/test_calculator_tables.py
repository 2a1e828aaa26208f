"""The score calculator at tables of three and two (docs/rules.md §15): a seat row per player of the chosen
ruleset, the tiles in play alone on offer, seats and tiles the table does not have refused at their fields,
and hands of every table size settled as `settle FILE` settles them."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.calculator.sheet import Calculator
from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import settle
from game.core.tiles import parse_tile
from game.match.simulate import simulate
from game.rules.loader import load_ruleset
from tests.calculator_rig import enter, quick_of
from tests.settlement_rig import PLAIN, Deal, S
from tests.ui_host import HeadlessHost, headless_display
from ui.calculator.problems import problem_text
from ui.calculator.scene import CalculatorScene
from ui.calculator.widgets import Palette, SeatPicks
from ui.kit.widgets import Stepper
from ui.probe.calculator_moments import EXAMPLE_HAND, THREE_HAND, TWO_HAND
from ui.settings.values import Settings
from ui.settlement.scene import SettlementScene
from ui.words import strings as words

CLASSIC = load_ruleset("guiyang-classic")
THREE = load_ruleset("sandingguai")
TWO = load_ruleset("erding-liangfang")
SIZE = (1280, 720)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True)
def chinese() -> None:
    words.set_language("zh")


def _example() -> Calculator:
    """The README's hand of four, entered under guiyang-classic."""
    return Calculator.from_text(EXAMPLE_HAND, "example")


# --------------------------------------------------------------------------- the sheet


@pytest.mark.parametrize(("rules", "seats"), [(CLASSIC, 4), (THREE, 3), (TWO, 2)])
def test_the_sheet_has_a_seat_per_player(rules: Ruleset, seats: int) -> None:
    """docs/rules.md §15.2: a hand of a table of three has three seats, of two two; the calculator's sheet and
    the hand file it writes have as many."""
    calc = Calculator(rules)
    assert len(calc.seats) == calc.players == seats
    assert len(calc.draft().seats) == seats
    assert calc.text().count("  - hand:") == seats


def test_switching_to_a_smaller_table_keeps_the_seats_that_stay() -> None:
    """docs/rules.md §15.2: choosing 三丁拐 leaves three seat rows, each as entered; the fourth is set aside, and
    comes back as it was when a table of four is chosen again."""
    calc = _example()
    before = [(list(s.hand), list(s.melds), list(s.discards)) for s in calc.seats]
    expected = calc.result()
    calc.set_rules(THREE)
    assert [(list(s.hand), list(s.melds), list(s.discards)) for s in calc.seats] == before[:3]
    calc.set_rules(TWO)
    assert [(list(s.hand), list(s.melds), list(s.discards)) for s in calc.seats] == before[:2]
    calc.set_rules(CLASSIC)
    assert calc.result() == expected


def test_a_seat_the_smaller_table_lacks_is_refused_where_it_is_named() -> None:
    """docs/rules.md §15.2: a table of three has seats 0-2; the dealer and the first 8p still naming seat 3 (North
    at four) are refused at their fields, in the client's words too."""
    calc = _example()
    calc.set_dealer(3)
    calc.set_rules(THREE)
    problems = calc.problems()
    assert [(p.field, p.message) for p in problems] == [
        ("dealer", "dealer: no seat 3 at a table of 3 players (sandingguai seats 0-2)"),
        ("first_chicken.8p", "first_chicken.8p: no seat 3 at a table of 3 players (sandingguai seats 0-2)"),
    ]
    assert problem_text(problems[0], THREE) == "三丁拐只有3家，没有3号座"
    words.set_language("en")
    assert problem_text(problems[0], THREE) == "no seat 3: the table of Three players (三丁拐) has seats 0-2"


def test_a_hand_left_at_a_smaller_table_opens_again_as_it_was_left() -> None:
    """docs/rules.md §15.2: the example hand dealt by North, a table of three and then of two chosen for it: the
    hand the calculator keeps (its text) opens again as it was, with the same problems at the same fields. Seat 3
    written in it is the check's to refuse at its field, not the reader's (which lost the hand left last time)."""
    calc = _example()
    calc.set_dealer(3)
    for rules in (THREE, TWO):
        calc.set_rules(rules)
        again = Calculator.from_text(calc.text(), "current.yaml")
        assert again.text() == calc.text()
        assert [(p.field, p.message) for p in again.problems()] == [(p.field, p.message) for p in calc.problems()]
        assert ("dealer", f"dealer: no seat 3 at a table of {rules.players} players ({rules.name} seats 0-"
                f"{rules.players - 1})") in [(p.field, p.message) for p in again.problems()]  # fmt: skip


def test_a_meld_from_a_seat_the_table_lacks_does_not_parse() -> None:
    """docs/rules.md §15.2: `pung 5m from 3` names no seat of a table of three."""
    calc = Calculator(THREE)
    assert not calc.add_meld(0, "pung 5m from 3")
    assert [p.message for p in calc.problems()][:1] == [
        "seats[0].melds: 'pung 5m from 3': `from` needs a seat number 0-2"
    ]
    assert calc.add_meld(0, "pung 5m from 2")


def test_only_the_tiles_in_play_are_offered() -> None:
    """docs/rules.md §15.1: erding-liangfang plays 筒 and 条 alone: no 万 is left to place, and one entered is
    refused with its name."""
    calc = Calculator(TWO)
    left = calc.all_copies_left()
    assert left[parse_tile("1m")] == 0 and left[parse_tile("1p")] == 4 and sum(left) == TWO.wall_size
    refusal = calc.add_tile(0, "hand", parse_tile("1m"))
    assert refusal is not None
    assert (
        refusal.message
        == "seats[0].hand: erding-liangfang plays without 万 (Characters), so 1m is not in play (docs/rules.md §15.1)"
    )
    assert problem_text(refusal, TWO) == "二丁两房不用万，没有一万"
    assert calc.type_tiles(1, "hand", "123m 456p")
    assert ("seats[1].hand", "tile_not_in_play") in [(p.field, p.code) for p in calc.problems()]


# --------------------------------------------------------------------------- hands that settle


@pytest.mark.parametrize(
    "deal",
    [
        Deal("sandingguai", {0: S(PLAIN)}, win="{by: [0], tile: 5s, from: self}"),
        Deal(
            "sandingguai", {1: S("123m 456m 234s 55s", melds=("kong 9p from 2",))}, win="{by: [1], tile: 5s, from: 2}"
        ),
        Deal("erding-liangfang", {1: S("123p 234p 234s 789s 55s")}, win="{by: [1], tile: 5s, from: self}"),
        Deal("erding-liangfang", {0: S("123p 234p 234s 789s 5s")}, win=None),  # 0 ready on 5s: 查叫
    ],
    ids=["three-self-drawn", "three-discard", "two-self-drawn", "two-draw"],
)
def test_hands_of_three_and_two_entered_field_by_field_settle_as_the_file(deal: Deal) -> None:
    """docs/rules.md §15.2, §15.4: a hand of three or two entered in the calculator, in full or quickly (the
    seats that did not win say only whether they were ready), settles to `settle FILE`'s ledger."""
    rules = deal.rules()
    expected = deal.result()
    calc = enter(deal.text(), rules)
    assert calc.problems() == []
    assert calc.settle() == (expected, settle(expected, rules))
    if expected.win is not None:
        assert quick_of(calc).settle()[1] == settle(expected, rules)


@pytest.mark.parametrize("name", ["sandingguai", "erding-liangfang"])
def test_simulated_hands_open_in_the_calculator_and_settle_the_same(name: str) -> None:
    """docs/rules.md §15.2: every hand played at a table of three or two opens in the calculator with a seat row
    per player and settles to the ledger the game gave."""
    rules = load_ruleset(name)
    results: list[HandResult] = []
    simulate(rules, "calculator", 30, on_hand=results.append)
    for result in results:
        calc = Calculator.from_result(result, rules)
        assert len(calc.seats) == rules.players
        assert calc.settle() == (result, settle(result, rules))


# --------------------------------------------------------------------------- the screen


def _scene(calc: Calculator) -> tuple[HeadlessHost, CalculatorScene]:
    headless_display(SIZE)
    host = HeadlessHost(Settings(ruleset=calc.ruleset_ref), SIZE)
    scene = CalculatorScene(host, calc, keep_recent=False)
    host.stack.push(scene)
    return host, scene


@pytest.mark.parametrize(("text", "players", "kinds"), [(THREE_HAND, 3, 27), (TWO_HAND, 2, 18)])
def test_the_screen_shows_a_row_per_seat_and_the_tiles_in_play(home: Path, text: str, players: int, kinds: int) -> None:
    """docs/rules.md §15.1, §15.2: a seat row per player, seat choices of the table only, a palette of the kinds
    in play; the hand settles on the settlement sheet with a row per seat."""
    calc = Calculator.from_text(text, "small")
    calc.set_rules(load_ruleset(calc.ruleset_ref), calc.ruleset_ref)
    host, scene = _scene(calc)
    assert len(scene.seat_rects) == players
    assert {k for k in scene.keys if k.startswith("hand:")} == {f"hand:{i}" for i in range(players)}
    palette = next(w for w in scene.widgets if isinstance(w, Palette))
    assert len(palette.kinds) == kinds
    winners = next(w for w in scene.widgets if isinstance(w, SeatPicks))
    assert winners.seats == list(range(players))
    assert scene.problems == []
    scene.settle()
    top = host.stack.top
    assert isinstance(top, SettlementScene) and len(top.settled.scores) == players


def test_switching_the_ruleset_on_screen_changes_the_seat_rows(home: Path) -> None:
    """docs/rules.md §15.2: stepping the ruleset from a table of four to 三丁拐 and back changes the seat rows;
    nothing entered is lost, and the palette's target moves off a seat that is gone."""
    calc = _example()
    host, scene = _scene(calc)
    scene.set_target("hand:3")
    stepper = next(w for w in scene.widgets if isinstance(w, Stepper))
    three = next(i for i, (r, _ref) in enumerate(scene.rulesets) if r.name == "sandingguai")
    four = next(i for i, (r, _ref) in enumerate(scene.rulesets) if r.name == "guiyang-classic")
    stepper.set(three)
    assert len(scene.seat_rects) == 3 and scene.target == "hand:0"
    assert "hand:3" not in scene.keys
    stepper = next(w for w in scene.widgets if isinstance(w, Stepper))
    stepper.set(four)
    assert len(scene.seat_rects) == 4
    assert scene.calc.result() == _example().result()
    screen = headless_display(SIZE)
    host.stack.update(1 / 60)
    host.stack.draw(screen)
    assert isinstance(screen, pygame.Surface)
