"""YAML for rulesets and hand files: plain data only, bounded, fast, with line and column marks.

These files hold mappings, lists and plain scalars. Everything else YAML can express is refused
with its place before anything is built: tags (`!!int x`, `!custom`, `!!python/...`), anchors and
aliases (an alias bomb grows without bound), merge keys (`<<:`), nesting deeper than any real
file, and more nodes than any real file. The events are first read with libyaml's parser when
PyYAML was built with it (yaml.CSafeLoader; fifty times faster than the pure-Python one), which
also keeps every node's line and column.

Scalars are built one at a time (scalar()) by a constructor that forgets each value once built:
SafeConstructor keeps every object it builds keyed by its node, which grew without bound when
one constructor served every file the game read.
"""

from __future__ import annotations

from typing import Any

import yaml

# libyaml when PyYAML has it, the pure-Python parser otherwise: the same events and marks.
SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
HAS_LIBYAML = SafeLoader is not yaml.SafeLoader

MAX_DEPTH = 32  # a ruleset is 4 levels deep, a hand file 4
MAX_NODES = 50_000  # a ruleset has about 300 nodes, a hand file about 40
MAX_SCALAR_CHARS = 10_000
MAX_INT_DIGITS = 18

_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"


class YamlRefused(ValueError):
    """YAML that is not plain data or is out of bounds; `line` and `column` are 1-based, `problem` says what."""

    def __init__(self, problem: str, line: int, column: int) -> None:
        self.problem = problem
        self.line = line
        self.column = column
        super().__init__(f"{line}:{column}: {problem}")


def _place(mark: Any) -> tuple[int, int]:
    if mark is None:
        return 1, 1
    return int(mark.line) + 1, int(mark.column) + 1


def _refuse(problem: str, mark: Any) -> YamlRefused:
    return YamlRefused(problem, *_place(mark))


def _scan(text: str) -> None:
    """Read the events once, refusing what these files never hold; raises YamlRefused or yaml.YAMLError."""
    depth = 0
    nodes = 0
    # In a mapping, keys and values alternate: `expect_key[-1]` says which comes next.
    expect_key: list[bool] = []
    for event in yaml.parse(text, Loader=SafeLoader):
        if isinstance(event, yaml.AliasEvent):
            raise _refuse("aliases (*name) are not used in these files: write the value out", event.start_mark)
        if isinstance(event, yaml.NodeEvent):
            nodes += 1
            if nodes > MAX_NODES:
                raise _refuse(f"more than {MAX_NODES} values; a real file has a few hundred", event.start_mark)
            if event.anchor is not None:
                raise _refuse(f"anchors (&{event.anchor}) are not used in these files", event.start_mark)
            tag = getattr(event, "tag", None)
            if tag is not None and tag != "!":
                raise _refuse(f"tags ({tag}) are not used in these files: write the plain value", event.start_mark)
            is_key = bool(expect_key) and expect_key[-1]
            if expect_key:
                expect_key[-1] = not expect_key[-1]
            if isinstance(event, yaml.ScalarEvent):
                if tag == "!":
                    raise _refuse("tags (!) are not used in these files: write the plain value", event.start_mark)
                if is_key and event.value == "<<" and event.implicit[0]:
                    raise _refuse("merge keys (<<) are not used in these files: write each key out", event.start_mark)
                if len(event.value) > MAX_SCALAR_CHARS:
                    problem = f"a value of {len(event.value)} characters (at most {MAX_SCALAR_CHARS})"
                    raise _refuse(problem, event.start_mark)
            elif isinstance(event, yaml.CollectionStartEvent):
                if tag == "!":
                    raise _refuse("tags (!) are not used in these files", event.start_mark)
                depth += 1
                if depth > MAX_DEPTH:
                    raise _refuse(f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
                expect_key.append(isinstance(event, yaml.MappingStartEvent))
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
            expect_key.pop()


def compose(text: str) -> yaml.Node | None:
    """The node tree of one YAML document of plain data (None when empty).

    Raises YamlRefused for what these files never hold and yaml.MarkedYAMLError for bad syntax.
    """
    _scan(text)
    node: yaml.Node | None = yaml.compose(text, Loader=SafeLoader)
    return node


def syntax_place(exc: yaml.YAMLError) -> tuple[int, int, str]:
    """(line, column, problem) of a YAML syntax error, 1-based."""
    if isinstance(exc, yaml.MarkedYAMLError):
        line, column = _place(exc.problem_mark or exc.context_mark)
        return line, column, str(exc.problem or exc.context or "bad YAML")
    return 1, 1, str(exc)


class _ForgetfulConstructor(yaml.constructor.SafeConstructor):
    """SafeConstructor for one scalar at a time: it keeps nothing once the value is built."""

    def value(self, node: yaml.ScalarNode) -> Any:
        try:
            return self.construct_object(node)
        finally:
            self.constructed_objects.clear()
            self.recursive_objects.clear()


_CONSTRUCTOR = _ForgetfulConstructor()


def scalar(node: yaml.Node) -> Any:
    """The Python value of a plain scalar node (None for a list or mapping); YamlRefused if it cannot be built."""
    if not isinstance(node, yaml.ScalarNode):
        return None
    if node.tag in (_INT_TAG, _FLOAT_TAG):
        digits = sum(c.isdigit() for c in node.value)
        if digits > MAX_INT_DIGITS:
            raise _refuse(f"a number of {digits} digits (at most {MAX_INT_DIGITS})", node.start_mark)
    try:
        return _CONSTRUCTOR.value(node)
    except (yaml.YAMLError, ValueError, KeyError, TypeError, OverflowError) as exc:
        raise _refuse(f"{node.value[:40]!r} cannot be read: {exc}", node.start_mark) from None
