"""Hand files that describe impossible hands, damaged logs, bad command-line arguments, and memory that stays flat.

`settle` refuses each impossible win with its line (docs/rules.md §12: 天胡 / 地胡, 杠上开花, 热炮, 憨包豆);
`replay` says where a damaged or cut log ends; every numeric or name argument is checked; a long
simulation keeps one ledger, and the YAML constructor keeps nothing between files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.result import Win, WinHow
from game.core.ruleset import Ruleset
from game.files import safe_yaml
from game.handfile import HandFileError, HandProblems, Problem, WinDraft, check_hand, parse_hand_draft, parse_hand_file
from game.handfile.checks import win_problems
from game.match.match import Match
from game.match.simulate import simulate
from game.rules.loader import load_ruleset, parse_ruleset
from game.rules.user import list_rulesets
from tests.hostile import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_TEXT = (ROOT / "tests" / "hands" / "example.yaml").read_text(encoding="utf-8")
WIN = "win: {by: [0], tile: 8s, from: self}"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path / "home"))


def _errors(text: str) -> list[str]:
    with pytest.raises(HandFileError) as info:
        parse_hand_file(text, "h.yaml")
    return info.value.errors


def _line(needle: str, text: str = EXAMPLE_TEXT) -> int:
    return text[: text.index(needle)].count("\n") + 1


# -- item 9: hands that cannot happen --------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # 杠上开花 needs a kong of the winner's own (docs/rules.md §12.5)
        ("kong 7p concealed", "pung 7p from 1", None),
        (WIN, "win: {by: [0], tile: 8s, from: self, first_turn: true}", "天胡 / 地胡 come before any meld"),
        (WIN, "win: {by: [0], tile: 8s, from: self, hot_kong: 7p}", "a self-drawn win has no hot kong"),
        (WIN, "win: {by: [0], tile: 8s, from: self, how: [after_kong]}", "win.how: expected one word, found a list"),
        (WIN, "win: {by: [0], tile: 8s, from: self, how: {a: 1}}", "win.how: expected one word, found a mapping"),
        (WIN, "win: {by: [0], tile: 8s, from: self, robbed_late: true}", "only a robbed kong"),
        ("streak: 0 ", "streak: 100 ", "streak: expected a number 0-99"),
        ("streak: 0 ", "streak: 1000000000000000000000000000000 ", "a number of 31 digits"),
    ],
)
def test_settle_refuses_a_hand_that_cannot_happen_with_its_line(old: str, new: str, message: str | None) -> None:
    assert old in EXAMPLE_TEXT
    text = EXAMPLE_TEXT.replace(old, new, 1)
    if message is None:  # the 杠上开花 case: no kong left, then claim after_kong
        text = text.replace(WIN, "win: {by: [0], tile: 8s, from: self, how: after_kong}")
        message = "after_kong (杠上开花)"
        old = WIN
    errors = _errors(text)
    assert any(e.startswith(f"h.yaml:{_line(old)}") and message in e for e in errors), errors


def test_heavenly_win_off_a_discard_or_after_discards_is_refused() -> None:
    """天胡 (docs/rules.md §12): the dealer wins on the deal, from self, before any discard or meld."""
    win = Win((0,), 0, WinHow.DISCARD, 1, False, True)
    seats: list[tuple[list[int], list[object], list[int], bool]] = [([], [], [], False) for _ in range(4)]
    seats[2] = ([], [], [5], False)
    messages = [p.message for p in win_problems(WinDraft(first_turn=True), win, seats, 0)]
    assert any("not off a discard" in m for m in messages)
    assert any("before any discard" in m and "seat 2" in m for m in messages)


def test_a_robbed_late_kong_under_a_ruleset_without_hanbaodou_is_refused() -> None:
    """docs/rules.md §12.18: `robbed_late` is refused where the ruleset has no 憨包豆, and kept where it has."""
    classic = check_problems(WinDraft(robbed_late=True), "guiyang-classic")
    modern = check_problems(WinDraft(robbed_late=True), "guiyang-modern")
    assert any(p.field == "win.robbed_late" and "憨包豆" in p.message for p in classic)
    assert not any(p.field == "win.robbed_late" for p in modern)


def check_problems(wd: WinDraft, ruleset: str) -> list[Problem]:
    """The problems check_hand finds in the example hand with its win replaced by a rob of seat 1's 5m pung."""
    draft, _rules = parse_hand_draft(EXAMPLE_TEXT, "h.yaml", ruleset)
    wd.by, wd.tile, wd.source, wd.how = (0,), draft.win.tile if draft.win else None, 1, "rob_kong"
    draft.win = wd
    try:
        check_hand(draft, load_ruleset(ruleset))
    except HandProblems as exc:
        return exc.problems
    return []


# -- item 10: replay of damaged logs -----------------------------------------------------------------


@pytest.fixture(scope="module")
def log_lines(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    path = tmp_path_factory.mktemp("log") / "m.jsonl"
    assert run("simulate", "--hands", "3", "--seed", "cut", "--log", str(path)).code == 0
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def _replay(tmp_path: Path, lines: list[str]) -> tuple[int, str]:
    path = tmp_path / "x.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    ran = run("replay", str(path))
    assert "Traceback" not in ran.err
    return ran.code, ran.out + ran.err


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", ["a"], "the seed"),
        ("first_roller", "x", "first_roller"),
        ("dealer_dice", [1, 2, 3], "dealer_dice"),
        ("break_dice", "12", "break_dice"),
        ("ruleset", 5, "the ruleset"),
    ],
)
def test_bad_header_types_are_named(
    field: str, value: object, message: str, tmp_path: Path, log_lines: list[str]
) -> None:
    head = {**json.loads(log_lines[0]), field: value}
    code, text = _replay(tmp_path, [json.dumps(head) + "\n", *log_lines[1:]])
    assert code == 2 and f"x.jsonl:1: {message}" in text


def test_blank_and_deep_logs_are_named(tmp_path: Path, log_lines: list[str]) -> None:
    code, text = _replay(tmp_path, ["\n", "  \n", "\n"])
    assert code == 2 and "empty log" in text
    code, text = _replay(tmp_path, [log_lines[0], "[" * 100_000 + "]" * 100_000 + "\n"])
    assert code == 2 and "x.jsonl:2: bad line" in text and "nested too deep" in text


def test_a_log_cut_at_a_line_boundary_says_where_it_ends(tmp_path: Path, log_lines: list[str]) -> None:
    starts = [i for i, line in enumerate(log_lines) if '"type":"hand_started"' in line]
    cut = starts[2] + 40  # inside the third hand
    code, text = _replay(tmp_path, log_lines[:cut])
    events = sum(1 for line in log_lines[starts[2] : cut] if '"type":"action"' not in line)
    assert code == 1 and f"the log ends in hand 3 after event {events}" in text and "incomplete" in text
    assert "2 whole hands replayed" in text
    code, text = _replay(tmp_path, log_lines)
    assert code == 0 and "3 hands replayed, every event identical" in text


# -- item 11: command-line arguments -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "--hands", "0"], "--hands 0: want a whole number from 1"),
        (["bench", "--runs", "0"], "--runs 0: want a whole number from 1"),
        (["simulate", "--hands", "1e23"], "--hands 1e23: want a whole number"),
        (["simulate", "--hands", "100000000000000000000000"], "from 1 to 100000000"),
        (["simulate", "--hands", "-5"], "from 1 to"),
        (["arena", "--deals", "0"], "--deals"),
        (["audit", "--rollouts", "1"], "--rollouts 1: allow at least two rollouts"),
        (["audit", "--z-min", "-1"], "--z-min -1.0: give a margin of zero or more"),
        (["audit", "--z-min", "nan"], "--z-min nan"),
        (["audit", "--shuffles", "0"], "--shuffles 0: want a whole number from 1"),
        (["audit", "--ruleset", "no-such-rules"], "no-such-rules"),
        (["deal", "--hand", "x"], "--hand"),
        (["folders", "--copy", "guiyang-classic", "--as", "bad\nname"], "control character"),
        (["folders", "--copy", "guiyang-classic", "--as", "../escape"], "no folders"),
        (["folders", "--copy", "guiyang-classic", "--as", "CON"], "device name"),
    ],
)
def test_every_argument_is_checked_with_a_message(argv: list[str], message: str, tmp_path: Path) -> None:
    ran = run(*argv)
    assert ran.code == 2 and message in ran.err and "Traceback" not in ran.err
    assert not list((tmp_path / "home").rglob("*name*")) and not list(tmp_path.rglob("escape*"))


# -- item 12: memory ---------------------------------------------------------------------------------


def test_a_long_simulation_keeps_one_ledger_and_the_menu_keeps_what_it_parsed(tmp_path: Path) -> None:
    rules = load_ruleset("guiyang-classic")
    seen: list[int] = []
    match = Match(rules, "m", keep_ledgers=False)
    for _ in range(3):
        from game.match.agents import SimpleAgent
        from game.match.play import play_round

        match.finish_round(play_round(match.new_round(), [SimpleAgent()] * 4))
        seen.append(len(match.ledgers))
    assert seen == [1, 1, 1]
    assert Match(rules, "m").keep_ledgers  # the table's match keeps every hand for its summary
    assert simulate(rules, "m", 5).checks["ledger_sums_to_zero"] == 5


def test_the_yaml_constructor_keeps_nothing_between_files() -> None:
    text = (ROOT / "rulesets" / "guiyang-classic.yaml").read_text(encoding="utf-8")
    for _ in range(3):
        parse_ruleset(text, "c.yaml", "c")
        parse_hand_file(EXAMPLE_TEXT, "h.yaml")
    constructor = safe_yaml._CONSTRUCTOR
    assert not constructor.constructed_objects and not constructor.recursive_objects


def test_the_players_rulesets_are_parsed_again_only_when_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.rules.user as ur

    folder = tmp_path / "rulesets"
    folder.mkdir()
    path = folder / "mine.yaml"
    path.write_text((ROOT / "rulesets" / "guiyang-classic.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    loads: list[str] = []
    real = load_ruleset

    def counting(ref: str) -> Ruleset:
        loads.append(ref)
        return real(ref)

    monkeypatch.setattr(ur, "load_ruleset", counting)
    first = list_rulesets(folder).find(str(path.absolute()))
    again = list_rulesets(folder).find(str(path.absolute()))
    assert first is again and first is not None and first.ok
    builtins = len(loads)
    path.write_text(path.read_text(encoding="utf-8").replace("base: 1 ", "base: 2 ", 1), encoding="utf-8")
    changed = list_rulesets(folder).find(str(path.absolute()))
    assert changed is not None and changed.ruleset is not None and changed.ruleset.base == 2
    assert len(loads) > builtins
