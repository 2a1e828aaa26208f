"""The guide's page model: pages, paragraphs, tile rows and example hands, filled from a ruleset.

Page text is written as templates: `{patterns.dadui}` is replaced by that ruleset value and recorded
as a `Fact`, so a test can check every number on every page against the ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.hand import best_pattern, best_wait_value, matching_patterns
from game.core.melds import Meld
from game.core.ruleset import PATTERN_NAMES, Ruleset
from game.core.table_words import TableWords, table_words
from game.core.tiles import COPIES, NUM_KINDS, NUM_TILES, Tile, parse_tile, parse_tiles, to_counts

# Numbers that are facts of the game itself, not of a ruleset (docs/rules.md §1, §3).
CONSTANTS: dict[str, int] = {
    "tiles": NUM_TILES,
    "kinds": NUM_KINDS,
    "copies": COPIES,
    "ranks": 9,
    "suits": 3,
    "hand": 13,
    "dealer_hand": 14,
    "deal_grab": 4,
    "deal_rounds": 3,
    "melds_in_hand": 4,
    "pairs": 7,
}

# Numbers the ruleset's table gives (docs/rules.md §15.1, §15.2): `{count.tiles}` is 108 or 72.
COUNTS: dict[str, Callable[[Ruleset], int]] = {
    "tiles": lambda r: r.wall_size,
    "suits": lambda r: len(r.suits),
    "players": lambda r: r.players,
    "walls": lambda r: len(r.table.wall_stacks),
}

_FIELD = re.compile(r"\{([a-z_.0-9]+)\}")


@dataclass(frozen=True, slots=True)
class Fact:
    """A number shown on a page: where it comes from (`const.x` or a ruleset path) and its value."""

    path: str
    value: int


@dataclass(frozen=True, slots=True)
class Text:
    """A paragraph in both languages, numbers filled in from the ruleset."""

    zh: str
    en: str

    def pick(self, language: str) -> str:
        """The paragraph in `language` ("zh" or "en")."""
        return self.zh if language == "zh" else self.en


@dataclass(frozen=True, slots=True)
class Example:
    """A winning hand shown on a page, with the pattern it must be under the ruleset (checked in tests)."""

    concealed: tuple[Tile, ...]  # including the winning tile
    melds: tuple[Meld, ...]
    winning: Tile
    pattern: str
    value: int
    caption: Text


@dataclass(frozen=True, slots=True)
class Row:
    """A row of tiles to draw, with a caption; `marked` tiles are drawn raised (a chicken, the winning tile)."""

    tiles: tuple[Tile, ...]
    caption: Text
    marked: tuple[int, ...] = ()  # indices into `tiles`
    gaps: tuple[int, ...] = ()  # indices before which a small gap is drawn (between sets)
    wait_pattern: str | None = None  # a ready hand: the best pattern among its waits (查叫), checked in tests


@dataclass
class Page:
    """One page of the guide: a title, paragraphs, tile rows and example hands."""

    key: str
    title: Text
    paragraphs: list[Text] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)


def resolve(path: str, rules: Ruleset) -> int:
    """The number at `path`: `const.NAME`, `count.NAME` (the table's), or a dotted ruleset path (`patterns.dadui`,
    `chickens.fixed.1s`)."""
    parts = path.split(".")
    if parts[0] == "const":
        return CONSTANTS[parts[1]]
    if parts[0] == "count":
        return COUNTS[parts[1]](rules)
    node: object = rules
    for part in parts:
        if isinstance(node, tuple):
            node = node[int(part)]
        elif hasattr(node, "__getitem__") and not hasattr(node, part):
            mapping = node
            key: object = parse_tile(part) if re.fullmatch(r"[1-9][mps]", part) else part
            node = mapping[key]
        else:
            node = getattr(node, part)
    if isinstance(node, bool) or not isinstance(node, int):
        raise TypeError(f"{path} is not a number in {rules.name}")
    return node


class PageWriter:
    """Fills templates for one page and records each number it fills in."""

    def __init__(self, rules: Ruleset, page: Page) -> None:
        self.rules = rules
        self.page = page
        self.words: TableWords = table_words(rules.players)  # "every other seat", "every seat" at this table

    def in_play(self, tiles: str) -> bool:
        """Whether every suit `tiles` (tile notation) names is in play under the ruleset (docs/rules.md §15.1)."""
        return all(suit in self.rules.suits for suit in re.findall(r"[mps]", tiles))

    def first_in_play(self, *choices: str) -> str:
        """The first of `choices` (tile notation) whose suits are all in play: a hand drawn from the tiles in play."""
        return next(c for c in choices if self.in_play(c))

    def fill(self, template: str) -> str:
        """`template` with each `{field}` replaced by its number, each recorded as a Fact of the page."""

        def sub(m: re.Match[str]) -> str:
            value = resolve(m.group(1), self.rules)
            self.page.facts.append(Fact(m.group(1), value))
            return str(value)

        return _FIELD.sub(sub, template)

    def say(self, zh: str, en: str) -> None:
        """Add a paragraph in both languages."""
        self.page.paragraphs.append(Text(self.fill(zh), self.fill(en)))

    def row(self, tiles: str, zh: str, en: str, marked: tuple[int, ...] = (), gaps: tuple[int, ...] = ()) -> None:
        """Add a row of tiles with its caption."""
        self.page.rows.append(Row(tuple(parse_tiles(tiles)), Text(self.fill(zh), self.fill(en)), marked, gaps))

    def ready_row(self, tiles: str, pattern: str, zh: str, en: str) -> None:
        """A ready hand whose best wait is `pattern` (what 查叫 pays), shown only when the ruleset scores it."""
        if self.rules.pattern_values().get(pattern) is None:
            return
        gaps = tuple(range(3, len(parse_tiles(tiles)), 3))
        self.page.rows.append(
            Row(tuple(parse_tiles(tiles)), Text(self.fill(zh), self.fill(en)), (), gaps, wait_pattern=pattern)
        )

    def example(self, concealed: str, winning: str, pattern: str, melds: tuple[Meld, ...] = ()) -> None:
        """An example hand of `pattern`, shown only when the ruleset scores that pattern."""
        value = self.rules.pattern_values().get(pattern)
        if value is None:
            return
        zh, en = PATTERN_NAMES[pattern]
        caption = Text(
            self.fill(f"这手牌是{zh}，{{patterns.{pattern}}}番"),
            self.fill(f"This hand is {en} ({zh}), {{patterns.{pattern}}} fan"),
        )
        self.page.examples.append(
            Example(tuple(parse_tiles(concealed)), melds, parse_tile(winning), pattern, value, caption)
        )


def row_wait(row: Row, rules: Ruleset) -> tuple[str, int] | None:
    """What the engine makes of a ready row under `rules`: the best (pattern, fan) among its waits (查叫)."""
    return best_wait_value(to_counts(row.tiles), [], rules.pattern_values())


def example_pattern(ex: Example, rules: Ruleset) -> tuple[str | None, int]:
    """What the engine makes of an example hand under `rules`: the best pattern and its fan."""
    values = rules.pattern_values()
    pid = best_pattern(matching_patterns(to_counts(ex.concealed), ex.melds, ex.winning), values)
    return pid, (values[pid] if pid is not None else 0)
