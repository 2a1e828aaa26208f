"""The score calculator's model (game/calculator/sheet.py): hands entered field by field settle to the ledger of
`settle FILE`, and what makes a hand impossible comes back in words at its field, by the same checks."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.calculator.files import HandStore
from game.calculator.sheet import Calculator, followed_chickens
from game.core.hand import waits
from game.core.melds import KongKind
from game.core.result import WinHow
from game.core.settlement import settle
from game.core.tiles import format_tiles, parse_tile, parse_tiles, to_counts
from game.handfile import HandFileError, HandProblems, WinDraft, parse_hand_file, read_hand_file
from game.rules.loader import builtin_ruleset_names, load_ruleset
from tests.calculator_rig import builds_a_hand, enter
from tests.settlement_rig import PLAIN, PLAIN_WITH_KONG, Deal, S

ROOT = Path(__file__).resolve().parent.parent
HANDS = sorted((ROOT / "tests" / "hands").glob("*.yaml"))
CLASSIC = load_ruleset("guiyang-classic")


def _settle_cli(path: Path) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "main.py", "settle", str(path), "--json"], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    data: dict[str, object] = json.loads(out.stdout)
    return data


# --------------------------------------------------------------------------- every hand file


@pytest.mark.parametrize("path", HANDS, ids=[p.stem for p in HANDS])
def test_hand_files_entered_in_the_calculator_settle_as_settle_file(path: Path, tmp_path: Path) -> None:
    """docs/hand-file.md: a hand entered field by field settles to `settle FILE`'s ledger, and the file the
    calculator writes settles the same from the command line."""
    text = path.read_text(encoding="utf-8")
    expected = read_hand_file(path)
    rules = load_ruleset(expected.ruleset)
    for click in (True, False):
        calc = enter(text, rules, click=click)
        assert calc.problems() == []
        result, ledger = calc.settle()
        assert result == expected
        assert ledger == settle(expected, rules)
    saved = tmp_path / "saved.yaml"
    saved.write_text(calc.text(), encoding="utf-8")
    assert _settle_cli(saved) == _settle_cli(path)


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_hand_files_settle_the_same_under_every_ruleset(name: str) -> None:
    """`settle FILE --ruleset NAME`: the calculator with another ruleset picked gives that ledger."""
    rules = load_ruleset(name)
    for path in HANDS:
        text = path.read_text(encoding="utf-8")
        calc = enter(text, load_ruleset("guiyang-classic"))
        calc.set_rules(rules)
        if rules.players != 4:
            # docs/rules.md §15.2: a smaller table has fewer seats; the one it has no room for is set aside,
            # and each seat number naming it is refused at its field. Back at four, nothing was lost.
            assert len(calc.seats) == rules.players
            assert {p.code for p in calc.problems()} <= {"seat_not_at_table", "tile_not_in_play"}
            calc.set_rules(CLASSIC)
            expected = parse_hand_file(text, str(path), CLASSIC)
            assert calc.settle() == (expected, settle(expected, CLASSIC))
            continue
        try:
            expected = parse_hand_file(text, str(path), rules)
        except HandFileError as exc:
            assert [p.message for p in calc.problems()] == [e.split(": ", 1)[1] for e in exc.errors]
            continue
        assert calc.settle() == (expected, settle(expected, rules))


# --------------------------------------------------------------------------- every hand-computed settlement test
# tests/conftest.py runs each hand-computed case of the settlement files a second time with its hand
# entered through the calculator (tests/calculator_rig.py's through_the_calculator).


def test_every_settlement_case_is_driven() -> None:
    """The hand-computed cases of every settlement file are run through the calculator too (a renamed file
    or a changed way of building hands would drop them)."""
    cases: dict[str, int] = {}
    for path in sorted((ROOT / "tests").glob("test_settlement_*.py")):
        text = path.read_text(encoding="utf-8")
        for node in ast.parse(text).body:
            is_test = isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
            if is_test and builds_a_hand(ast.get_source_segment(text, node) or ""):
                cases[path.stem] = cases.get(path.stem, 0) + 1
    assert set(cases) >= {"test_settlement_classic", "test_settlement_modern", "test_settlement_variants"}
    assert sum(cases.values()) >= 60


def _quick_win() -> Calculator:
    """East self-draws 123m456p789s1122s + 2s; the other seats left to the quick entry."""
    calc = Calculator(CLASSIC)
    calc.set_quick(True)
    calc.type_tiles(0, "hand", "123m 456p 789s 1122s")
    calc.set_winners([0])
    calc.set_win_tile(parse_tile("2s"))
    calc.set_flip(parse_tile("4p"))
    return calc


def test_quick_entry_names_each_seat_whose_readiness_is_not_said() -> None:
    """docs/rules.md §8: who collects and who pays turns on readiness; the quick entry asks it of each seat not
    entered."""
    calc = _quick_win()
    assert calc.stand_ins() == [1, 2, 3]
    assert [(p.field, p.message) for p in calc.problems()] == [
        (f"seats[{i}].ready", f"seats[{i}].ready: say whether seat {i} was ready at the end") for i in (1, 2, 3)
    ]
    with pytest.raises(HandProblems):
        calc.settle()
    for i in (1, 2, 3):
        calc.set_ready(i, i == 2)
    calc.type_tiles(2, "chickens", "1s 5p")
    result, _ledger = calc.settle()
    assert [s.ready for s in result.seats] == [True, False, True, False]
    assert sorted(result.seats[2].concealed).count(parse_tile("1s")) == 1
    # docs/rules.md §7: a ready stand-in never waits on the winning tile, so it passed no win.
    assert parse_tile("2s") not in waits(to_counts(list(result.seats[2].concealed)), [])


def test_quick_entry_still_needs_the_winners_hand() -> None:
    """docs/rules.md §5: a winner holds 14 tiles; leaving the winner's hand empty is named at that seat."""
    calc = _quick_win()
    for i in (1, 2, 3):
        calc.set_ready(i, False)
    calc.type_tiles(0, "hand", "")
    fields = [p.field for p in calc.problems()]
    assert "seats[0]" in fields and all(not f.startswith(("seats[1]", "seats[2]", "seats[3]")) for f in fields)


def test_quick_entry_on_a_draw_with_chajiao_asks_a_ready_seats_hand() -> None:
    """docs/rules.md §9: on a draw a ready seat is paid its best wait (查叫), which only its hand tells."""
    calc = _quick_win()
    calc.set_drawn(True)
    calc.set_flip(None)
    calc.type_tiles(0, "hand", "")
    for i in range(4):
        calc.set_ready(i, i == 1)
    (problem,) = calc.problems()
    assert problem.field == "seats[1].ready" and "查叫" in problem.message


# --------------------------------------------------------------------------- checked as it is entered


def test_a_fifth_copy_is_refused_as_it_is_clicked() -> None:
    """docs/rules.md §1: four copies of each tile; the turned tile counts too."""
    calc = Calculator(CLASSIC)
    calc.set_flip(parse_tile("1s"))
    for _ in range(3):
        assert calc.add_tile(0, "hand", parse_tile("1s")) is None
    assert calc.copies_left(parse_tile("1s")) == 0
    refusal = calc.add_tile(1, "discards", parse_tile("1s"))
    assert refusal is not None and refusal.code == "no_copies_left"
    assert refusal.message == "all 4 copies of 1s are already on the table"
    assert calc.seats[1].discards == []


def test_no_more_than_thirteen_tiles_counting_melds() -> None:
    """A winner's 14th tile is 胡的牌, entered there once: no hand field takes more than 13."""
    calc = Calculator(CLASSIC)
    calc.add_meld(0, "pung 5m from 2")
    calc.type_tiles(0, "hand", "123m 456p 789s 1s")
    refusal = calc.add_tile(0, "hand", parse_tile("9p"))
    assert refusal is not None and refusal.message == "seats[0] already holds 13 tiles counting its melds"


def test_tile_counts_are_said_at_the_seat() -> None:
    """docs/rules.md §5: 13 tiles, 14 for a winner, each meld counting 3: said in words at that seat."""
    calc = enter(Deal("guiyang-classic", {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: self}").text(), CLASSIC)
    calc.remove_tile(2, "hand")
    (problem,) = calc.problems()
    assert problem.field == "seats[2]" and problem.seat == 2
    assert (
        problem.message == "seats[2]: holds 12 tiles (12 in hand, 0 melds at 3 each); a seat that did not win holds 13"
    )


def test_an_impossible_win_is_said_at_the_win_with_its_seat() -> None:
    """docs/rules.md §6: a 平胡 off a discard needs a pass; the calculator refuses it as `settle` does."""
    deal = Deal("guiyang-classic", {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: 2}")
    calc = enter(deal.text(), CLASSIC)
    (problem,) = calc.problems()
    assert problem.field == "win" and problem.seat == 1
    assert "without a pass" in problem.message
    with pytest.raises(HandFileError) as info:
        deal.result()
    assert info.value.errors[0].endswith(problem.message)
    with pytest.raises(HandProblems):
        calc.settle()
    calc.add_meld(1, "kong 9p from 3")  # a pass: the same win is allowed, once the kong's tiles are out of the hand
    calc.type_tiles(1, "hand", PLAIN_WITH_KONG)
    assert all(p.field != "win" for p in calc.problems())


def test_the_winning_tile_is_entered_once() -> None:
    """A winner's hand is its 13 tiles before the win; 胡的牌 is the 14th, in the hand file and in the check."""
    calc = enter(Deal("guiyang-classic", {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: self}").text(), CLASSIC)
    assert len(calc.seats[1].hand) == 13 and calc.problems() == []
    assert len(calc.draft().seats[1].hand) == 14
    assert len(Calculator.from_text(calc.text()).seats[1].hand) == 13
    calc.set_win_tile(parse_tile("9m"))
    (problem,) = calc.problems()
    assert problem.field == "win" and problem.seat == 1  # 9m does not complete the 13 entered
    assert calc.add_tile(1, "hand", parse_tile("9m")) is not None  # the hand field is full at 13
    calc.type_tiles(1, "hand", format_tiles([*calc.seats[1].hand, parse_tile("9m")]))
    (problem,) = calc.problems()
    assert problem.field == "seats[1]" and problem.code == "winner_hand_count"
    assert "14 tiles besides the winning tile" in problem.message


def test_typed_tiles_that_do_not_parse_stay_at_their_field() -> None:
    calc = Calculator(CLASSIC)
    assert not calc.type_tiles(3, "hand", "123m 4x")
    problem = calc.problems()[0]
    assert problem.field == "seats[3].hand" and problem.seat == 3
    assert "unexpected character 'x'" in problem.message
    assert calc.type_tiles(3, "hand", "123m")
    assert all(p.field != "seats[3].hand" for p in calc.problems())


def test_a_meld_that_does_not_parse_stays_at_the_melds() -> None:
    calc = Calculator(CLASSIC)
    assert not calc.add_meld(2, "pung 5m from 2")
    assert calc.problems()[0].message == "seats[2].melds: 'pung 5m from 2': a seat cannot claim its own discard"
    assert calc.seats[2].melds == []
    assert calc.add_meld_of(2, parse_tile("7p"), KongKind.CONCEALED, None)
    assert calc.text().count("kong 7p concealed") == 1


def test_no_winner_picked_is_said_at_the_winners() -> None:
    calc = Calculator(CLASSIC)
    fields = {p.field for p in calc.problems()}
    assert {"win.tile", "seats[0]", "seats[1]", "seats[2]", "seats[3]"} <= fields
    calc.set_win_tile(parse_tile("5s"))
    assert "win.by: expected one or more different seats" in [p.message for p in calc.problems()]


def test_switching_to_a_draw_keeps_the_win_entered() -> None:
    calc = enter(Deal("guiyang-classic", {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: self}").text(), CLASSIC)
    calc.set_drawn(True)
    assert calc.draft().win is None
    fields = {p.field for p in calc.problems()}
    assert "flip" in fields and "seats[1]" not in fields  # a draw turns no tile; the 13 entered stand as they are
    calc.set_drawn(False)
    assert calc.problems() == []


def test_the_source_sets_the_way_of_winning() -> None:
    calc = Calculator(CLASSIC)
    calc.set_source(2)
    assert calc.win.how is WinHow.DISCARD
    calc.set_how(WinHow.ROB_KONG)
    calc.set_source(None)
    assert calc.draft().win == WinDraft(by=(), source="self")


def test_followed_chickens_by_ruleset() -> None:
    """docs/rules.md §8 冲锋鸡 / 责任鸡: only rulesets with them ask for the first 1s / 8p discarders."""
    assert followed_chickens(CLASSIC) == ()
    assert followed_chickens(load_ruleset("guiyang-modern")) == tuple(parse_tiles("8p 1s"))


def test_next_dealer_is_the_match_rule() -> None:
    """docs/rules.md §10: the winner deals next; a dealer who wins keeps the deal with one more in the streak."""
    deal = Deal("guiyang-classic", {0: S(PLAIN)}, win="{by: [0], tile: 5s, from: self}", streak=2)
    calc = enter(deal.text(), CLASSIC)
    result, _ = calc.settle()
    assert calc.next_dealer(result) == (0, 3)
    calc2 = enter(Deal("guiyang-classic", {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: self}").text(), CLASSIC)
    assert calc2.next_dealer(calc2.settle()[0]) == (1, 0)


# --------------------------------------------------------------------------- opening and keeping hands


def test_a_file_the_rules_refuse_opens_with_its_problems() -> None:
    text = (ROOT / "tests" / "hands" / "example.yaml").read_text(encoding="utf-8").replace("tile: 8s", "tile: 9s")
    calc = Calculator.from_text(text, "bad.yaml")
    # The winner's hand holds 8s, not the 9s said to win: its 14 are all kept, one too many besides 胡的牌.
    assert [p.field for p in calc.problems()] == ["seats[0]"]
    with pytest.raises(HandFileError):
        Calculator.from_text("seats: [", "broken.yaml")


def test_a_played_hand_opens_and_settles_the_same() -> None:
    """A hand from a played game (the replay viewer's end of hand) opens and settles to the game's ledger."""
    from game.match.agents import SimpleAgent
    from game.match.play import play_hand

    for name in ("guiyang-classic", "guiyang-modern", "zhuoji-x10"):
        rules = load_ruleset(name)
        for seed in range(4):
            result = play_hand(rules, seed, [SimpleAgent() for _ in range(4)]).state.result
            assert result is not None
            calc = Calculator.from_result(result, rules)
            assert calc.settle() == (result, settle(result, rules))
            assert parse_hand_file(calc.text(), "x", rules) == result


def test_recent_hands_are_kept_newest_first(tmp_path: Path) -> None:
    store = HandStore(tmp_path / "calculator", keep=3)
    texts = [
        (ROOT / "tests" / "hands" / "example.yaml").read_text(encoding="utf-8").replace("streak: 0", f"streak: {n}")
        for n in range(5)
    ]
    for text in texts:
        store.remember(text)
    store.remember(texts[-1])  # the same hand twice is kept once
    recent = store.recent()
    assert [p.read_text(encoding="utf-8") for p in recent] == texts[:-4:-1]
    saved = store.save(texts[0])
    assert saved.parent == tmp_path / "calculator" and saved in store.saved()
    assert read_hand_file(saved) == read_hand_file(ROOT / "tests" / "hands" / "example.yaml")


def test_recent_hands_in_the_players_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    store = HandStore.for_player()
    store.remember("ruleset: guiyang-classic\n")
    assert store.recent()[0].is_relative_to(tmp_path / "saves")
