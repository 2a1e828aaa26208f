"""The words for "every other seat" and "every seat" follow the table's size (docs/rules.md §15, §15.4)."""

from __future__ import annotations

from game.core.table_words import count_words, table_words


def test_four_players_count_the_other_three() -> None:
    """docs/rules.md §7: at four a self-drawn win is paid by each of the other three; all four are every seat."""
    w = table_words(4)
    assert w.others == ("其他三家", "the other three")
    assert w.each_pays == ("其他三家各付", "each of the other three pays")
    assert w.from_each == ("其他三家各付", "from each of the other three")
    assert w.every == ("四家", "all four")
    assert w.others_short == ("三家", "the other three")


def test_three_players_count_the_other_two() -> None:
    """docs/rules.md §15.4: at three every other seat is two seats (三丁拐)."""
    w = table_words(3)
    assert w.others == ("其他两家", "the other two")
    assert w.each_pays == ("其他两家各付", "each of the other two pays")
    assert w.from_each.en == "from each of the other two"
    assert w.every == ("三家", "all three")
    assert w.name.zh == "三丁拐"


def test_two_players_name_the_one_across() -> None:
    """docs/rules.md §15.2, §15.4: at two the other player sits across (对家) and pays alone (二丁拐)."""
    w = table_words(2)
    assert w.others == ("对家", "the other player")
    assert w.each_pays == ("对家付", "the other player pays")
    assert w.from_each.en == "from the other player"
    assert w.every == ("两家", "both")
    assert w.others_short == ("对家", "the other player")
    assert w.name.zh == "二丁拐"


def test_counts_as_words() -> None:
    """docs/rules.md §15: 两 before a measure word, as spoken; pick chooses the language."""
    assert count_words(2) == ("两", "two")
    assert count_words(4).pick("en") == "four" and count_words(3).pick("zh") == "三"
