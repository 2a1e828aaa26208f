"""Random bytes, random YAML and random JSON fed to every reader of the player's files.

The hand-file reader, the ruleset loader, the save loader, the settings loader and the log reader
must each give a valid result or a clear error (the reader's own error type, naming the file,
printable, of reasonable length), whatever they are given: never another exception, never a hang.
Besides wholly random input, the real files are mutated with the tokens that broke them before
(tags, anchors, merge keys, deep brackets, long numbers, control characters).

The number of cases per test is FUZZ_EXAMPLES (default 1000); each test takes a few seconds.
"""

from __future__ import annotations

import json
import os
import string
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.ruleset import Ruleset
from game.core.settlement import settle
from game.engine.round import HandSetup
from game.handfile import HandFileError, parse_hand, read_hand_file
from game.match.agents import SimpleAgent
from game.match.match import Match
from game.match.play import play_round
from game.match.replay import replay, restore
from game.records.gamelog import LogError, LogWriter, read_log, read_log_text
from game.records.savefile import SaveData, SaveError, dumps, loads, new_save, record
from game.rules.loader import RulesetError, load_ruleset, parse_ruleset
from tests.hostile import no_hang

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "1000"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
RULES = load_ruleset("guiyang-classic")
HAND_TEXT = (ROOT / "tests" / "hands" / "example.yaml").read_text(encoding="utf-8")
RULESET_TEXT = (ROOT / "rulesets" / "guiyang-classic.yaml").read_text(encoding="utf-8")


def _played() -> tuple[str, str]:
    """A real save and a real log of two hands and a bit, to mutate."""
    import io

    match = Match(RULES, "fuzz")
    data = new_save(RULES, "fuzz", HandSetup())
    out = io.StringIO()
    writer = LogWriter(out, RULES, "fuzz", HandSetup())
    for _ in range(2):
        rnd = play_round(match.new_round(), [SimpleAgent()] * 4)
        match.finish_round(rnd)
        data.hands.append(record(rnd, True))
        writer.write_round(rnd)
    return dumps(data), out.getvalue()


SAVE_TEXT, LOG_TEXT = _played()

TOKENS = [
    ":",
    ": ",
    "- ",
    "[",
    "]",
    "{",
    "}",
    ",",
    "\n",
    "  ",
    "'",
    '"',
    "#",
    "!!int ",
    "!!bool ",
    "!x ",
    "&a ",
    "*a",
    "<<: ",
    "? ",
    "|",
    ">",
    "null",
    "true",
    "~",
    "9" * 40,
    "-1",
    "0x1f",
    "1e999",
    "\x00",
    "\t",
    "\u2028",
    "\\",
    "{{{{{{{{",
    "[[[[[[[[",
    '"\\ud800"',
    "123m456p",
    "kong 7p concealed",
    "from 9",
    "self",
    "hot: true",
    "first_turn: true",
    "how: after_kong",
    "NaN",
    "Infinity",
    '{"a":',
    "1:2:3",
    "2001-13-45",
    "\ufeff",
]


@st.composite
def mutated(draw: st.DrawFn, base: str) -> str:
    """`base` with a few random cuts, insertions of risky tokens and swaps of lines."""
    text = base
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "cut", "replace", "duplicate"]))
        if how == "insert":
            text = text[:at] + draw(st.sampled_from(TOKENS) | st.text(max_size=8)) + text[at:]
        elif how == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 80)) :]
        elif how == "replace":
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at + draw(st.integers(1, 10)) :]
        else:
            text = text[:at] + text[at : at + draw(st.integers(1, 200))] * draw(st.integers(2, 4)) + text[at:]
    return text


scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["guiyang-classic", "self", "8s", "123m456p789s11s", "kong 7p concealed", "/dev/zero", "../x"])
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.text(max_size=10)
            | st.sampled_from(
                [
                    "type",
                    "version",
                    "log",
                    "hands",
                    "actions",
                    "kind",
                    "seat",
                    "tile",
                    "ruleset",
                    "seed",
                    "match_id",
                    "first_roller",
                    "dealer_dice",
                    "settled",
                    "digest",
                    "events",
                    "config",
                    "practice",
                    "hand",
                    "volume",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


def _yaml_text(value: Any) -> str:
    return yaml.safe_dump(value, allow_unicode=True, default_flow_style=bool(value) and isinstance(value, list))


def _clear(message: str, name: str) -> None:
    """A clear error: names the file, is printable text, and is not a wall of text."""
    assert message and name in message, message
    message.encode("utf-8")
    assert len(message) < 4000, message[:200]
    assert "Traceback" not in message


# -- the hand-file reader --------------------------------------------------------------------------


def _hand(text: str) -> None:
    try:
        with no_hang(20):
            result, rules = parse_hand(text, "h.yaml")
    except HandFileError as exc:
        assert exc.errors
        for line in exc.errors:
            _clear(line, "h.yaml:")
        return
    assert sum(settle(result, rules).nets()) == 0  # a hand that reads settles, and the ledger balances


@FUZZ
@given(st.binary(max_size=400))
def test_hand_reader_random_bytes(tmp_path_factory: Any, data: bytes) -> None:
    path = tmp_path_factory.getbasetemp() / "fuzz-h.yaml"
    path.write_bytes(data)
    try:
        read_hand_file(path)
    except HandFileError as exc:
        for line in exc.errors:
            _clear(line, str(path))


@FUZZ
@given(mutated(HAND_TEXT) | json_values.map(_yaml_text))
def test_hand_reader_random_yaml(text: str) -> None:
    _hand(text)


@FUZZ
@given(json_values.map(json.dumps))
def test_hand_reader_random_json(text: str) -> None:
    _hand(text)  # JSON is YAML too


# -- the ruleset loader ----------------------------------------------------------------------------


def _ruleset(text: str) -> None:
    try:
        with no_hang(20):
            rules = parse_ruleset(text, "r.yaml", "r")
    except RulesetError as exc:
        assert exc.errors
        for line in exc.errors:
            _clear(line, "r.yaml:")
        return
    assert isinstance(rules, Ruleset)
    (rules.title_zh + rules.title_en).encode("utf-8")
    assert min(rules.table.wall_stacks) >= 1 and sum(rules.table.wall_stacks) == 54


@FUZZ
@given(st.binary(max_size=400))
def test_ruleset_loader_random_bytes(tmp_path_factory: Any, data: bytes) -> None:
    path = tmp_path_factory.getbasetemp() / "fuzz-r.yaml"
    path.write_bytes(data)
    try:
        load_ruleset(str(path))
    except RulesetError as exc:
        for line in exc.errors:
            _clear(line, str(path))


@FUZZ
@given(mutated(RULESET_TEXT) | json_values.map(_yaml_text))
def test_ruleset_loader_random_yaml(text: str) -> None:
    _ruleset(text)


@FUZZ
@given(json_values.map(json.dumps))
def test_ruleset_loader_random_json(text: str) -> None:
    _ruleset(text)


# -- the save loader -------------------------------------------------------------------------------


def _save(text: str) -> None:
    try:
        with no_hang(20):
            data = loads(text, "match.save.json")
    except SaveError as exc:
        _clear(str(exc), "match.save.json")
        return
    assert isinstance(data, SaveData)
    try:
        with no_hang(20):
            restore(data, load_ruleset(data.head["ruleset"]))
    except (SaveError, RulesetError) as exc:
        _clear(str(exc), "")


@FUZZ
@given(st.binary(max_size=400))
def test_save_loader_random_bytes(data: bytes) -> None:
    _save(data.decode("utf-8", "replace"))


@FUZZ
@given(mutated(SAVE_TEXT) | json_values.map(_yaml_text))
def test_save_loader_random_yaml(text: str) -> None:
    _save(text)


@FUZZ
@given(mutated(SAVE_TEXT) | json_values.map(json.dumps))
def test_save_loader_random_json(text: str) -> None:
    _save(text)


# -- the settings loader ---------------------------------------------------------------------------


def _settings(path: Path, content: bytes) -> None:
    from ui.settings.store import FIELDS, load_settings, to_json

    for old in path.parent.glob(f"{path.name}.bad-*"):
        old.unlink()
    path.write_bytes(content)
    with no_hang(20):
        loaded = load_settings(path)
    for notice in loaded.notices:
        _clear(notice, str(path))
    values = to_json(loaded.settings)
    for key, check in FIELDS.items():
        check(values[key] if key != "speed" else loaded.settings.speed.value)  # every value is a valid one
    assert path.exists() or list(path.parent.glob(f"{path.name}.bad-*"))  # set aside, never lost


@FUZZ
@given(st.binary(max_size=400))
def test_settings_loader_random_bytes(tmp_path_factory: Any, data: bytes) -> None:
    _settings(tmp_path_factory.getbasetemp() / "settings.json", data)


@FUZZ
@given(json_values.map(_yaml_text))
def test_settings_loader_random_yaml(tmp_path_factory: Any, text: str) -> None:
    _settings(tmp_path_factory.getbasetemp() / "settings.json", text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(json_values.map(json.dumps) | mutated('{"language": "en", "volume": 50, "speed": "fast", "muted": false}'))
def test_settings_loader_random_json(tmp_path_factory: Any, text: str) -> None:
    _settings(tmp_path_factory.getbasetemp() / "settings.json", text.encode("utf-8", "surrogatepass"))


# -- the log reader --------------------------------------------------------------------------------


def _log(text: str) -> None:
    for lenient in (False, True):
        try:
            with no_hang(20):
                parsed = read_log_text(text, "m.jsonl", lenient)
        except LogError as exc:
            _clear(str(exc), "m.jsonl")
            continue
        if parsed.damage is not None:
            _clear(parsed.damage, "m.jsonl")
        with no_hang(20):
            rep = replay(parsed, RULES)
        assert rep.mismatch is None or isinstance(rep.mismatch, str)


@FUZZ
@given(st.binary(max_size=400))
def test_log_reader_random_bytes(tmp_path_factory: Any, data: bytes) -> None:
    path = tmp_path_factory.getbasetemp() / "fuzz.jsonl"
    path.write_bytes(data)
    for lenient in (False, True):
        try:
            read_log(path, lenient)
        except LogError as exc:
            _clear(str(exc), str(path))


@FUZZ
@given(json_values.map(_yaml_text) | mutated(LOG_TEXT[:3000]))
def test_log_reader_random_yaml(text: str) -> None:
    _log(text)


@FUZZ
@given(
    st.lists(json_values.map(json.dumps), max_size=6).map("\n".join)
    | mutated(LOG_TEXT)
    | st.lists(st.sampled_from(LOG_TEXT.splitlines()), max_size=30).map("\n".join)
)
def test_log_reader_random_json(text: str) -> None:
    _log(text)


def test_the_mutations_reach_deep_into_the_files() -> None:
    """The generators are not trivial: some mutated files still read, so the checks past parsing run."""
    assert string.digits  # the module's inputs are built at import
    assert parse_hand(HAND_TEXT, "h.yaml")[0].win is not None
    assert loads(SAVE_TEXT, "s").hands and read_log_text(LOG_TEXT, "m").hands
