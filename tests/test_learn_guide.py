"""The guide's pages: every number is the ruleset's, every example hand is what game.hand says it is."""

from __future__ import annotations

import re

import pytest

from game.learn.guide import CONSTANTS, example_pattern, guide_pages, resolve, row_wait, template_digits
from game.ruleset_loader import builtin_ruleset_names, load_ruleset
from game.tiles import COPIES, NUM_TILES

RULESETS = builtin_ruleset_names()


def test_six_rulesets_ship() -> None:
    """RULES.md §11: the guide is checked under each shipped ruleset."""
    assert len(RULESETS) >= 6


@pytest.mark.parametrize("name", RULESETS)
def test_every_number_on_every_page_is_the_rulesets(name: str) -> None:
    """RULES.md §11: each number a page shows equals the ruleset value (or the game constant) it names."""
    rules = load_ruleset(name)
    for page in guide_pages(rules):
        for fact in page.facts:
            assert resolve(fact.path, rules) == fact.value, (page.key, fact.path)
        shown = {str(f.value) for f in page.facts}
        for text in [*page.paragraphs, *(r.caption for r in page.rows), *(e.caption for e in page.examples)]:
            for lang in ("zh", "en"):
                body = re.sub(r"[1-9]+[mps]", "", text.pick(lang))  # tile notation is no number
                for number in re.findall(r"\d+", body):
                    assert number in shown, (name, page.key, lang, number, text.pick(lang))


def test_numbers_change_with_the_ruleset() -> None:
    """RULES.md §11: 七对 is 8 in guiyang-classic and 10 in guiyang-modern, and the page says so."""
    classic = {p.key: p for p in guide_pages(load_ruleset("guiyang-classic"))}["patterns"]
    modern = {p.key: p for p in guide_pages(load_ruleset("guiyang-modern"))}["patterns"]
    assert "七对 8" in classic.paragraphs[1].zh and "七对 10" in modern.paragraphs[1].zh
    assert "seven pairs 8" in classic.paragraphs[1].en


def test_no_number_is_written_into_a_template() -> None:
    """Numbers are read from the ruleset or game.tiles, never written twice."""
    assert template_digits() == []


def test_constants_are_the_games() -> None:
    """RULES.md §1: 108 tiles, four copies."""
    assert CONSTANTS["tiles"] == NUM_TILES == 108
    assert CONSTANTS["copies"] == COPIES


@pytest.mark.parametrize("name", RULESETS)
def test_example_hands_are_what_the_engine_says(name: str) -> None:
    """RULES.md §5: a page's "this hand is 大对子, 5 番" is the engine's best pattern and value under the ruleset."""
    rules = load_ruleset(name)
    examples = [e for p in guide_pages(rules) for e in p.examples]
    assert examples
    for ex in examples:
        assert example_pattern(ex, rules) == (ex.pattern, ex.value)
        assert str(ex.value) in ex.caption.zh and str(ex.value) in ex.caption.en


def test_classic_dadui_example() -> None:
    """RULES.md §5, A二(二)4-1: the all-pungs example is 大对子, 5 番 under guiyang-classic."""
    rules = load_ruleset("guiyang-classic")
    pages = {p.key: p for p in guide_pages(rules)}
    ex = next(e for e in pages["patterns"].examples if e.pattern == "dadui")
    assert example_pattern(ex, rules) == ("dadui", 5)
    assert ex.caption.zh == "这手牌是大对子，5番"


def test_pages_cover_the_topics() -> None:
    """The guide covers tiles, the deal, a turn, the pass, patterns, chickens, 报听, the draw and the dealer."""
    keys = [p.key for p in guide_pages(load_ruleset("guiyang-classic"))]
    for key in ("tiles", "deal", "turn", "pass", "patterns", "chickens", "ready", "draw", "dealer"):
        assert key in keys


def test_modern_chicken_page_names_its_kinds() -> None:
    """RULES.md §8 (G): 乌骨鸡, 冲锋鸡, 责任鸡, 包鸡 show only where the ruleset has them."""
    modern = {p.key: p for p in guide_pages(load_ruleset("guiyang-modern"))}["chickens"]
    classic = {p.key: p for p in guide_pages(load_ruleset("guiyang-classic"))}["chickens"]
    text_m = " ".join(t.zh for t in modern.paragraphs)
    text_c = " ".join(t.zh for t in classic.paragraphs)
    for word in ("乌骨鸡", "冲锋鸡", "责任鸡", "包鸡"):
        assert word in text_m and word not in text_c


@pytest.mark.parametrize("name", RULESETS)
def test_ready_rows_wait_on_what_they_say(name: str) -> None:
    """RULES.md §9, §12.7 查叫: a page's ready hand is paid its best wait, as game.hand finds it."""
    rules = load_ruleset(name)
    rows = [r for p in guide_pages(rules) for r in p.rows if r.wait_pattern is not None]
    assert rows or rules.pattern_values().get("dadui") is None
    for row in rows:
        found = row_wait(row, rules)
        assert found is not None and found == (row.wait_pattern, rules.pattern_values()[row.wait_pattern or ""])
        assert str(found[1]) in row.caption.zh
