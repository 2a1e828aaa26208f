"""Hand files at tables of three and two (docs/rules.md §15): one seat per player, seat numbers of that table,
tiles of the suits in play, each refusal in words at its line; and simulated hands at every table size write
out, read back and settle to the game's ledger."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.core.melds import Meld
from game.core.settlement import settle
from game.core.tiles import parse_tile, parse_tiles
from game.handfile import (
    HandDraft,
    HandFileError,
    HandProblems,
    SeatDraft,
    WinDraft,
    check_hand,
    copies_left,
    parse_hand_file,
)
from game.match.simulate import simulate
from game.rules.loader import load_ruleset
from tests.settlement_rig import PLAIN, Deal, S, items, rows

ROOT = Path(__file__).resolve().parent.parent
THREE = load_ruleset("sandingguai")
TWO = load_ruleset("erding-liangfang")
PLAIN_TWO_SUITS = "123p 234p 234s 789s 55s"  # 平胡 on 5s with no 万 and no chicken: erding-liangfang's tiles


def _errors(text: str) -> list[str]:
    with pytest.raises(HandFileError) as info:
        parse_hand_file(text, "h.yaml")
    return info.value.errors


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def _three() -> Deal:
    return Deal("sandingguai", {0: S(PLAIN)}, win="{by: [0], tile: 5s, from: self}")


def _two() -> Deal:
    return Deal("erding-liangfang", {1: S(PLAIN_TWO_SUITS)}, win="{by: [1], tile: 5s, from: self}")


# --------------------------------------------------------------------------- the seats


def test_a_three_player_hand_file_has_three_seats() -> None:
    """docs/rules.md §15.2: a hand file of a three-player table has three seats; §15.4: both others pay a
    self-drawn 平胡 and its 自摸 fan (§15.8: G's +1)."""
    result = _three().result()
    assert len(result.seats) == 3
    ledger = settle(result, THREE)
    assert ledger.nets() == (4, -2, -2)
    assert sorted(items(ledger)) == sorted(
        rows(
            (1, 0, "win.pattern", 1),
            (2, 0, "win.pattern", 1),
            (1, 0, "bonus.self_draw", 1),
            (2, 0, "bonus.self_draw", 1),
        )
    )


def test_a_two_player_hand_file_has_two_seats() -> None:
    """docs/rules.md §15.2: a hand file of a two-player table has two seats; §15.4: the one other seat pays."""
    result = _two().result()
    assert len(result.seats) == 2
    assert sorted(items(settle(result, TWO))) == sorted(rows((0, 1, "win.pattern", 1), (0, 1, "bonus.self_draw", 1)))


@pytest.mark.parametrize(
    ("name", "added", "message"),
    [
        ("sandingguai", 1, "seats: expected 3 seats (sandingguai is played by 3 players), found 4"),
        ("sandingguai", 2, "seats: expected 3 seats (sandingguai is played by 3 players), found 5"),
        ("erding-liangfang", 1, "seats: expected 2 seats (erding-liangfang is played by 2 players), found 3"),
    ],
)
def test_a_hand_file_with_the_wrong_number_of_seats_is_refused(name: str, added: int, message: str) -> None:
    """docs/rules.md §15.2: one seat per player, no more and no fewer."""
    text = (_three() if name == "sandingguai" else _two()).text()
    seat = "  - hand: 1199p 2468s 2468p\n    melds: []\n"
    text = text.replace("win:", seat * added + "win:")
    assert _errors(text) == [f"h.yaml:{_line_of(text, 'seats:')}: {message}"]


def test_a_four_seat_file_read_under_a_three_player_ruleset_is_refused() -> None:
    """docs/rules.md §15.2: `settle FILE --ruleset sandingguai` on a four-seat file says why it cannot be."""
    text = (ROOT / "tests" / "hands" / "example.yaml").read_text(encoding="utf-8")
    with pytest.raises(HandFileError) as info:
        parse_hand_file(text, "h.yaml", THREE)
    assert info.value.errors == [
        f"h.yaml:{_line_of(text, 'seats:')}: seats: expected 3 seats (sandingguai is played by 3 players), found 4"
    ]


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        (
            "dealer: 0",
            "dealer: 3",
            "dealer:",
            "dealer: no seat 3 at a table of 3 players (sandingguai seats 0-2)",
        ),
        (
            "from: self}",
            "from: 3}",
            "win:",
            "win.from: no seat 3 at a table of 3 players (sandingguai seats 0-2)",
        ),
        ("by: [0]", "by: [3]", "win:", "win.by: no seat 3 at a table of 3 players (sandingguai seats 0-2)"),
        (
            '    melds: []\n    discards: ""\n    declared_ready: false\n  - hand: 23468m',
            '    melds: [pung 9p from 3]\n    discards: ""\n    declared_ready: false\n  - hand: 23468m',
            "pung 9p from 3",
            "seats[0].melds[0]: no seat 3 at a table of 3 players (sandingguai seats 0-2)",
        ),
        (
            "flip: 4p",
            "flip: 4p\nfirst_chicken: {1s: 3}",
            "first_chicken:",
            "first_chicken.1s: no seat 3 at a table of 3 players (sandingguai seats 0-2)",
        ),
    ],
)
def test_seat_three_at_a_three_player_table_is_refused(old: str, new: str, needle: str, message: str) -> None:
    """docs/rules.md §15.2: the seats of a table of three are 0, 1 and 2; seat 3 is refused wherever it is written."""
    text = _three().text()
    assert old in text
    text = text.replace(old, new, 1)
    assert _errors(text) == [f"h.yaml:{_line_of(text, needle)}: {message}"]


def test_a_drafted_hand_naming_a_seat_the_table_lacks_is_refused_at_each_field() -> None:
    """docs/rules.md §15.2: check_hand (the score calculator's check) refuses each seat number the table does not
    have, at its field, before any other check reads the seats."""
    result = _three().result()
    seats = [SeatDraft(list(s.concealed), list(s.melds), list(s.discards)) for s in result.seats]
    seats[1].melds = [Meld(parse_tile("9p"), None, 3)]
    draft = HandDraft("sandingguai", 3, seats, win=WinDraft(by=(0,), tile=parse_tile("5s"), source="self"))
    draft.baopai = (3,)
    with pytest.raises(HandProblems) as info:
        check_hand(draft, THREE)
    assert [(p.field, p.message) for p in info.value.problems] == [
        ("dealer", "dealer: no seat 3 at a table of 3 players (sandingguai seats 0-2)"),
        ("seats[1].melds[0]", "seats[1].melds[0]: no seat 3 at a table of 3 players (sandingguai seats 0-2)"),
        ("baopai", "baopai: no seat 3 at a table of 3 players (sandingguai seats 0-2)"),
    ]


# --------------------------------------------------------------------------- the tiles


def test_a_wan_tile_at_a_table_of_two_suits_is_refused() -> None:
    """docs/rules.md §15.1: erding-liangfang plays 条 and 筒 alone, so a 万 is no tile of its wall."""
    text = _two().text().replace("123p 234p", "123m 234p", 1)
    assert _errors(text) == [
        f"h.yaml:{_line_of(text, '123m 234p')}: seats[1].hand: erding-liangfang plays without 万 (Characters), "
        "so 1m is not in play (docs/rules.md §15.1)"
    ]


def test_a_wan_turned_tile_at_a_table_of_two_suits_is_refused() -> None:
    """docs/rules.md §15.1: the turned tile comes off the wall, which holds no 万 at erding-liangfang."""
    text = _two().text().replace("flip: 4p", "flip: 4m")
    assert _errors(text) == [
        f"h.yaml:{_line_of(text, 'flip:')}: flip: erding-liangfang plays without 万 (Characters), "
        "so 4m is not in play (docs/rules.md §15.1)"
    ]


def test_the_census_counts_four_of_each_kind_in_play() -> None:
    """docs/rules.md §15.1: four copies of each kind in play, none of a suit that is not."""
    draft = HandDraft("erding-liangfang", 0, [SeatDraft(parse_tiles("5555p")), SeatDraft()])
    left = copies_left(draft, TWO)
    assert left[parse_tile("5p")] == 0 and left[parse_tile("6p")] == 4 and left[parse_tile("1m")] == 0
    assert sum(left) == TWO.wall_size - 4
    text = _two().text().replace("hand: 123p 234p", "hand: 123p 555p", 1).replace('discards: ""', "discards: 55p", 1)
    errors = _errors(text)
    assert any("5 of 5p across hands, melds, discards and the turned tile; each tile has 4 copies" in e for e in errors)


# --------------------------------------------------------------------------- simulated hands and the command


@pytest.mark.parametrize("name", ["sandingguai", "erding-liangfang"])
def test_simulated_hands_round_trip_at_three_and_two_players(name: str) -> None:
    """docs/rules.md §15.2, §15.4: every hand played at a table of three or two writes out as a hand file of as
    many seats, reads back and settles to the ledger the game gave."""
    report = simulate(load_ruleset(name), "hand files", 60, check_export=True)
    assert report.failures == []
    assert report.checks["export_settles_same"] == 60


@pytest.mark.parametrize(
    ("deal", "nets"),
    [(_three, "0东 East +4  1南 South -2  2西 West -2"), (_two, "0东 East -2  1西 West +2")],
)
def test_settle_prints_the_net_of_each_seat_at_the_table(tmp_path: Path, deal: Callable[[], Deal], nets: str) -> None:
    """docs/rules.md §15.2: `settle FILE` on a hand of three prints three nets (东 南 西), on a hand of two two
    (东 西, face to face), and names no seat the table does not have."""
    path = tmp_path / "hand.yaml"
    path.write_text(deal().text(), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "main.py", "settle", str(path)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    assert f"  net: {nets}\n" in out.stdout
    assert "北" not in out.stdout
