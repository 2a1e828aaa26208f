"""Reading a hand file: YAML text into a HandDraft, then checked into a HandResult (docs/hand-file.md).

Each problem is reported as `file:line: message`; a problem check_hand finds by field is placed at the
line that field was written on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import yaml

from game.core.melds import Meld
from game.core.result import HandResult
from game.core.ruleset import MAX_PLAYERS, Ruleset
from game.core.tiles import SUITS, Tile, TileSyntaxError, format_tile, parse_tile, parse_tiles
from game.files import safe_yaml
from game.files.bounded_io import MAX_HAND_FILE_BYTES, read_text_limited
from game.handfile.checks import MAX_STREAK
from game.handfile.draft import BadValue, HandDraft, HandFileError, HandProblems, SeatDraft, WinDraft
from game.handfile.format import parse_meld
from game.handfile.rules import check_hand
from game.handfile.table import seats_count_problem
from game.rules.loader import RulesetError, load_ruleset
from game.rules.refs import load_ruleset_ref

T = TypeVar("T")

_TOP_KEYS = (
    "ruleset",
    "dealer",
    "streak",
    "seats",
    "win",
    "flip",
    "first_chicken",
    "first_chicken_claimed_by",
    "baopai",
    "weekday",
    "dealer_followed",
)
_SEAT_KEYS = ("hand", "melds", "discards", "declared_ready", "dingque")
_WIN_KEYS = ("by", "tile", "from", "how", "hot", "hot_kong", "first_turn", "robbed_late")


# --------------------------------------------------------------------------- YAML values


def _value(node: yaml.Node) -> Any:
    return safe_yaml.scalar(node)


def _mapping(node: yaml.Node, what: str, allowed: tuple[str, ...]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
    """The keys of a mapping node; unknown and repeated keys are errors."""
    if not isinstance(node, yaml.MappingNode):
        raise BadValue(node, f"{what}: expected a mapping of {', '.join(allowed)}")
    out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    for k, v in node.value:
        key = _value(k)
        if not isinstance(key, str) or key not in allowed:
            raise BadValue(k, f"{what}: unknown key {key!r}; expected one of {', '.join(allowed)}")
        if key in out:
            raise BadValue(k, f"{what}: {key} given twice")
        out[key] = (k, v)
    return out


def _int(node: yaml.Node, what: str, lo: int, hi: int | None = None) -> int:
    v = _value(node)
    if type(v) is not int or v < lo or (hi is not None and v > hi):
        want = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
        raise BadValue(node, f"{what}: expected a number {want}, found {_show(node)}")
    return v


def _bool(node: yaml.Node, what: str) -> bool:
    v = _value(node)
    if not isinstance(v, bool):
        raise BadValue(node, f"{what}: expected true or false, found {_show(node)}")
    return v


def _tiles(node: yaml.Node, what: str) -> list[Tile]:
    v = _value(node)
    if v is None and isinstance(node, yaml.ScalarNode):
        return []
    if not isinstance(v, str):
        raise BadValue(node, f"{what}: expected tiles such as '123m 11s', found {_show(node)}")
    try:
        return parse_tiles(v)
    except TileSyntaxError as exc:
        raise BadValue(node, f"{what}: {exc}") from None


def _suit(node: yaml.Node, what: str) -> int:
    """A suit written as its letter (m, p or s): 定缺's named suit (docs/rules.md §15.3)."""
    v = _value(node)
    if not isinstance(v, str) or v not in SUITS:
        raise BadValue(node, f"{what}: expected a suit letter m, p or s, found {_show(node)}")
    return SUITS.index(v)


def _tile(node: yaml.Node, what: str) -> Tile:
    v = _value(node)
    if not isinstance(v, str):
        raise BadValue(node, f"{what}: expected a tile such as 8s, found {_show(node)}")
    try:
        return parse_tile(v)
    except TileSyntaxError as exc:
        raise BadValue(node, f"{what}: {exc}") from None


def _list(node: yaml.Node, what: str) -> list[yaml.Node]:
    if not isinstance(node, yaml.SequenceNode):
        raise BadValue(node, f"{what}: expected a list, found {_show(node)}")
    return list(node.value)


def _show(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return repr(node.value) if node.value else "nothing"
    return "a mapping" if isinstance(node, yaml.MappingNode) else "a list"


# --------------------------------------------------------------------------- reading the YAML


class _Reader:
    """Parses one hand file's node tree into a HandDraft, collecting problems with their lines."""

    def __init__(self, filename: str, ruleset: Ruleset | str | None) -> None:
        self.filename = filename
        self.ruleset_arg = ruleset
        self.errors: list[str] = []
        # The node each field was written at, for the line of a problem check_hand finds.
        self.where: dict[str, yaml.Node] = {}
        self.loaded: Ruleset | None = None

    def line_of(self, where: yaml.Node | str | None) -> int:
        """The 1-based line of a node or of a field's node (a field not written: its nearest parent's)."""
        while isinstance(where, str):
            if where in self.where:
                where = self.where[where]
                break
            cut = max(where.rfind("."), where.rfind("["))
            where = where[:cut] if cut > 0 else None
        return where.start_mark.line + 1 if isinstance(where, yaml.Node) else 1

    def note(self, bad: BadValue) -> None:
        self.errors.append(f"{self.filename}:{self.line_of(bad.where)}: {bad.message}")

    def attempt(self, func: Callable[[], T], default: T) -> T:
        """Run one check; record its problem and carry on with `default`."""
        try:
            return func()
        except BadValue as bad:
            self.note(bad)
            return default

    def compose(self, text: str) -> yaml.Node:
        if len(text) > MAX_HAND_FILE_BYTES:
            raise HandFileError([f"{self.filename}:1: {len(text) // 1024} KB of text; a hand file is at most 64 KB"])
        try:
            root = safe_yaml.compose(text)
        except safe_yaml.YamlRefused as exc:
            raise HandFileError([f"{self.filename}:{exc.line}:{exc.column}: {exc.problem}"]) from None
        except yaml.YAMLError as exc:
            line, column, problem = safe_yaml.syntax_place(exc)
            raise HandFileError([f"{self.filename}:{line}:{column}: not valid YAML: {problem}"]) from None
        if root is None:
            raise HandFileError([f"{self.filename}:1: the file is empty"])
        return root

    def draft(self, text: str) -> HandDraft:
        """The file's HandDraft; HandFileError if the file does not parse (the rules are not checked yet)."""
        root = self.compose(text)
        try:
            draft = self.top(root)
        except BadValue as bad:
            self.note(bad)
            draft = None
        except safe_yaml.YamlRefused as exc:
            self.errors.append(f"{self.filename}:{exc.line}:{exc.column}: {exc.problem}")
            draft = None
        if self.errors or draft is None:
            raise HandFileError(self.errors)
        return draft

    def read(self, text: str) -> HandResult:
        draft = self.draft(text)
        assert self.loaded is not None  # a draft is only returned with its ruleset loaded
        try:
            return check_hand(draft, self.loaded)
        except HandProblems as exc:
            raise HandFileError(
                [f"{self.filename}:{self.line_of(p.field)}: {p.message}" for p in exc.problems]
            ) from None

    def top(self, root: yaml.Node) -> HandDraft | None:
        keys = _mapping(root, "the hand file", _TOP_KEYS)
        for required in ("ruleset", "dealer", "seats"):
            if required not in keys:
                raise BadValue(root, f"missing key {required!r}")
        for key, (k, v) in keys.items():
            # A key's own problems point at its value; the seats and the turned tile as a whole at the key.
            self.where[key] = k if key in ("seats", "flip", "baopai") else v
        rules = self.attempt(lambda: self.rules(keys["ruleset"][1]), None)
        dealer = self.attempt(lambda: self.seat_number(keys["dealer"][1], "dealer"), 0)
        streak = self.attempt(lambda: _int(keys["streak"][1], "streak", 0, MAX_STREAK), 0) if "streak" in keys else 0
        seats_node = keys["seats"][1]
        seat_nodes = _list(seats_node, "seats")
        wrong_count = seats_count_problem(len(seat_nodes), rules) if rules is not None else None
        if wrong_count is not None:
            raise BadValue(keys["seats"][0], wrong_count.message)
        raw: list[SeatDraft | None] = []
        for i, n in enumerate(seat_nodes):
            self.where[f"seats[{i}]"] = n
            try:
                raw.append(self.seat(n, i))
            except BadValue as bad:
                self.note(bad)
                raw.append(None)
        win = self.attempt(lambda: self.win(keys["win"][1]), None) if "win" in keys else None
        flip = self.attempt(lambda: _tile(keys["flip"][1], "flip"), None) if "flip" in keys else None
        none: dict[Tile, int] = {}
        first = self.attempt(lambda: self.chicken_map(keys, "first_chicken"), none)
        no_claims: tuple[dict[Tile, int], set[Tile]] = ({}, set())
        claimed, unclaimed = self.attempt(lambda: self.claimed_map(keys), no_claims)
        baopai = self.attempt(lambda: self.baopai(keys), None)
        weekday = self.attempt(lambda: _int(keys["weekday"][1], "weekday", 1, 7), None) if "weekday" in keys else None
        followed = "dealer_followed" in keys and self.attempt(
            lambda: _bool(keys["dealer_followed"][1], "dealer_followed"), False
        )
        if rules is None or any(r is None for r in raw) or self.errors:
            return None
        self.loaded = rules
        return HandDraft(
            ruleset=rules.name,
            dealer=dealer,
            seats=[r for r in raw if r is not None],
            streak=streak,
            win=win,
            flip=flip,
            first_chicken=first,
            first_chicken_claimed_by=claimed,
            first_chicken_unclaimed=unclaimed,
            baopai=baopai,
            weekday=weekday,
            dealer_followed=followed,
        )

    def rules(self, node: yaml.Node) -> Ruleset:
        if isinstance(self.ruleset_arg, Ruleset):
            return self.ruleset_arg
        name = self.ruleset_arg if self.ruleset_arg is not None else _value(node)
        if not isinstance(name, str):
            raise BadValue(node, f"ruleset: expected a ruleset name, found {_show(node)}")
        beside = Path(self.filename).parent if self.ruleset_arg is None and Path(self.filename).is_file() else None
        try:
            return load_ruleset_ref(name, beside=beside) if self.ruleset_arg is None else load_ruleset(name)
        except RulesetError as exc:
            raise BadValue(node, f"ruleset: {exc.errors[0]}") from None

    def seat_number(self, node: yaml.Node, what: str) -> int:
        """A seat number: 0 to the largest table's last. Whether the ruleset's table has that seat is check_hand's
        to say, at the field (game.handfile.table, docs/rules.md §15.2), as for a tile of a suit not in play: so
        a hand a smaller table is chosen for after it was entered (the calculator's) reads back as it was left."""
        v = _value(node)
        last = MAX_PLAYERS - 1
        if type(v) is not int or not 0 <= v <= last:
            raise BadValue(node, f"{what}: expected a seat number 0-{last}, found {_show(node)}")
        return v

    def seat(self, node: yaml.Node, i: int) -> SeatDraft:
        what = f"seats[{i}]"
        keys = _mapping(node, what, _SEAT_KEYS)
        if "hand" not in keys:
            raise BadValue(node, f"{what}: missing key 'hand'")
        for key, (_k, v) in keys.items():
            self.where[f"{what}.{key}"] = v
        concealed = sorted(_tiles(keys["hand"][1], f"{what}.hand"))
        melds: list[Meld] = []
        if "melds" in keys:
            for j, m in enumerate(_list(keys["melds"][1], f"{what}.melds")):
                self.where[f"{what}.melds[{j}]"] = m
                text = _value(m)
                if not isinstance(text, str):
                    raise BadValue(m, f"{what}.melds[{j}]: expected a meld such as 'pung 5m from 2', found {_show(m)}")
                try:
                    melds.append(parse_meld(text, i))
                except ValueError as exc:
                    raise BadValue(m, f"{what}.melds[{j}]: {exc}") from None
        discards = _tiles(keys["discards"][1], f"{what}.discards") if "discards" in keys else []
        declared = _bool(keys["declared_ready"][1], f"{what}.declared_ready") if "declared_ready" in keys else False
        dingque = _suit(keys["dingque"][1], f"{what}.dingque") if "dingque" in keys else -1
        return SeatDraft(concealed, melds, discards, declared, dingque)

    def win(self, node: yaml.Node) -> WinDraft:
        keys = _mapping(node, "win", _WIN_KEYS)
        for key in ("how", "from", "tile"):
            if key in keys and not isinstance(keys[key][1], yaml.ScalarNode):
                kind = "mapping" if isinstance(keys[key][1], yaml.MappingNode) else "list"
                raise BadValue(keys[key][1], f"win.{key}: expected one word, found a {kind}")
        self.where["win"] = node
        for key, (k, v) in keys.items():
            self.where[f"win.{key}"] = k if key in ("hot_kong", "robbed_late") else v
        out = WinDraft()
        if "by" in keys:
            out.by = tuple(self.seat_number(n, "win.by") for n in _list(keys["by"][1], "win.by"))
        if "tile" in keys:
            out.tile = _tile(keys["tile"][1], "win.tile")
        if "from" in keys:
            src_node = keys["from"][1]
            out.source = (
                "self" if _value(src_node) == "self" else self.seat_number(src_node, "win.from (a seat number or self)")
            )
        if "how" in keys:
            out.how = _value(keys["how"][1])
        if "hot" in keys:
            out.hot = _bool(keys["hot"][1], "win.hot")
        if "hot_kong" in keys:
            out.hot_kong = _tile(keys["hot_kong"][1], "win.hot_kong")
        if "first_turn" in keys:
            out.first_turn = _bool(keys["first_turn"][1], "win.first_turn")
        if "robbed_late" in keys:
            out.robbed_late = _bool(keys["robbed_late"][1], "win.robbed_late")
        return out

    def chicken_map(self, keys: dict[str, tuple[yaml.Node, yaml.Node]], key: str) -> dict[Tile, int]:
        if key not in keys:
            return {}
        node = keys[key][1]
        if not isinstance(node, yaml.MappingNode):
            raise BadValue(node, f"{key}: expected a mapping such as {{1s: 2, 8p: 3}}")
        out: dict[Tile, int] = {}
        for k, v in node.value:
            t = _tile(k, key)
            if t in out:
                raise BadValue(k, f"{key}: {format_tile(t)} given twice")
            out[t] = self.seat_number(v, f"{key}.{format_tile(t)}")
        return out

    def claimed_map(self, keys: dict[str, tuple[yaml.Node, yaml.Node]]) -> tuple[dict[Tile, int], set[Tile]]:
        """first_chicken_claimed_by: the claimer of each tile, and the tiles written `null` (not claimed)."""
        key = "first_chicken_claimed_by"
        if key not in keys:
            return {}, set()
        node = keys[key][1]
        if not isinstance(node, yaml.MappingNode):
            raise BadValue(node, f"{key}: expected a mapping such as {{1s: 2}} (null: not claimed)")
        out: dict[Tile, int] = {}
        unclaimed: set[Tile] = set()
        for k, v in node.value:
            t = _tile(k, key)
            if t in out or t in unclaimed:
                raise BadValue(k, f"{key}: {format_tile(t)} given twice")
            if isinstance(v, yaml.ScalarNode) and v.tag == "tag:yaml.org,2002:null":
                unclaimed.add(t)
            else:
                out[t] = self.seat_number(v, f"{key}.{format_tile(t)}")
        return out, unclaimed

    def baopai(self, keys: dict[str, tuple[yaml.Node, yaml.Node]]) -> tuple[int, ...] | None:
        if "baopai" not in keys:
            return None
        return tuple(self.seat_number(n, "baopai") for n in _list(keys["baopai"][1], "baopai"))


# --------------------------------------------------------------------------- reading files


def parse_hand_draft(
    text: str, filename: str = "<hand>", ruleset: Ruleset | str | None = None
) -> tuple[HandDraft, Ruleset]:
    """Parse hand-file text into a HandDraft and its loaded ruleset, without checking the hand against the
    rules (check_hand does); raises HandFileError."""
    reader = _Reader(filename, ruleset)
    draft = reader.draft(text)
    assert reader.loaded is not None
    return draft, reader.loaded


def parse_hand_file(text: str, filename: str = "<hand>", ruleset: Ruleset | str | None = None) -> HandResult:
    """Read hand-file text into a HandResult, checked under `ruleset` (default: the file's); raises HandFileError."""
    return parse_hand(text, filename, ruleset)[0]


def parse_hand(text: str, filename: str = "<hand>", ruleset: Ruleset | str | None = None) -> tuple[HandResult, Ruleset]:
    """parse_hand_file, with the Ruleset the hand was checked under."""
    reader = _Reader(filename, ruleset)
    result = reader.read(text)
    assert reader.loaded is not None  # a hand that reads was checked under its ruleset
    return result, reader.loaded


def read_hand_file(path: str | Path, ruleset: Ruleset | str | None = None) -> HandResult:
    """Read the hand file at `path` (see docs/hand-file.md); raises HandFileError with `file:line: message` lines."""
    try:
        text = read_text_limited(path, MAX_HAND_FILE_BYTES)
    except OSError as exc:
        raise HandFileError([f"{path}:1: cannot read the file: {exc.strerror or exc}"]) from None
    except UnicodeDecodeError as exc:
        raise HandFileError([f"{path}:1: not UTF-8 text ({exc.reason})"]) from None
    return parse_hand_file(text, str(path), ruleset)
