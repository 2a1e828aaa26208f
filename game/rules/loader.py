"""Load and validate ruleset YAML files into the frozen Ruleset (docs/design.md, rule variants are data).

Validation is generic: it walks the dataclass type hints of game/core/ruleset.py, so a new field
is checked as soon as it is declared. Every problem in a file is reported, each as
`file:line:col: field.path: message` with 1-based line and column.
"""

from __future__ import annotations

import dataclasses
import types
import typing
import unicodedata
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from game.core.ruleset import PLAYER_COUNTS, TILE_NOTATION, TILES_NOTATION, FrozenMapping, Ruleset
from game.core.tiles import COPIES, NUM_KINDS, SUITS, TileSyntaxError, format_tile, parse_tile, parse_tiles
from game.files import safe_yaml
from game.files.bounded_io import MAX_RULESET_BYTES, read_text_limited
from game.files.resources import resource_root

# Resolved from the package, not the working directory, so a frozen build finds its data.
RULESETS_DIR = resource_root() / "rulesets"
DEFAULT_RULESET = "guiyang-classic"
# Bounds that keep every ruleset playable and printable: the largest value shipped is 108.
MAX_NUMBER = 10_000
MAX_TEXT_CHARS = 200


class RulesetError(Exception):
    """A ruleset file that does not load; `errors` holds one `file:line:col: path: message` per problem."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        super().__init__("\n".join(errors))


class _Invalid:
    """Stands for a value that failed validation (its error is already recorded)."""


_INVALID = _Invalid()


class _Checker:
    """Walks one YAML node tree against a type, collecting errors."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.errors: list[str] = []

    def error(self, node: yaml.Node, path: str, message: str) -> _Invalid:
        mark = node.start_mark
        self.errors.append(f"{self.filename}:{mark.line + 1}:{mark.column + 1}: {path or '(top)'}: {message}")
        return _INVALID

    def convert(self, node: yaml.Node, tp: Any, path: str, meta: Mapping[str, Any]) -> Any:
        """The value of `node` as type `tp`, or _INVALID after recording why not."""
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            base, *marks = typing.get_args(tp)
            if TILE_NOTATION in marks:
                return self.tile(node, path)
            if TILES_NOTATION in marks:
                return self.tiles(node, path)
            return self.convert(node, base, path, meta)
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            return self.dataclass(node, tp, path)
        if origin in (typing.Union, types.UnionType):
            return self.union(node, tp, path, meta)
        if origin is typing.Literal:
            return self.literal(node, typing.get_args(tp), path)
        if origin is tuple:
            return self.sequence(node, typing.get_args(tp), path, meta)
        if origin is Mapping or origin is dict:
            return self.mapping(node, typing.get_args(tp), path, meta)
        if tp in (int, bool, str):
            return self.scalar(node, tp, path)
        raise TypeError(f"ruleset type {tp!r} at {path} has no validator")

    def scalar(self, node: yaml.Node, tp: type, path: str) -> Any:
        names = {int: "an integer", bool: "true or false", str: "a string"}
        if not isinstance(node, yaml.ScalarNode):
            return self.error(node, path, f"expected {names[tp]}, found a {_kind(node)}")
        value = safe_yaml.scalar(node)
        # bool is a subclass of int: `true` is not a number of fan.
        if type(value) is not tp:
            return self.error(node, path, f"expected {names[tp]}, found {_describe(value)}")
        if isinstance(value, int) and not 0 <= value <= MAX_NUMBER:
            return self.error(node, path, f"expected a number from 0 to {MAX_NUMBER}, found {value}")
        if isinstance(value, str):
            problem = text_problem(value)
            if problem is not None:
                return self.error(node, path, problem)
        return value

    def literal(self, node: yaml.Node, choices: tuple[Any, ...], path: str) -> Any:
        value = safe_yaml.scalar(node) if isinstance(node, yaml.ScalarNode) else None
        if isinstance(value, str) and value in choices:
            return value
        want = ", ".join(str(c) for c in choices)
        found = _describe(value) if isinstance(node, yaml.ScalarNode) else f"a {_kind(node)}"
        hint = ""
        if isinstance(value, bool) and isinstance(node, yaml.ScalarNode) and node.value in choices:
            hint = f' (YAML reads a bare {node.value} as a boolean: write "{node.value}")'
        return self.error(node, path, f"expected one of {want}; found {found}{hint}")

    def tile(self, node: yaml.Node, path: str) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            return self.error(node, path, f"expected a tile such as 1s, found a {_kind(node)}")
        try:
            return parse_tile(node.value)
        except TileSyntaxError as exc:
            return self.error(node, path, f"bad tile {node.value!r}: {exc.reason}")

    def tiles(self, node: yaml.Node, path: str) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            return self.error(node, path, f"expected tiles such as '1s 8p', found a {_kind(node)}")
        try:
            return tuple(parse_tiles(node.value))
        except TileSyntaxError as exc:
            return self.error(node, path, f"bad tiles {node.value!r}: {exc.reason} at position {exc.position + 1}")

    def union(self, node: yaml.Node, tp: Any, path: str, meta: Mapping[str, Any]) -> Any:
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return None
        if len(args) != 1:
            raise TypeError(f"ruleset type {tp!r} at {path}: only `X | None` unions are supported")
        inner = self.convert(node, args[0], path, meta)
        return inner

    def sequence(self, node: yaml.Node, args: tuple[Any, ...], path: str, meta: Mapping[str, Any]) -> Any:
        if not isinstance(node, yaml.SequenceNode):
            return self.error(node, path, f"expected a list, found a {_kind(node)}")
        items = node.value
        if len(args) == 2 and args[1] is Ellipsis:
            types_ = [args[0]] * len(items)
        else:
            types_ = list(args)
            if len(items) != len(types_):
                return self.error(node, path, f"expected a list of {len(types_)} items, found {len(items)}")
        choices = meta.get("choices")
        out: list[Any] = []
        for i, (item, item_tp) in enumerate(zip(items, types_, strict=True)):
            value = self.convert(item, item_tp, f"{path}[{i}]", {})
            if choices is not None and value is not _INVALID and value not in choices:
                value = self.error(item, f"{path}[{i}]", f"unknown id {value!r}; expected one of {', '.join(choices)}")
            out.append(value)
        if any(v is _INVALID for v in out):
            return _INVALID
        return tuple(out)

    def mapping(self, node: yaml.Node, args: tuple[Any, ...], path: str, meta: Mapping[str, Any]) -> Any:
        if not isinstance(node, yaml.MappingNode):
            return self.error(node, path, f"expected a mapping, found a {_kind(node)}")
        key_tp, value_tp = args
        allowed = meta.get("keys")
        out: dict[Any, Any] = {}
        seen: dict[Any, yaml.Node] = {}
        bad = False
        for key_node, value_node in node.value:
            key = self.convert(key_node, key_tp, path, {})
            if key is _INVALID:
                bad = True
                continue
            shown = format_tile(key) if _is_tile_type(key_tp) else str(key)
            sub = f"{path}.{shown}" if path else shown
            if key in seen:
                self.error(key_node, sub, f"duplicate key (first at line {seen[key].start_mark.line + 1})")
                bad = True
                continue
            seen[key] = key_node
            if allowed is not None and key not in allowed:
                self.error(key_node, sub, f"unknown key; expected one of {', '.join(allowed)}")
                bad = True
                continue
            value = self.convert(value_node, value_tp, sub, {})
            if value is _INVALID:
                bad = True
            out[key] = value
        if allowed is not None:
            optional = meta.get("optional_keys", ())
            for key in allowed:
                if key in optional and key not in seen:
                    out[key] = None  # a pattern from another table, left out: not scored
                elif key not in out and key not in seen:
                    self.error(node, f"{path}.{key}" if path else key, "missing key")
                    bad = True
        return _INVALID if bad else FrozenMapping(out)

    def dataclass(self, node: yaml.Node, cls: type, path: str) -> Any:
        if not isinstance(node, yaml.MappingNode):
            return self.error(node, path, f"expected a mapping of {cls.__name__} fields, found a {_kind(node)}")
        hints = _hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls) if f.metadata.get("yaml", True)}
        values: dict[str, Any] = {}
        seen: dict[str, yaml.Node] = {}
        bad = False
        for key_node, value_node in node.value:
            key = safe_yaml.scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            sub = f"{path}.{key}" if path else str(key)
            if not isinstance(key, str):
                self.error(key_node, path, f"keys must be field names, found {_describe(key)}")
                bad = True
                continue
            if key in seen:
                self.error(key_node, sub, f"duplicate key (first at line {seen[key].start_mark.line + 1})")
                bad = True
                continue
            seen[key] = key_node
            if key not in fields:
                self.error(key_node, sub, f"unknown key; expected one of {', '.join(fields)}")
                bad = True
                continue
            value = self.convert(value_node, hints[key], sub, fields[key].metadata)
            if value is _INVALID:
                bad = True
            values[key] = value
        for name, f in fields.items():
            has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            if name not in seen and not has_default:
                self.error(node, f"{path}.{name}" if path else name, "missing key")
                bad = True
        if bad:
            return _INVALID
        return values if cls is Ruleset else cls(**values)


def text_problem(value: str) -> str | None:
    """Why `value` cannot be shown as a title or label (too long, a control character, a lone surrogate), or None."""
    if len(value) > MAX_TEXT_CHARS:
        return f"a text of {len(value)} characters; at most {MAX_TEXT_CHARS}"
    for c in value:
        kind = unicodedata.category(c)
        if kind in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp"):
            return f"the text holds a character that cannot be shown (U+{ord(c):04X})"
    return None


def _is_tile_type(tp: Any) -> bool:
    return typing.get_origin(tp) is typing.Annotated and TILE_NOTATION in typing.get_args(tp)[1:]


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "mapping"
    if isinstance(node, yaml.SequenceNode):
        return "list"
    return "scalar"


def _describe(value: object) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, int):
        return f"{value} (an integer)"
    if isinstance(value, str):
        return f"{value!r} (a string)"
    return f"{value!r} ({type(value).__name__})"


def _check_semantics(checker: _Checker, root: yaml.Node, values: dict[str, Any]) -> None:
    """Cross-field checks the types cannot express."""
    _check_table_size(checker, root, values)
    patterns = values["patterns"]
    for i, pid in enumerate(values["play"].pass_patterns):
        if patterns.get(pid) is None:
            node = _find(root, ("play", "pass_patterns")) or root
            checker.error(node, f"play.pass_patterns[{i}]", f"pattern {pid!r} is not scored (null in patterns)")
    if values["base"] == 0:
        checker.error(_find(root, ("base",)) or root, "base", "the base must be 1 or more")
    _check_variant_values(checker, root, values)


def _check_table_size(checker: _Checker, root: yaml.Node, values: dict[str, Any]) -> None:
    """Players, suits and the wall that must fit each other (docs/rules.md §15.1-§15.3)."""

    def error(path: str, message: str) -> None:
        checker.error(_find(root, tuple(path.split("."))) or root, path, message)

    players = values.get("players", 4)
    suits = values.get("suits", tuple(SUITS))
    if players not in PLAYER_COUNTS:
        error("players", f"{players} players; a table seats 2, 3 or 4 (docs/rules.md §15.2)")
        return
    if len(set(suits)) != len(suits):
        error("suits", "a suit is named twice")
    if not suits:
        error("suits", "no suit in play")
    kinds = [t for t in range(NUM_KINDS) if SUITS[t // 9] in suits]
    wall = values["table"].wall_stacks
    if len(wall) != players:
        error("table.wall_stacks", f"{len(wall)} sides for {players} players; one side of the wall per player")
    elif min(wall) < 1:
        error("table.wall_stacks", "every side of the wall needs at least one stack")
    elif sum(wall) * 2 != len(kinds) * COPIES:
        error(
            "table.wall_stacks",
            f"the sides hold {sum(wall)} stacks; {len(kinds) * COPIES} tiles need {len(kinds) * COPIES // 2}",
        )
    if len(kinds) * COPIES < players * 14 + 14:
        error("suits", f"{len(kinds) * COPIES} tiles cannot deal {players} hands and keep a wall")
    ch = values["chickens"]
    named = {**ch.fixed, **ch.golden, **ch.charge_values, **ch.liability}
    for t in sorted(named):
        if SUITS[t // 9] not in suits:
            error("suits", f"the chicken {format_tile(t)} is not in play with suits {' '.join(suits)}")
            break
    if values["play"].dingque:
        if len(suits) != len(SUITS):
            error("play.dingque", f"定缺 names one of three suits; only {len(suits)} are in play (docs/rules.md §15.3)")
    elif values["play"].dingque_blocks_pung:
        error("play.dingque_blocks_pung", "定缺 is off (play.dingque: false); switch it on or leave this out")


def _check_variant_values(checker: _Checker, root: yaml.Node, values: dict[str, Any]) -> None:
    """Values of docs/rules.md §14 that contradict each other or pay nothing as written."""
    b, k, ch = values["bonuses"], values["kongs"], values["chickens"]

    def error(path: str, message: str) -> None:
        checker.error(_find(root, tuple(path.split("."))) or root, path, message)

    if b.hot == "multiply" and b.hot_value < 2:
        error(
            "bonuses.hot_value",
            f"with hot: multiply this is the multiple the discarder pays; {b.hot_value} adds nothing, write 2 or more",
        )
    if b.rob_kong_multiplier == 1:
        error("bonuses.rob_kong_multiplier", "1 adds nothing; write 0 for off, or 2 and more")
    if b.rob_kong_multiplier and b.rob_kong_pays_all:
        error(
            "bonuses.rob_kong_multiplier",
            "the robbed seat pays the multiple alone; set rob_kong_pays_all: false, or this to 0",
        )
    if k.not_ready == "pay_back" and k.paid_to == "every_seat":
        error(
            "kongs.not_ready",
            "pay_back needs paid_to: ready_or_won (with every_seat no seat's kongs are void to pay back)",
        )
    if ch.payers == "not_ready" and ch.collectors == "every_seat":
        error("chickens.payers", "not_ready needs collectors: ready_or_won (a seat that is not ready would pay itself)")
    charge_off = ch.charge == "off"
    for name in ("charge_single", "charge_not_ready", "charge_stacks"):
        if getattr(ch, name) and charge_off:
            error(f"chickens.{name}", "冲锋鸡 is off (charge: off); switch it on or leave this out")
    if ch.charge_payers != "chickens" and charge_off:
        error("chickens.charge_payers", f"冲锋鸡 is off (charge: off); {ch.charge_payers} means nothing")
    if ch.charge_claimed != "liability" and charge_off:
        error("chickens.charge_claimed", f"冲锋鸡 is off (charge: off); {ch.charge_claimed} means nothing")
    if ch.charge_not_ready_golden and not ch.charge_not_ready:
        error("chickens.charge_not_ready_golden", "charge_not_ready is 0, so a discarder not ready pays no 冲锋鸡")
    if ch.first_chicken_each and not ch.charge_single:
        error("chickens.first_chicken_each", "needs charge_single: true (without it every first chicken is named)")
    for name in ("liability_every", "liability_not_ready_only"):
        if getattr(ch, name) and not ch.liability:
            error(f"chickens.{name}", "no 责任鸡 values (chickens.liability is empty)")
    if ch.not_ready_discards and not ch.fixed:
        error("chickens.not_ready_discards", "there are no 常鸡 (chickens.fixed is empty) to pay for")
    if b.declared_win_value_dealer is not None and b.declared_win == "none":
        error("bonuses.declared_win_value_dealer", "declared_win is none, so no 报听 value is paid")


def _find(node: yaml.Node, keys: tuple[str, ...]) -> yaml.Node | None:
    for key in keys:
        if not isinstance(node, yaml.MappingNode):
            return None
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                node = v
                break
        else:
            return None
    return node


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The field types of dataclass `cls`: worked out once, as they take a third of reading a ruleset."""
    return typing.get_type_hints(cls, include_extras=True)


def parse_ruleset(text: str, filename: str, name: str) -> Ruleset:
    """Validate ruleset YAML `text` (named `filename` in errors) into a Ruleset called `name`."""
    checker = _Checker(filename)
    if len(text) > MAX_RULESET_BYTES:
        raise RulesetError([f"{filename}:1:1: (top): {len(text) // 1024} KB of text; a ruleset is at most 256 KB"])
    try:
        root = safe_yaml.compose(text)
    except safe_yaml.YamlRefused as exc:
        raise RulesetError([f"{filename}:{exc.line}:{exc.column}: (yaml): {exc.problem}"]) from None
    except yaml.YAMLError as exc:
        line, column, problem = safe_yaml.syntax_place(exc)
        raise RulesetError([f"{filename}:{line}:{column}: (yaml): {problem}"]) from None
    if root is None:
        raise RulesetError([f"{filename}:1:1: (top): the file is empty"])
    try:
        values = checker.dataclass(root, Ruleset, "")
    except safe_yaml.YamlRefused as exc:
        raise RulesetError([*checker.errors, f"{filename}:{exc.line}:{exc.column}: (yaml): {exc.problem}"]) from None
    if values is not _INVALID:
        _check_semantics(checker, root, values)
    if checker.errors:
        raise RulesetError(checker.errors)
    return Ruleset(name=name, **values)


def _read(path: Path) -> Ruleset:
    try:
        text = read_text_limited(path, MAX_RULESET_BYTES)
    except OSError as exc:
        raise RulesetError([f"{path}: cannot read the file: {exc.strerror or exc}"]) from None
    except UnicodeDecodeError as exc:
        raise RulesetError([f"{path}: not UTF-8 text ({exc.reason})"]) from None
    return parse_ruleset(text, str(path), path.stem)


@cache
def _builtin(name: str) -> Ruleset:
    return _read(RULESETS_DIR / f"{name}.yaml")


def builtin_ruleset_names() -> list[str]:
    """Names of the rulesets shipped in rulesets/, sorted."""
    return sorted(p.stem for p in RULESETS_DIR.glob("*.yaml"))


def load_ruleset(name_or_path: str) -> Ruleset:
    """A built-in ruleset by name (cached), or a ruleset file by path; raises RulesetError."""
    if "/" not in name_or_path and "\\" not in name_or_path and not name_or_path.endswith((".yaml", ".yml")):
        if name_or_path not in builtin_ruleset_names():
            known = ", ".join(builtin_ruleset_names())
            raise RulesetError([f"{name_or_path}: no such ruleset; the built-in ones are {known}"])
        return _builtin(name_or_path)
    return _read(Path(name_or_path))


def check_ruleset_file(path: str | Path) -> list[str]:
    """Every error in the ruleset file at `path` (empty when it loads)."""
    try:
        _read(Path(path))
    except RulesetError as exc:
        return exc.errors
    return []
