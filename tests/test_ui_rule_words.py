"""The rules screen's direction words agree with docs/rules.md §2 in both languages: play goes
counter-clockwise, so counting toward the 上家 (the previous seat) goes clockwise."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.engine.wall import count_seats
from game.rules.loader import load_ruleset
from ui.menu.rules_screen import rule_rows
from ui.words import strings as S

EAST, SOUTH, WEST, NORTH = 0, 1, 2, 3


@pytest.fixture
def language() -> Iterator[None]:
    before = S.language()
    yield
    S.set_language(before)


def direction_row(name: str, lang: str) -> str:
    S.set_language(lang)
    label = "数位方向" if lang == "zh" else "counting direction"
    values = [r.value for r in rule_rows(load_ruleset(name)) if r.label.lower() == label]
    assert len(values) == 1 and values[0] is not None
    return values[0]


def test_counting_toward_the_previous_seat_is_clockwise_in_both_languages(language: None) -> None:
    assert load_ruleset("guiyang-classic").table.count_direction == "previous"
    zh, en = direction_row("guiyang-classic", "zh"), direction_row("guiyang-classic", "en")
    assert "顺时针" in zh and "上家" in zh and "逆" not in zh
    assert en.startswith("clockwise") and "previous" in en


def test_counting_toward_the_next_seat_is_counter_clockwise_in_both_languages(language: None) -> None:
    assert load_ruleset("guiyang-modern").table.count_direction == "next"
    zh, en = direction_row("guiyang-modern", "zh"), direction_row("guiyang-modern", "en")
    assert "逆时针" in zh and "下家" in zh
    assert en.startswith("counter-clockwise") and "next" in en


def test_the_words_match_the_engine_count() -> None:
    """§2: play is East, South, West, North; "previous" from South reaches East, South's 上家."""
    assert count_seats(SOUTH, 2, "previous", 4) == EAST
    assert count_seats(SOUTH, 2, "next", 4) == WEST


@pytest.mark.parametrize(
    ("lang", "label", "word"), [("en", "patterns needing a pass", "plain hand"), ("zh", "需通行证的牌型", "平胡")]
)
def test_the_patterns_needing_a_pass_are_named_not_given_by_their_ids(
    language: None, lang: str, label: str, word: str
) -> None:
    """docs/rules.md §6 通行证: the rules screen names the patterns (平胡 / plain hand), in both languages."""
    S.set_language(lang)
    values = [r.value for r in rule_rows(load_ruleset("guiyang-classic")) if r.label.lower() == label]
    assert values == [word]
