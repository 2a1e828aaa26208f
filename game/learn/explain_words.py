"""The words an explanation is made of: a sentence in both languages, the seats' winds and the tiles' names."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.result import HandResult
from game.core.ruleset import Ruleset, wind_name
from game.core.settlement import LedgerItem
from game.core.tiles import Tile, format_tile, tile_name_zh


@dataclass(frozen=True, slots=True)
class Said:
    """One sentence in both languages."""

    zh: str
    en: str

    def pick(self, language: str) -> str:
        """The sentence in `language` ("zh" or "en")."""
        return self.zh if language == "zh" else self.en


def seat_zh(seat: int, players: int) -> str:
    """The seat's wind in Chinese at a table of `players` (0 is East; docs/rules.md §15.2)."""
    return wind_name(players, seat, "zh")


def seat_en(seat: int, players: int) -> str:
    """The seat's wind in English at a table of `players` (0 is East; docs/rules.md §15.2)."""
    return wind_name(players, seat, "en")


def tile_words(t: Tile) -> tuple[str, str]:
    """The tile's name in Chinese and its notation (1s)."""
    return tile_name_zh(t), format_tile(t)


def item_tile(item: LedgerItem) -> Tile | None:
    """The tile a payment is about (its first), or None when it names none."""
    return item.tiles[0] if item.tiles else None


def item_tile_words(item: LedgerItem) -> tuple[str, str]:
    """tile_words of the payment's tile, or two empty strings when it names none."""
    tile = item_tile(item)
    return tile_words(tile) if tile is not None else ("", "")


def others_words(players: int) -> tuple[str, str]:
    """The other seats of a table of `players`, all of them, in Chinese and in English: 三家 / the other three; at
    three 两家 / the other two; at two 对家 / the other player (docs/rules.md §15.2)."""
    return {4: ("三家", "the other three"), 3: ("两家", "the other two"), 2: ("对家", "the other player")}[players]


def seat_words(seat: int, players: int) -> tuple[str, str]:
    """The seat's wind in Chinese and in English at a table of `players`."""
    return seat_zh(seat, players), seat_en(seat, players)


# The sentence for one payment line (the line, the hand, its ruleset); None: the plain fall-back sentence.
SentenceFn = Callable[[LedgerItem, HandResult, Ruleset], "Said | None"]
