"""The hand file (docs/hand-file.md): read, write, round trip, and `file:line: message` for every bad file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.melds import KongKind, Meld
from game.core.result import WinHow
from game.core.tiles import parse_tile
from game.handfile import HandFileError, format_meld, parse_hand_file, parse_meld, read_hand_file, write_hand_file
from game.match.agents import SimpleAgent
from game.match.play import play_hand
from game.rules.loader import builtin_ruleset_names, load_ruleset
from tests.settlement_rig import PLAIN, Deal, S

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "hands" / "example.yaml"
EXAMPLE_TEXT = EXAMPLE.read_text(encoding="utf-8")


def _errors(text: str) -> list[str]:
    with pytest.raises(HandFileError) as info:
        parse_hand_file(text, "h.yaml")
    return info.value.errors


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_reads_the_documented_example() -> None:
    """docs/hand-file.md: the brief's layout reads as written."""
    r = read_hand_file(EXAMPLE)
    assert r.ruleset == "guiyang-classic" and r.dealer == 0 and r.streak == 0
    s0 = r.seats[0]
    assert s0.melds == (Meld(parse_tile("7p"), KongKind.CONCEALED), Meld(parse_tile("5m"), None, 2))
    assert s0.discards == (parse_tile("9m"), parse_tile("1s"), parse_tile("2p"))
    assert r.win is not None and r.win.winners == (0,) and r.win.how is WinHow.SELF_DRAW
    assert r.flip == parse_tile("4m")
    assert r.first_chicken == {parse_tile("1s"): 0, parse_tile("8p"): 3}
    assert [s.ready for s in r.seats] == [True, False, False, False]


def test_write_then_read_gives_the_same_result() -> None:
    r = read_hand_file(EXAMPLE)
    assert parse_hand_file(write_hand_file(r)) == r


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_engine_results_round_trip(name: str) -> None:
    """Hands the engine plays write out and read back unchanged (wins, draws, kongs, 热炮, 抢杠), at every
    table size (docs/rules.md §15.2: one seat per player)."""
    rules = load_ruleset(name)
    for seed in range(8):
        result = play_hand(rules, seed, [SimpleAgent() for _ in range(rules.players)]).state.result
        assert result is not None
        assert parse_hand_file(write_hand_file(result), "x", rules) == result


@pytest.mark.parametrize(
    ("text", "meld"),
    [
        ("pung 5m from 2", Meld(4, None, 2)),
        ("kong 3m from 1", Meld(2, KongKind.EXPOSED, 1)),
        ("kong 7p concealed", Meld(15, KongKind.CONCEALED)),
        ("kong 9s added", Meld(26, KongKind.ADDED)),
        ("kong 9s added late", Meld(26, KongKind.ADDED, None, True)),
        ("kong 9s added from 3", Meld(26, KongKind.ADDED, 3)),
        ("kong 7p concealed late", Meld(15, KongKind.CONCEALED, None, True)),
    ],
)
def test_meld_forms(text: str, meld: Meld) -> None:
    assert parse_meld(text, 0) == meld
    assert parse_meld(format_meld(meld), 0) == meld


@pytest.mark.parametrize(
    "text", ["pung 5m", "pong 5m from 2", "kong 5m", "kong 5x concealed", "pung 5m from 0", "kong 5m from 7"]
)
def test_bad_melds(text: str) -> None:
    with pytest.raises(ValueError):
        parse_meld(text, 0)


def test_error_too_many_copies() -> None:
    text = EXAMPLE_TEXT.replace("discards: 9m 1s 2p", "discards: 9m 1s 1s 1s 2p")
    text = text.replace("  - hand: 159m 26p 37s 48m 49p 5s 9s", "  - hand: 159m 26p 37s 48m 49p 5s 9s")
    assert _errors(text) == [
        f"h.yaml:{_line_of(text, 'seats:')}: seats: 5 of 1s across hands, melds, discards and "
        "the turned tile; each tile has 4 copies"
    ]


def test_error_wrong_tile_count() -> None:
    text = EXAMPLE_TEXT.replace("hand: 159m 26p 37s 48m 49p 5s 9s", "hand: 159m 26p 37s 48m 49p 5s")
    line = _line_of(text, "hand: 159m 26p 37s 48m 49p 5s")
    assert _errors(text) == [
        f"h.yaml:{line}: seats[1]: holds 12 tiles (12 in hand, 0 melds at 3 each); a seat that did not win holds 13"
    ]


def test_error_meld_does_not_parse() -> None:
    text = EXAMPLE_TEXT.replace("pung 5m from 2", "pung 5m by 2")
    (error,) = _errors(text)
    assert error.startswith(f"h.yaml:{_line_of(text, 'pung 5m by 2')}: seats[0].melds[1]: 'pung 5m by 2'")


def test_error_meld_from_own_seat() -> None:
    text = EXAMPLE_TEXT.replace("pung 5m from 2", "pung 5m from 0")
    (error,) = _errors(text)
    assert error.endswith("a seat cannot claim its own discard")
    assert error.startswith(f"h.yaml:{_line_of(text, 'pung 5m from 0')}: seats[0].melds[1]")


def test_error_not_a_winning_hand() -> None:
    text = EXAMPLE_TEXT.replace("hand: 234m 678s 11s", "hand: 234m 679s 11s").replace("9s 6s", "8s 6s")
    text = text.replace("tile: 8s", "tile: 9s")
    (error,) = _errors(text)
    assert error.startswith(f"h.yaml:{_line_of(text, 'win:')}: win: seat 0's hand 234m 11679s with 2 melds")
    assert error.endswith("is not a winning hand")


def test_error_plain_win_off_a_discard_without_a_pass() -> None:
    """docs/rules.md §6: a 平胡 wins off a discard only with a kong of its own."""
    deal = Deal("guiyang-classic", {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: 2}")
    text = deal.text()
    (error,) = _errors(text)
    assert error.startswith(f"h.yaml:{_line_of(text, 'win:')}: win: seat 1 wins a 平胡 (plain hand) off a discard")
    assert "without a pass" in error


def test_plain_win_off_a_declared_seat_needs_no_pass() -> None:
    """docs/rules.md §6, A三2 杀报: winning on a declared seat's discard needs no pass."""
    deal = Deal(
        "guiyang-classic",
        {1: S(PLAIN), 2: S("123m 456m 789m 234p 6s", declared=True)},
        win="{by: [1], tile: 5s, from: 2}",
    )
    assert deal.result().win is not None


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ("streak: 0 ", "streek: 0 ", "streek", "the hand file: unknown key 'streek'"),
        (
            "    declared_ready: false\n  - hand: 159m",
            "    ready: false\n  - hand: 159m",
            "ready: false",
            "seats[0]: unknown key 'ready'",
        ),
        ("from: self}", "from: self, when: late}", "win:", "win: unknown key 'when'"),
        ("dealer: 0 ", "dealer: 4 ", "dealer: 4", "dealer: expected a seat number 0-3, found '4'"),
        ("flip: 4m", "flip: 0m", "flip: 0m", "flip: rank 0 is not a tile"),
        ("ruleset: guiyang-classic", "ruleset: no-such", "ruleset:", "ruleset: no-such: no such ruleset"),
        ("by: [0]", "by: [0, 1]", "win:", "win.by: only one seat can win on its own draw"),
        (
            "first_chicken: {1s: 0, 8p: 3}",
            "first_chicken: {1s: 1, 8p: 3}",
            "first_chicken:",
            "first_chicken: seat 1 has no 1s among its discards",
        ),
    ],
)
def test_errors_name_the_line(old: str, new: str, needle: str, message: str) -> None:
    assert old in EXAMPLE_TEXT
    text = EXAMPLE_TEXT.replace(old, new, 1)
    errors = _errors(text)
    assert errors[0].startswith(f"h.yaml:{_line_of(text, needle)}: {message}"), errors


def test_error_hot_needs_a_kong() -> None:
    deal = Deal("guiyang-classic", {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: 2, hot: true}")
    text = deal.text()
    assert _errors(text) == [f"h.yaml:{_line_of(text, 'win:')}: win.hot: seat 2 has no kong, so its discard is not hot"]


def test_error_rob_needs_the_pung() -> None:
    deal = Deal("guiyang-classic", {1: S(PLAIN)}, win="{by: [1], tile: 4s, from: 3, how: rob_kong}")
    text = deal.text()
    assert _errors(text) == [f"h.yaml:{_line_of(text, 'win:')}: win.from: seat 3 has no pung of 4s to add to (抢杠)"]


def test_error_bad_yaml() -> None:
    (error,) = _errors("ruleset: [guiyang\n")
    assert error.startswith("h.yaml:2:1: not valid YAML")


def test_several_errors_are_reported_together() -> None:
    text = EXAMPLE_TEXT.replace("dealer: 0 ", "dealer: 9 ").replace("pung 5m from 2", "pung 5m from 0")
    errors = _errors(text)
    assert [e.split(": ")[1] for e in errors] == ["dealer", "seats[0].melds[1]"]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True)


def test_cli_settle_prints_items_and_nets() -> None:
    out = _cli("settle", str(EXAMPLE))
    assert out.returncode == 0, out.stderr
    assert "闷豆 / concealed kong" in out.stdout
    assert "net: 0东 East +24  1南 South -8  2西 West -8  3北 North -8" in out.stdout
    assert out.stdout.strip().endswith("next dealer: 0东 East (连庄 1 / kept 1 in a row)")


def test_cli_settle_json_and_ruleset_override() -> None:
    out = _cli("settle", str(EXAMPLE), "--json", "--ruleset", "guiyang-pass")
    data = json.loads(out.stdout)
    assert data["ruleset"] == "guiyang-pass" and sum(data["nets"]) == 0
    assert {i["rule"] for i in data["items"]} >= {"win.pattern", "bonus.self_draw", "kong.concealed"}


def test_cli_settle_compare() -> None:
    out = _cli("settle", str(EXAMPLE), "--compare")
    assert out.returncode == 0, out.stderr
    header = out.stdout.splitlines()[0].split()
    # docs/rules.md §15.2: a hand of four seats is compared under the rulesets of a table of four only.
    four = [n for n in builtin_ruleset_names() if load_ruleset(n).players == 4]
    assert header[1:] == four
    assert "items that differ" in out.stdout
    assert "not compared under erding-liangfang (2 players), sandingguai (3 players)" in out.stdout


def test_cli_settle_bad_file_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(EXAMPLE_TEXT.replace("pung 5m from 2", "pung 5m by 2"), encoding="utf-8")
    out = _cli("settle", str(bad))
    assert out.returncode == 2
    assert out.stderr.startswith(f"{bad}:")
    assert "Traceback" not in out.stderr
    missing = _cli("settle", str(tmp_path / "none.yaml"))
    assert missing.returncode == 2 and "cannot read the file" in missing.stderr


def test_winners_on_one_discard_share_the_tile() -> None:
    """docs/rules.md §4 一炮双响: both winners' hands hold the 5s, which is one tile, so five 5s fit in the file."""
    hot = S("123m 456m 789m 2s", melds=("kong 9p concealed",), discards="5s")
    deal = Deal(
        "guiyang-classic",
        {0: hot, 1: S(PLAIN), 2: S("345m 789m 234p 678s 55s")},
        win="{by: [1, 2], tile: 5s, from: 0, hot: true}",
    )
    assert deal.result().win is not None
    hot_twice = S("123m 456m 789m 2s", melds=("kong 9p concealed",), discards="5s 5s")
    too_many = Deal(
        "guiyang-classic",
        {0: hot_twice, 1: S(PLAIN), 2: S("345m 789m 234p 678s 5s")},
        win="{by: [1], tile: 5s, from: 0, hot: true}",
    )
    with pytest.raises(HandFileError, match="5 of 5s"):
        too_many.result()
