"""Wrapped text breaks only between tokens: never inside a tile notation ("11s"), a number ("10") or a
number and its unit ("10番"), and never before closing punctuation; on every guide page, both languages."""

from __future__ import annotations

import re

import pytest

from game.learn.guide import guide_pages
from game.rules.loader import load_ruleset
from tests.ui_host import headless_display
from ui.kit.paragraphs import wrap_text
from ui.look import text as T

WIDTHS = (150, 220, 310, 420, 560)
SIZES = (14, 20, 27)
ALNUM = re.compile(r"[0-9A-Za-z]")


@pytest.fixture(autouse=True)
def fonts() -> None:
    headless_display((320, 200))


def guide_texts(name: str, lang: str) -> list[str]:
    texts: list[str] = []
    for page in guide_pages(load_ruleset(name)):
        texts += [p.pick(lang) for p in page.paragraphs]
        texts += [r.caption.pick(lang) for r in page.rows] + [e.caption.pick(lang) for e in page.examples]
    return texts


def bad_breaks(text: str, lines: list[str]) -> list[str]:
    """The line breaks in `lines` that fall inside a token, judged by the characters either side in `text`."""
    bad = []
    pos = 0
    for line in lines[:-1]:
        end = text.index(line, pos) + len(line)
        pos = end
        before, after = text[end - 1], text[end] if end < len(text) else " "
        inside_word = ALNUM.match(before) and ALNUM.match(after)
        unit_cut = before.isdigit() and text[end : end + 2].strip()[:1] in tuple(T.UNITS)
        punct_first = after in T.NO_LINE_START
        if inside_word or unit_cut or punct_first:
            bad.append(f"{text[end - 6 : end]!r} / {text[end : end + 6]!r}")
    return bad


def test_every_guide_page_breaks_chinese_only_between_tokens() -> None:
    for name in ("guiyang-classic", "guiyang-modern"):
        for text in guide_texts(name, "zh"):
            for size in SIZES:
                for width in WIDTHS:
                    lines = wrap_text(text, size, width)
                    assert "".join(lines).replace(" ", "") == text.replace(" ", ""), (text, lines)
                    assert bad_breaks(text, lines) == [], (name, size, width, text)


def test_every_guide_page_breaks_english_only_between_words() -> None:
    for name in ("guiyang-classic", "guiyang-modern"):
        for text in guide_texts(name, "en"):
            for size in SIZES:
                for width in WIDTHS:
                    lines = wrap_text(text, size, width)
                    assert " ".join(lines).split() == text.split(), (name, size, width, lines)


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("顺子如 123m，刻子如 555p，对子如 11s。", "11s。"),
        ("七对 8 番、龙七对 10 番、清一色 10 番。", "10"),
        ("龙七对10番，清七对20番。", "10番，"),
        ("一共108张牌（1s 是幺鸡）。", "（1s"),
    ],
)
def test_a_token_is_never_cut_at_any_width(text: str, whole: str) -> None:
    for width in range(40, 400, 7):
        lines = wrap_text(text, 20, width)
        assert any(whole in line for line in lines), (width, lines)
        assert bad_breaks(text, lines) == [], (width, lines)


def test_tokens_keep_numbers_units_and_punctuation_together() -> None:
    assert T.tokens("对子如 11s。") == ["对", "子", "如", " ", "11s。"]
    assert T.tokens("龙七对 10番，+10分") == ["龙", "七", "对", " ", "10番，", "+10分"]
    assert T.tokens("（1s）") == ["（1s）"]


def test_a_token_wider_than_the_line_gets_a_line_of_its_own() -> None:
    lines = wrap_text("牌123456789m牌", 20, 30)
    assert "123456789m" in lines
