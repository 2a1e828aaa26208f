"""How the game names "every other seat" and "every seat" at a table of four, three or two (docs/rules.md §15).

The rule book counts "the other three" and "all four" at four players; at the smaller tables (三丁拐, 二丁拐)
those read "every other seat" and "every seat" (docs/rules.md §15, §15.4). Every page, explanation and
screen that says who pays or who is counted takes its words from `table_words`, in both languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

# Counts as words: 两 before a measure word (两家, 两人), as spoken.
_COUNT_ZH: dict[int, str] = {1: "一", 2: "两", 3: "三", 4: "四"}
_COUNT_EN: dict[int, str] = {1: "one", 2: "two", 3: "three", 4: "four"}
# What each table size is called (docs/rules.md §15): the game of four has no name of its own.
_TABLE_NAMES: dict[int, tuple[str, str]] = {
    4: ("四人", "four players"),
    3: ("三丁拐", "三丁拐"),
    2: ("二丁拐", "二丁拐"),
}


class Words(NamedTuple):
    """One phrase in Chinese and in English."""

    zh: str
    en: str

    def pick(self, language: str) -> str:
        """The phrase in `language` ("zh" or "en")."""
        return self.zh if language == "zh" else self.en


@dataclass(frozen=True, slots=True)
class TableWords:
    """The words for the other seats and for all the seats at one table size."""

    players: int
    name: Words  # the table's name: 三丁拐, 二丁拐 (四人 / four players at four)
    count: Words  # the players: 四 / four, 三 / three, 两 / two
    others_count: Words  # the other seats: 三 / three, 两 / two, 一 / one
    others: Words  # 其他三家 / the other three; 其他两家 / the other two; 对家 / the other player
    others_short: Words  # 三家 / the other three; 两家 / the other two; 对家 / the other player (包三家)
    each_other: Words  # 其他三家各 / each of the other three; 对家 / the other player ("付" follows in Chinese)
    each_pays: Words  # 其他三家各付 / each of the other three pays; 对家付 / the other player pays
    from_each: Words  # 其他三家各付 / from each of the other three; 对家付 / from the other player
    every: Words  # 四家 / all four; 三家 / all three; 两家 / both


def count_words(n: int) -> Words:
    """`n` (one to four) as a word: 两 / two for 2 (两家, 两人)."""
    return Words(_COUNT_ZH[n], _COUNT_EN[n])


def table_words(players: int) -> TableWords:
    """The words for every other seat and every seat at a table of `players` (docs/rules.md §15, §15.4)."""
    n, k = count_words(players), count_words(players - 1)
    if players == 2:
        # The one other player sits across (docs/rules.md §15.2): 对家.
        others = Words("对家", "the other player")
        short = others
        each = others
        every = Words("两家", "both")
    else:
        others = Words(f"其他{k.zh}家", f"the other {k.en}")
        short = Words(f"{k.zh}家", others.en)
        each = Words(f"其他{k.zh}家各", f"each of the other {k.en}")
        every = Words(f"{n.zh}家", f"all {n.en}")
    return TableWords(
        players=players,
        name=Words(*_TABLE_NAMES[players]),
        count=n,
        others_count=k,
        others=others,
        others_short=short,
        each_other=each,
        each_pays=Words(f"{each.zh}付", f"{each.en} pays"),
        from_each=Words(f"{each.zh}付", f"from {each.en}"),
        every=every,
    )
