"""The hand file: a finished hand written by hand in YAML, read into a HandResult (docs/hand-file.md).

`main.py settle FILE` settles it; tests keep their hands in this form. Reading is two steps:
the YAML is parsed into a HandDraft (every value in its place, nothing yet checked against the
rules), then check_hand checks the draft against the rules (tile counts, melds, the win and its
pass) and builds the HandResult. Each problem names the field it belongs to (`win.tile`,
`seats[2]`); the file reader turns that into `file:line: message`, and the score calculator
shows it next to its field. write_hand_file writes a HandResult back in the same form.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml

from game import rulings, safe_yaml
from game.bounded_io import MAX_HAND_FILE_BYTES, read_text_limited
from game.hand import best_pattern, matching_patterns, seat_ready
from game.handfile_checks import MAX_STREAK, win_problems
from game.melds import KongKind, Meld
from game.result import HandResult, SeatResult, Win, WinHow
from game.ruleset import PATTERN_NAMES, Ruleset
from game.ruleset_loader import RulesetError, load_ruleset
from game.ruleset_refs import load_ruleset_ref
from game.tiles import (
    COPIES,
    NUM_KINDS,
    Tile,
    TileSyntaxError,
    format_tile,
    format_tiles,
    parse_tile,
    parse_tiles,
    to_counts,
)

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
_SEAT_KEYS = ("hand", "melds", "discards", "declared_ready")
_WIN_KEYS = ("by", "tile", "from", "how", "hot", "hot_kong", "first_turn", "robbed_late")


class HandFileError(ValueError):
    """A hand file that does not read; `errors` holds one `file:line: message` per problem."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        super().__init__("\n".join(errors))


# --------------------------------------------------------------------------- the parsed hand


@dataclass
class SeatDraft:
    """One seat as written: concealed tiles (a winner's include the winning tile), melds, pond, 报听."""

    hand: list[Tile] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)
    declared_ready: bool = False


@dataclass
class WinDraft:
    """The `win` key as written; a value left out is None (check_hand says which are required)."""

    by: tuple[int, ...] | None = None
    tile: Tile | None = None
    source: int | str | None = None  # a seat number, "self", or None when not given
    how: object = None  # self_draw, after_kong, discard, rob_kong, or None when not given
    hot: bool = False
    hot_kong: Tile | None = None
    first_turn: bool = False
    robbed_late: bool = False


@dataclass
class HandDraft:
    """A whole hand as written, before it is checked against the rules: what check_hand reads."""

    ruleset: str = ""  # the ruleset's name as written; check_hand is given the Ruleset itself
    dealer: int = 0
    seats: list[SeatDraft] = field(default_factory=lambda: [SeatDraft() for _ in range(4)])
    streak: int = 0
    win: WinDraft | None = None
    flip: Tile | None = None
    first_chicken: dict[Tile, int] = field(default_factory=dict)
    first_chicken_claimed_by: dict[Tile, int] = field(default_factory=dict)
    # First chickens written `null` in first_chicken_claimed_by: not claimed, whatever the melds suggest.
    first_chicken_unclaimed: set[Tile] = field(default_factory=set)
    baopai: tuple[int, ...] | None = None  # None: no baopai key
    weekday: int | None = None
    dealer_followed: bool = False  # 开局跟 (RULES §14)


@dataclass(frozen=True)
class Problem:
    """What makes a hand impossible: the field it belongs to (`win.tile`, `seats[2]`), the seat it is
    about when there is one, and the message in words."""

    field: str
    message: str
    seat: int | None = None


class HandProblems(ValueError):
    """check_hand's refusal: every problem found, each with its field."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(p.message for p in problems))


class _Bad(Exception):
    """One problem at one place: a YAML node while parsing, a field (and seat) while checking."""

    def __init__(self, where: yaml.Node | str | None, message: str, seat: int | None = None) -> None:
        self.where = where
        self.message = message
        self.seat = seat


# --------------------------------------------------------------------------- YAML values


def _value(node: yaml.Node) -> Any:
    return safe_yaml.scalar(node)


def _mapping(node: yaml.Node, what: str, allowed: tuple[str, ...]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
    """The keys of a mapping node; unknown and repeated keys are errors."""
    if not isinstance(node, yaml.MappingNode):
        raise _Bad(node, f"{what}: expected a mapping of {', '.join(allowed)}")
    out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    for k, v in node.value:
        key = _value(k)
        if not isinstance(key, str) or key not in allowed:
            raise _Bad(k, f"{what}: unknown key {key!r}; expected one of {', '.join(allowed)}")
        if key in out:
            raise _Bad(k, f"{what}: {key} given twice")
        out[key] = (k, v)
    return out


def _int(node: yaml.Node, what: str, lo: int, hi: int | None = None) -> int:
    v = _value(node)
    if type(v) is not int or v < lo or (hi is not None and v > hi):
        want = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
        raise _Bad(node, f"{what}: expected a number {want}, found {_show(node)}")
    return v


def _seat(node: yaml.Node, what: str) -> int:
    return _int(node, what, 0, 3)


def _bool(node: yaml.Node, what: str) -> bool:
    v = _value(node)
    if not isinstance(v, bool):
        raise _Bad(node, f"{what}: expected true or false, found {_show(node)}")
    return v


def _tiles(node: yaml.Node, what: str) -> list[Tile]:
    v = _value(node)
    if v is None and isinstance(node, yaml.ScalarNode):
        return []
    if not isinstance(v, str):
        raise _Bad(node, f"{what}: expected tiles such as '123m 11s', found {_show(node)}")
    try:
        return parse_tiles(v)
    except TileSyntaxError as exc:
        raise _Bad(node, f"{what}: {exc}") from None


def _tile(node: yaml.Node, what: str) -> Tile:
    v = _value(node)
    if not isinstance(v, str):
        raise _Bad(node, f"{what}: expected a tile such as 8s, found {_show(node)}")
    try:
        return parse_tile(v)
    except TileSyntaxError as exc:
        raise _Bad(node, f"{what}: {exc}") from None


def _list(node: yaml.Node, what: str) -> list[yaml.Node]:
    if not isinstance(node, yaml.SequenceNode):
        raise _Bad(node, f"{what}: expected a list, found {_show(node)}")
    return list(node.value)


def _show(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return repr(node.value) if node.value else "nothing"
    return "a mapping" if isinstance(node, yaml.MappingNode) else "a list"


def parse_meld(text: str, seat: int) -> Meld:
    """A meld in hand-file form (`pung 5m from 2`, `kong 7p concealed`, `kong 9s added late`); ValueError if bad."""
    words = text.split()
    forms = "pung T from N, kong T from N, kong T concealed, kong T added (each kong may end in late)"
    if len(words) < 2 or words[0] not in ("pung", "kong"):
        raise ValueError(f"{text!r} is not a meld; write {forms}")
    try:
        tile = parse_tile(words[1])
    except TileSyntaxError as exc:
        raise ValueError(f"{text!r}: {exc}") from None
    rest = words[2:]
    source: int | None = None
    if "from" in rest:
        i = rest.index("from")
        if i + 1 >= len(rest) or rest[i + 1] not in ("0", "1", "2", "3"):
            raise ValueError(f"{text!r}: `from` needs a seat number 0-3")
        source = int(rest[i + 1])
        if source == seat:
            raise ValueError(f"{text!r}: a seat cannot claim its own discard")
        del rest[i : i + 2]
    late = "late" in rest
    if late:
        rest.remove("late")
    if words[0] == "pung":
        if rest or source is None or late:
            raise ValueError(f"{text!r}: a pung is written `pung {words[1]} from N`")
        return Meld(tile, None, source)
    if rest == ["concealed"] and source is None:
        return Meld(tile, KongKind.CONCEALED, None, late)
    if rest == ["added"]:
        return Meld(tile, KongKind.ADDED, source, late)
    if not rest and source is not None and not late:
        return Meld(tile, KongKind.EXPOSED, source)
    raise ValueError(f"{text!r} is not a meld; write {forms}")


def format_meld(meld: Meld) -> str:
    """A meld in hand-file form; an added kong keeps its pung's source when known."""
    text = meld.describe()
    if meld.kong is KongKind.ADDED and meld.source is not None:
        text += f" from {meld.source}"
    return text


def _passes(rules: Ruleset, seats: list[Any], w: int, pid: str, how: WinHow, discarder: int | None, hot: bool) -> bool:
    """Whether seat `w`'s pattern `pid` may be won this way: self-drawn, or off another seat with a pass
    (a kong of its own) or an exemption (RULES §6)."""
    if how not in (WinHow.DISCARD, WinHow.ROB_KONG):
        return True  # a self-drawn win needs no pass
    return rulings.win_allowed(
        pid,
        seats[w][1],
        rules.play,
        declared=bool(seats[w][3]),
        hot=hot,
        robbing=how is WinHow.ROB_KONG,
        on_declared=discarder is not None and bool(seats[discarder][3]),
    )


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

    def note(self, bad: _Bad) -> None:
        self.errors.append(f"{self.filename}:{self.line_of(bad.where)}: {bad.message}")

    def attempt(self, func: Callable[[], T], default: T) -> T:
        """Run one check; record its problem and carry on with `default`."""
        try:
            return func()
        except _Bad as bad:
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
        except _Bad as bad:
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
                raise _Bad(root, f"missing key {required!r}")
        for key, (k, v) in keys.items():
            # A key's own problems point at its value; the seats and the turned tile as a whole at the key.
            self.where[key] = k if key in ("seats", "flip", "baopai") else v
        rules = self.attempt(lambda: self.rules(keys["ruleset"][1]), None)
        dealer = self.attempt(lambda: _seat(keys["dealer"][1], "dealer"), 0)
        streak = self.attempt(lambda: _int(keys["streak"][1], "streak", 0, MAX_STREAK), 0) if "streak" in keys else 0
        seats_node = keys["seats"][1]
        seat_nodes = _list(seats_node, "seats")
        if len(seat_nodes) != 4:
            raise _Bad(seats_node, f"seats: expected four seats, found {len(seat_nodes)}")
        raw: list[SeatDraft | None] = []
        for i, n in enumerate(seat_nodes):
            self.where[f"seats[{i}]"] = n
            try:
                raw.append(self.seat(n, i))
            except _Bad as bad:
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
            raise _Bad(node, f"ruleset: expected a ruleset name, found {_show(node)}")
        beside = Path(self.filename).parent if self.ruleset_arg is None and Path(self.filename).is_file() else None
        try:
            return load_ruleset_ref(name, beside=beside) if self.ruleset_arg is None else load_ruleset(name)
        except RulesetError as exc:
            raise _Bad(node, f"ruleset: {exc.errors[0]}") from None

    def seat(self, node: yaml.Node, i: int) -> SeatDraft:
        what = f"seats[{i}]"
        keys = _mapping(node, what, _SEAT_KEYS)
        if "hand" not in keys:
            raise _Bad(node, f"{what}: missing key 'hand'")
        for key, (_k, v) in keys.items():
            self.where[f"{what}.{key}"] = v
        concealed = sorted(_tiles(keys["hand"][1], f"{what}.hand"))
        melds: list[Meld] = []
        if "melds" in keys:
            for j, m in enumerate(_list(keys["melds"][1], f"{what}.melds")):
                self.where[f"{what}.melds[{j}]"] = m
                text = _value(m)
                if not isinstance(text, str):
                    raise _Bad(m, f"{what}.melds[{j}]: expected a meld such as 'pung 5m from 2', found {_show(m)}")
                try:
                    melds.append(parse_meld(text, i))
                except ValueError as exc:
                    raise _Bad(m, f"{what}.melds[{j}]: {exc}") from None
        discards = _tiles(keys["discards"][1], f"{what}.discards") if "discards" in keys else []
        declared = _bool(keys["declared_ready"][1], f"{what}.declared_ready") if "declared_ready" in keys else False
        return SeatDraft(concealed, melds, discards, declared)

    def win(self, node: yaml.Node) -> WinDraft:
        keys = _mapping(node, "win", _WIN_KEYS)
        for key in ("how", "from", "tile"):
            if key in keys and not isinstance(keys[key][1], yaml.ScalarNode):
                kind = "mapping" if isinstance(keys[key][1], yaml.MappingNode) else "list"
                raise _Bad(keys[key][1], f"win.{key}: expected one word, found a {kind}")
        self.where["win"] = node
        for key, (k, v) in keys.items():
            self.where[f"win.{key}"] = k if key in ("hot_kong", "robbed_late") else v
        out = WinDraft()
        if "by" in keys:
            out.by = tuple(_seat(n, "win.by") for n in _list(keys["by"][1], "win.by"))
        if "tile" in keys:
            out.tile = _tile(keys["tile"][1], "win.tile")
        if "from" in keys:
            src_node = keys["from"][1]
            out.source = "self" if _value(src_node) == "self" else _seat(src_node, "win.from (a seat number or self)")
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
            raise _Bad(node, f"{key}: expected a mapping such as {{1s: 2, 8p: 3}}")
        out: dict[Tile, int] = {}
        for k, v in node.value:
            t = _tile(k, key)
            if t in out:
                raise _Bad(k, f"{key}: {format_tile(t)} given twice")
            out[t] = _seat(v, f"{key}.{format_tile(t)}")
        return out

    def claimed_map(self, keys: dict[str, tuple[yaml.Node, yaml.Node]]) -> tuple[dict[Tile, int], set[Tile]]:
        """first_chicken_claimed_by: the claimer of each tile, and the tiles written `null` (not claimed)."""
        key = "first_chicken_claimed_by"
        if key not in keys:
            return {}, set()
        node = keys[key][1]
        if not isinstance(node, yaml.MappingNode):
            raise _Bad(node, f"{key}: expected a mapping such as {{1s: 2}} (null: not claimed)")
        out: dict[Tile, int] = {}
        unclaimed: set[Tile] = set()
        for k, v in node.value:
            t = _tile(k, key)
            if t in out or t in unclaimed:
                raise _Bad(k, f"{key}: {format_tile(t)} given twice")
            if isinstance(v, yaml.ScalarNode) and v.tag == "tag:yaml.org,2002:null":
                unclaimed.add(t)
            else:
                out[t] = _seat(v, f"{key}.{format_tile(t)}")
        return out, unclaimed

    def baopai(self, keys: dict[str, tuple[yaml.Node, yaml.Node]]) -> tuple[int, ...] | None:
        if "baopai" not in keys:
            return None
        return tuple(_seat(n, "baopai") for n in _list(keys["baopai"][1], "baopai"))


# --------------------------------------------------------------------------- checking against the rules


def check_hand(draft: HandDraft, rules: Ruleset) -> HandResult:
    """Check a parsed hand against `rules` (RULES §5-§8) and build its HandResult; raises HandProblems
    naming each problem's field. `settle FILE` and the score calculator both refuse a hand through here."""
    return _Checker(draft, rules).run()


def tile_census(draft: HandDraft) -> list[int]:
    """Copies of each kind across the hands, melds, discards and the turned tile (several winners on one
    discard count its tile once)."""
    counts = [0] * NUM_KINDS
    win = draft.win
    if win is not None and win.by is not None and win.tile is not None and len(win.by) > 1:
        # Several winners on one tile each hold it, but it is one tile.
        counts[win.tile] -= len(win.by) - 1
    for s in draft.seats:
        for t in s.hand + s.discards:
            counts[t] += 1
        for m in s.melds:
            counts[m.tile] += m.size
    if draft.flip is not None:
        counts[draft.flip] += 1
    return counts


class _Checker:
    """Checks one HandDraft, collecting each problem with its field."""

    def __init__(self, draft: HandDraft, rules: Ruleset) -> None:
        self.draft = draft
        self.rules = rules
        self.problems: list[Problem] = []

    def attempt(self, func: Callable[[], T], default: T) -> T:
        """Run one check; record its problem and carry on with `default`."""
        try:
            return func()
        except _Bad as bad:
            where = bad.where if isinstance(bad.where, str) else ""
            self.problems.append(Problem(where, bad.message, bad.seat))
            return default

    def run(self) -> HandResult:
        d = self.draft
        rules = self.rules
        seats = [(s.hand, s.melds, s.discards, s.declared_ready) for s in d.seats]
        if len(seats) != 4:
            raise HandProblems([Problem("seats", f"seats: expected four seats, found {len(seats)}")])
        wd = d.win
        win = self.attempt(lambda: self.win(wd, seats, rules), None) if wd is not None else None
        if d.win is None and d.flip is not None:
            self.attempt(lambda: self.fail("flip", "flip: nothing is turned on a draw (the file has no win)"), None)
        # A win that did not check still names its winners: they are not held to 13 tiles.
        claimed_winners = set(d.win.by or ()) if d.win is not None else set()
        for i in range(4):
            if i not in claimed_winners:
                self.attempt(lambda i=i: self.check_count(seats, i, 13), None)  # type: ignore[misc]
        self.attempt(lambda: self.census(), None)
        claimed = dict(d.first_chicken_claimed_by)
        if (d.win is None or win is not None) and self.attempt(lambda: self.infer_claimers(seats, claimed, win), False):
            self.attempt(lambda: self.check_first_chickens(seats, claimed, win), None)
        self.attempt(lambda: self.baopai(win), None)
        no_melds: tuple[Meld | None, Meld | None] = (None, None)
        hot_kong, robbed = self.attempt(lambda: self.win_melds(win, seats), no_melds)
        winners = set(win.winners) if win else set()
        results = []
        for i, (concealed, melds, discards, declared) in enumerate(seats):
            counts = to_counts(concealed)
            ready = i in winners or (len(concealed) + 3 * len(melds) == 13 and seat_ready(counts, melds, rules))
            results.append(SeatResult(tuple(concealed), tuple(melds), tuple(discards), declared, ready))
        self.check_flags(seats, results)
        followed = self.attempt(lambda: self.dealer_followed(seats, win), False)
        self.attempt(lambda: self.check_single_charge(), None)
        if win is not None:
            self.attempt(lambda: self.check_hot_forced(seats, win), None)
        if win is not None and wd is not None:
            # Wins that settle to money but cannot happen at a table (RULES §12).
            self.problems.extend(Problem(where, message) for where, message in win_problems(wd, win, seats, d.dealer))
        if self.problems:
            raise HandProblems(self.problems)
        return HandResult(
            ruleset=rules.name,
            dealer=d.dealer,
            streak=d.streak,
            seats=(results[0], results[1], results[2], results[3]),
            win=win,
            flip=d.flip,
            first_chicken=dict(d.first_chicken),
            first_chicken_claimed_by=claimed,
            baopai=d.baopai or (),
            dealer_followed=followed,
            hot_kong=hot_kong,
            robbed_kong=robbed,
            weekday=d.weekday,
        )

    @staticmethod
    def fail(where: str, message: str, seat: int | None = None) -> None:
        raise _Bad(where, message, seat)

    def win(self, wd: WinDraft, seats: list[Any], rules: Ruleset) -> Win:
        for required, given in (("by", wd.by), ("tile", wd.tile), ("from", wd.source)):
            if given is None:
                raise _Bad(f"win.{required}", f"win: missing key {required!r}")
        assert wd.by is not None and wd.tile is not None
        winners = wd.by
        if not winners or len(set(winners)) != len(winners):
            raise _Bad("win.by", "win.by: expected one or more different seats")
        tile = wd.tile
        discarder = None if wd.source == "self" else wd.source
        if discarder is not None and not isinstance(discarder, int):
            raise _Bad("win.from", f"win.from (a seat number or self): expected a number 0-3, found {discarder!r}")
        how_text = wd.how
        if discarder is None:
            if how_text not in (None, "self_draw", "after_kong"):
                raise _Bad("win.how", f"win.how: a self-drawn win is self_draw or after_kong, not {how_text!r}")
            how = WinHow.AFTER_KONG if how_text == "after_kong" else WinHow.SELF_DRAW
            if len(winners) > 1:
                raise _Bad("win.by", "win.by: only one seat can win on its own draw")
        else:
            if how_text not in (None, "discard", "rob_kong"):
                raise _Bad("win.how", f"win.how: a win off another seat is discard or rob_kong, not {how_text!r}")
            how = WinHow.ROB_KONG if how_text == "rob_kong" else WinHow.DISCARD
            if discarder in winners:
                raise _Bad("win.from", f"win.from: seat {discarder} cannot win on its own tile", discarder)
            if len(winners) > 1 and not rules.play.multiple_winners:
                raise _Bad("win.by", f"win.by: {rules.name} lets only one seat win on a discard")
        hot = wd.hot
        if hot and how is not WinHow.DISCARD:
            raise _Bad("win.hot", "win.hot: only a discard is hot (热炮)")
        first_turn = wd.first_turn
        if how is WinHow.ROB_KONG and discarder is not None:
            robbed = seats[discarder][1]
            if not any(m.tile == tile and m.kong is None for m in robbed):
                raise _Bad(
                    "win.from",
                    f"win.from: seat {discarder} has no pung of {format_tile(tile)} to add to (抢杠)",
                    discarder,
                )
        for w in winners:
            self.check_winner(seats, rules, w, tile, how, discarder, hot)
        return Win(winners, tile, how, discarder, hot, first_turn)

    def check_winner(
        self,
        seats: list[Any],
        rules: Ruleset,
        w: int,
        tile: Tile,
        how: WinHow,
        discarder: int | None,
        hot: bool,
    ) -> None:
        concealed, melds, _discards, _declared = seats[w]
        self.check_count(seats, w, 14)
        if tile not in concealed:
            raise _Bad("win.tile", f"win.tile: seat {w}'s hand does not hold the winning tile {format_tile(tile)}", w)
        patterns = matching_patterns(to_counts(concealed), melds, tile)
        hand = format_tiles(concealed, spaced=True)
        if not patterns:
            raise _Bad("win", f"win: seat {w}'s hand {hand} with {len(melds)} melds is not a winning hand", w)
        pid = best_pattern(patterns, rules.pattern_values())
        if pid is None:
            raise _Bad("win", f"win: seat {w}'s hand {hand} scores no pattern under {rules.name}", w)
        if not _passes(rules, seats, w, pid, how, discarder, hot):
            zh, en = PATTERN_NAMES[pid]
            raise _Bad(
                "win",
                f"win: seat {w} wins a {zh} ({en}) off a discard without a pass (a kong of its own), "
                f"which {rules.name} does not allow (RULES §6)",
                w,
            )

    def check_count(self, seats: list[Any], i: int, want: int) -> None:
        """A seat holds 13 tiles, a winner 14, each meld counting 3 (RULES §5)."""
        concealed, melds = seats[i][0], seats[i][1]
        have = len(concealed) + 3 * len(melds)
        if have != want:
            role = "a winner holds 14" if want == 14 else "a seat that did not win holds 13"
            raise _Bad(
                f"seats[{i}]",
                f"seats[{i}]: holds {have} tiles ({len(concealed)} in hand, {len(melds)} melds at 3 each); {role}",
                i,
            )

    def census(self) -> None:
        counts = tile_census(self.draft)
        over = [f"{counts[t]} of {format_tile(t)}" for t in range(NUM_KINDS) if counts[t] > COPIES]
        if over:
            raise _Bad(
                "seats",
                f"seats: {', '.join(over)} across hands, melds, discards and the turned tile; each tile has 4 copies",
            )

    def check_flags(self, seats: list[Any], results: list[SeatResult]) -> None:
        """Flags the ruleset cannot score are refused, never scored silently (RULES §12.18)."""
        rules = self.rules
        play = rules.play
        for i, (_concealed, melds, _discards, declared) in enumerate(seats):
            if not play.late_kong:
                for j, m in enumerate(melds):
                    if m.late:
                        self.problems.append(
                            Problem(
                                f"seats[{i}].melds[{j}]",
                                f"seats[{i}].melds[{j}]: a late kong (憨包豆), which {rules.name} does not know "
                                "(RULES §12.18); write the kong without `late`",
                                i,
                            )
                        )
            if declared:
                where = f"seats[{i}].declared_ready"
                if not play.declare_ready:
                    self.problems.append(
                        Problem(
                            where,
                            f"seats[{i}].declared_ready: {rules.name} has no 报听 (declaring ready), "
                            "so no seat can have declared (RULES §12.18)",
                            i,
                        )
                    )
                elif not results[i].ready:
                    hand = format_tiles(results[i].concealed, spaced=True)
                    message = f"seats[{i}].declared_ready: seat {i} declared ready, but {hand} is not ready"
                    self.problems.append(Problem(where, message, i))
        wd = self.draft.win
        if wd is not None and wd.robbed_late and not play.late_kong:
            self.problems.append(
                Problem(
                    "win.robbed_late",
                    f"win.robbed_late: a late kong (憨包豆), which {rules.name} does not know (RULES §12.18)",
                )
            )

    def check_hot_forced(self, seats: list[Any], win: Win) -> None:
        """B6: where a hot discard must be won, a seat that could win on it and did not is refused."""
        rules = self.rules
        if not rules.play.hot_discard_forced or not win.hot or win.how is not WinHow.DISCARD:
            return
        values = rules.pattern_values()
        for s in range(4):
            if s in win.winners or s == win.discarder:
                continue
            concealed, melds = seats[s][0], seats[s][1]
            pid = rulings.pattern_with(to_counts(concealed), melds, win.tile, values)
            if pid is not None and _passes(rules, seats, s, pid, WinHow.DISCARD, win.discarder, True):
                raise _Bad(
                    "win",
                    f"win: seat {s} could win on the hot discard {format_tile(win.tile)} and did not; "
                    f"under {rules.name} every seat that can must win on a hot discard (RULES §7, B6)",
                    s,
                )

    def dealer_followed(self, seats: list[Any], win: Win | None) -> bool:
        """开局跟 (RULES §14): `dealer_followed: true` needs each seat's first discard to be the dealer's first."""
        if not self.draft.dealer_followed:
            return False
        dealer = self.draft.dealer
        ponds = [seat[2] for seat in seats]
        if not ponds[dealer]:
            raise _Bad("dealer_followed", f"dealer_followed: the dealer (seat {dealer}) has no discard to follow")
        tile = ponds[dealer][0]
        for s in range(4):
            # The last follower's tile may have been won on, leaving its pond empty.
            won_on = win is not None and win.discarder == s and win.tile == tile and win.how is WinHow.DISCARD
            if not (ponds[s] and ponds[s][0] == tile) and not (won_on and not ponds[s]):
                raise _Bad(
                    "dealer_followed",
                    f"dealer_followed: seat {s}'s first discard is not {format_tile(tile)}, the dealer's first "
                    "(开局跟: every other seat follows it with the same tile)",
                    s,
                )
        return True

    def check_single_charge(self) -> None:
        """One 冲锋鸡 per hand (RULES §14): first_chicken names only the first followed chicken discarded."""
        first = self.draft.first_chicken
        ch = self.rules.chickens
        # GY1 records the first 1s and the first 8p both; the one written first is the 冲锋鸡.
        if ch.charge_single and len(first) > 1 and not ch.first_chicken_each:
            raise _Bad(
                "first_chicken",
                f"first_chicken: {self.rules.name} follows only the first of "
                f"{', '.join(format_tile(t) for t in first)} discarded (one 冲锋鸡 per hand); name that one",
            )

    def infer_claimers(self, seats: list[Any], claimed: dict[Tile, int], win: Win | None) -> bool:
        """Fill in who claimed each first chicken when the hand shows it: one seat holds a pung or kong of it
        from the first discarder, and the discarder's pond holds no copy it could be instead."""
        for t, d in self.draft.first_chicken.items():
            if t in claimed or t in self.draft.first_chicken_unclaimed:
                continue
            holders = [s for s in range(4) if any(m.tile == t and m.source == d for m in seats[s][1])]
            if not holders:
                continue
            won_on = win is not None and win.tile == t and win.discarder == d and win.how is WinHow.DISCARD
            if t in seats[d][2] or won_on:
                name = format_tile(t)
                raise _Bad(
                    f"first_chicken.{name}",
                    f"first_chicken: seat {holders[0]} holds a {name} claimed from seat {d}, and seat {d} also "
                    f"shows a {name} in its pond; say which was the first: first_chicken_claimed_by: "
                    f"{{{name}: {holders[0]}}} if it was claimed, {{{name}: null}} if not",
                    holders[0],
                )
            claimed[t] = holders[0]
        return True

    def check_first_chickens(self, seats: list[Any], claimed: dict[Tile, int], win: Win | None) -> None:
        first = self.draft.first_chicken
        for t, claimer in claimed.items():
            # A claimer inferred from the melds was not written: its problem belongs to first_chicken.
            written = t in self.draft.first_chicken_claimed_by
            where = f"first_chicken_claimed_by.{format_tile(t)}" if written else f"first_chicken.{format_tile(t)}"
            if t not in first:
                raise _Bad(where, f"first_chicken_claimed_by: {format_tile(t)} is not in first_chicken")
            if claimer == first[t]:
                raise _Bad(where, f"first_chicken_claimed_by: seat {claimer} cannot claim its own discard", claimer)
            if not any(m.tile == t and m.source == first[t] for m in seats[claimer][1]):
                raise _Bad(
                    where,
                    f"first_chicken_claimed_by: seat {claimer} has no pung or kong of "
                    f"{format_tile(t)} from seat {first[t]}",
                    claimer,
                )
        for t, seat in first.items():
            won_on = win is not None and win.tile == t and win.discarder == seat and win.how is WinHow.DISCARD
            if t not in claimed and t not in seats[seat][2] and not won_on:
                raise _Bad(
                    f"first_chicken.{format_tile(t)}",
                    f"first_chicken: seat {seat} has no {format_tile(t)} among its discards "
                    "(if it was claimed, name the claimer in first_chicken_claimed_by)",
                    seat,
                )

    def baopai(self, win: Win | None) -> None:
        if self.draft.baopai is None:
            return
        rules = self.rules
        if rules.play.passed_win == "guoshui":
            why = "uses 过水 after a passed win (no win off a discard until the seat's own next draw), not 包牌"
            raise _Bad("baopai", f"baopai: {rules.name} {why} (RULES §12.12, §12.18)")
        if rules.play.passed_win != "baopai":
            raise _Bad("baopai", f"baopai: {rules.name} has no 包牌 for passing up a win (RULES §12.18)")
        if self.draft.win is not None and win is None:
            return  # the win itself did not check: who won is not known
        for s in self.draft.baopai:
            if win is None or s not in win.winners or win.how is not WinHow.DISCARD:
                raise _Bad("baopai", f"baopai: seat {s} did not win off a discard, so it owes no 包牌", s)

    def win_melds(self, win: Win | None, seats: list[Any]) -> tuple[Meld | None, Meld | None]:
        """The kong behind a hot discard and the robbed kong, from the win's keys and the seats' melds."""
        wd = self.draft.win
        if wd is None or win is None or win.discarder is None:
            return None, None
        melds: list[Meld] = seats[win.discarder][1]
        if win.how is WinHow.ROB_KONG:
            pung = next(m for m in melds if m.tile == win.tile and m.kong is None)
            return None, Meld(win.tile, KongKind.ADDED, pung.source, wd.robbed_late)
        if not win.hot:
            if wd.hot_kong is not None:
                raise _Bad("win.hot_kong", "win.hot_kong: only a hot win (hot: true) names a hot kong")
            return None, None
        kongs = [m for m in melds if m.is_kong]
        if wd.hot_kong is not None:
            t = wd.hot_kong
            found = [m for m in kongs if m.tile == t]
            if not found:
                raise _Bad(
                    "win.hot_kong", f"win.hot_kong: seat {win.discarder} has no kong of {format_tile(t)}", win.discarder
                )
            return found[0], None
        if len(kongs) == 1:
            return kongs[0], None
        if not kongs:
            raise _Bad(
                "win.hot", f"win.hot: seat {win.discarder} has no kong, so its discard is not hot", win.discarder
            )
        raise _Bad(
            "win.hot",
            f"win.hot: seat {win.discarder} has several kongs; name the last with hot_kong: TILE",
            win.discarder,
        )


# --------------------------------------------------------------------------- reading and writing files


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


def draft_of(result: HandResult) -> HandDraft:
    """The HandDraft a HandResult was (or would be) read from: check_hand gives the result back."""
    seats = [SeatDraft(list(s.concealed), list(s.melds), list(s.discards), s.declared_ready) for s in result.seats]
    win = None
    if result.win is not None:
        w = result.win
        how = w.how.value if w.how in (WinHow.AFTER_KONG, WinHow.ROB_KONG) else None
        win = WinDraft(
            by=w.winners,
            tile=w.tile,
            source="self" if w.discarder is None else w.discarder,
            how=how,
            hot=w.hot,
            hot_kong=result.hot_kong.tile if w.hot and result.hot_kong is not None else None,
            first_turn=w.first_turn,
            robbed_late=result.robbed_kong is not None and result.robbed_kong.late,
        )
    return HandDraft(
        ruleset=result.ruleset,
        dealer=result.dealer,
        seats=seats,
        streak=result.streak,
        win=win,
        flip=result.flip,
        first_chicken=dict(result.first_chicken),
        first_chicken_claimed_by=dict(result.first_chicken_claimed_by),
        # Not claimed, though a meld could suggest it: written `null`, so a reader infers nothing.
        first_chicken_unclaimed={
            t
            for t, d in result.first_chicken.items()
            if t not in result.first_chicken_claimed_by
            and any(m.tile == t and m.source == d for s in result.seats for m in s.melds)
        },
        baopai=tuple(result.baopai) if result.baopai else None,
        weekday=result.weekday,
        dealer_followed=result.dealer_followed,
    )


def _tiles_text(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    return format_tiles(tiles, sort=False, spaced=True) if tiles else '""'


def _tile_map(m: dict[Tile, int]) -> str:
    return "{" + ", ".join(f"{format_tile(t)}: {s}" for t, s in m.items()) + "}"


def write_hand_file(result: HandResult) -> str:
    """The hand-file text of a HandResult; read_hand_file gives the same result back."""
    return write_hand_draft(draft_of(result))


def write_hand_draft(draft: HandDraft) -> str:
    """The hand-file text of a HandDraft, checked or not (values left out stay out)."""
    lines = [f"ruleset: {draft.ruleset}", f"dealer: {draft.dealer}", f"streak: {draft.streak}", "seats:"]
    for s in draft.seats:
        lines.append(f"  - hand: {_tiles_text(s.hand)}")
        lines.append(f"    melds: [{', '.join(format_meld(m) for m in s.melds)}]")
        lines.append(f"    discards: {_tiles_text(s.discards)}")
        lines.append(f"    declared_ready: {str(s.declared_ready).lower()}")
    win = draft.win
    if win is not None:
        parts = []
        if win.by is not None:
            parts.append(f"by: [{', '.join(str(w) for w in win.by)}]")
        if win.tile is not None:
            parts.append(f"tile: {format_tile(win.tile)}")
        if win.source is not None:
            parts.append(f"from: {win.source}")
        if win.how in ("after_kong", "rob_kong"):
            parts.append(f"how: {win.how}")
        if win.hot:
            parts.append("hot: true")
        if win.hot_kong is not None:
            parts.append(f"hot_kong: {format_tile(win.hot_kong)}")
        if win.first_turn:
            parts.append("first_turn: true")
        if win.robbed_late:
            parts.append("robbed_late: true")
        lines.append("win: {" + ", ".join(parts) + "}")
    if draft.flip is not None:
        lines.append(f"flip: {format_tile(draft.flip)}")
    if draft.first_chicken:
        lines.append(f"first_chicken: {_tile_map(draft.first_chicken)}")
    # The claimers in first_chicken's order; `null` where a first chicken was not claimed though a meld could
    # suggest it (a reader would infer a claimer otherwise).
    named = draft.first_chicken_claimed_by
    order = dict.fromkeys([*draft.first_chicken, *named, *sorted(draft.first_chicken_unclaimed)])
    claimed = [
        f"{format_tile(t)}: {named.get(t, 'null')}" for t in order if t in named or t in draft.first_chicken_unclaimed
    ]
    if claimed:
        lines.append("first_chicken_claimed_by: {" + ", ".join(claimed) + "}")
    if draft.baopai is not None:
        lines.append(f"baopai: [{', '.join(str(s) for s in draft.baopai)}]")
    if draft.weekday is not None:
        lines.append(f"weekday: {draft.weekday}")
    if draft.dealer_followed:
        lines.append("dealer_followed: true")
    return "\n".join(lines) + "\n"
