"""The guide's pages: every number is the ruleset's, every example hand is what game.core.hand says it is."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from game.core.ruleset import Ruleset
from game.core.tiles import COPIES, NUM_TILES
from game.learn.guide import CONSTANTS, Page, example_pattern, guide_pages, resolve, row_wait, template_digits
from game.rules.loader import builtin_ruleset_names, load_ruleset

RULESETS = builtin_ruleset_names()


def test_seven_rulesets_ship() -> None:
    """docs/rules.md §11, §14: the guide is checked under each shipped ruleset, guiyang-daopei among them."""
    assert len(RULESETS) >= 7
    assert "guiyang-daopei" in RULESETS


@pytest.mark.parametrize("name", RULESETS)
def test_every_number_on_every_page_is_the_rulesets(name: str) -> None:
    """docs/rules.md §11: each number a page shows equals the ruleset value (or the game constant) it names."""
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
    """docs/rules.md §11: 七对 is 8 in guiyang-classic and 10 in guiyang-modern, and the page says so."""
    classic = {p.key: p for p in guide_pages(load_ruleset("guiyang-classic"))}["patterns"]
    modern = {p.key: p for p in guide_pages(load_ruleset("guiyang-modern"))}["patterns"]
    assert "七对 8" in classic.paragraphs[1].zh and "七对 10" in modern.paragraphs[1].zh
    assert "seven pairs 8" in classic.paragraphs[1].en


def test_no_number_is_written_into_a_template() -> None:
    """Numbers are read from the ruleset or game.core.tiles, never written twice."""
    assert template_digits() == []


def test_constants_are_the_games() -> None:
    """docs/rules.md §1: 108 tiles, four copies."""
    assert CONSTANTS["tiles"] == NUM_TILES == 108
    assert CONSTANTS["copies"] == COPIES


@pytest.mark.parametrize("name", RULESETS)
def test_example_hands_are_what_the_engine_says(name: str) -> None:
    """docs/rules.md §5: a page's "this hand is 大对子, 5 番" is the engine's best pattern and value under the
    ruleset."""
    rules = load_ruleset(name)
    examples = [e for p in guide_pages(rules) for e in p.examples]
    assert examples
    for ex in examples:
        assert example_pattern(ex, rules) == (ex.pattern, ex.value)
        assert str(ex.value) in ex.caption.zh and str(ex.value) in ex.caption.en


def test_classic_dadui_example() -> None:
    """docs/rules.md §5, A二(二)4-1: the all-pungs example is 大对子, 5 番 under guiyang-classic."""
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
    """docs/rules.md §8 (G): 乌骨鸡, 冲锋鸡, 责任鸡, 包鸡 show only where the ruleset has them."""
    modern = {p.key: p for p in guide_pages(load_ruleset("guiyang-modern"))}["chickens"]
    classic = {p.key: p for p in guide_pages(load_ruleset("guiyang-classic"))}["chickens"]
    text_m = " ".join(t.zh for t in modern.paragraphs)
    text_c = " ".join(t.zh for t in classic.paragraphs)
    for word in ("乌骨鸡", "冲锋鸡", "责任鸡", "包鸡"):
        assert word in text_m and word not in text_c


@pytest.mark.parametrize("name", RULESETS)
def test_ready_rows_wait_on_what_they_say(name: str) -> None:
    """docs/rules.md §9, §12.7 查叫: a page's ready hand is paid its best wait, as game.core.hand finds it."""
    rules = load_ruleset(name)
    rows = [r for p in guide_pages(rules) for r in p.rows if r.wait_pattern is not None]
    assert rows or rules.pattern_values().get("dadui") is None
    for row in rows:
        found = row_wait(row, rules)
        assert found is not None and found == (row.wait_pattern, rules.pattern_values()[row.wait_pattern or ""])
        assert str(found[1]) in row.caption.zh


# docs/rules.md §14: each rule, the page that tells it, whether a ruleset has it on, and the words used (zh, en).
_SECTION_14: tuple[tuple[str, Callable[[Ruleset], bool], str, str], ...] = (
    ("patterns", lambda r: r.pattern_values().get("dadiaoche") is not None, "大吊车", "big crane"),
    ("patterns", lambda r: r.bonuses.first_turn == "replace", "取代牌型", "replace the pattern value"),
    ("ready", lambda r: r.bonuses.declared_win_value_dealer is not None, "天听", "天听"),
    ("payments", lambda r: r.bonuses.rob_kong_multiplier > 0, "被抢的人一家付牌型", "robbed seat alone pays"),
    ("payments", lambda r: r.bonuses.hot == "multiply", "一家付牌型", "times the pattern"),
    ("payments", lambda r: r.bonuses.follow_dealer > 0, "开局跟", "开局跟"),
    ("turn", lambda r: r.kongs.not_ready == "pay_back", "倒赔", "pays the same amounts back"),
    ("chickens", lambda r: r.chickens.payers == "not_ready", "只由没叫牌的人付", "not ready only"),
    ("chickens", lambda r: r.chickens.not_ready_discards, "没叫牌的人打出去的常鸡", "discarded fixed chickens"),
    ("chickens", lambda r: r.chickens.charge_single, "每局只有一只", "one a hand"),
    ("chickens", lambda r: r.chickens.charge_claimed != "liability", "归碰杠的人", "passes to that seat"),
    ("chickens", lambda r: r.chickens.charge_stacks, "另加在这张鸡本身的分上", "on top of the tile's own worth"),
    ("chickens", lambda r: r.chickens.charge_payers == "others", "胡牌的人和叫牌的人也付", "the winner and ready"),
    ("chickens", lambda r: r.chickens.charge_not_ready > 0, "打出冲锋鸡的人没叫牌", "not ready pays each"),
    ("chickens", lambda r: r.chickens.liability_every, "不只第一张", "not only the first"),
    ("chickens", lambda r: r.chickens.liability_not_ready_only, "只在打的人没叫牌时", "discarder is not ready"),
    ("draw", lambda r: r.play.ready_own_four, "四张都在自己手里", "all four copies"),
)


def _page_text(page: Page, language: str) -> str:
    texts = [*page.paragraphs, *(r.caption for r in page.rows), *(e.caption for e in page.examples)]
    return " ".join(t.pick(language) for t in texts)


@pytest.mark.parametrize("name", RULESETS)
def test_section_14_rules_are_told_where_on(name: str) -> None:
    """docs/rules.md §14: the pages explain each 倒赔-table rule the ruleset has on, and say nothing of those it has
    off."""
    rules = load_ruleset(name)
    pages = {p.key: p for p in guide_pages(rules)}
    for key, on, zh, en in _SECTION_14:
        said_zh = zh in _page_text(pages[key], "zh")
        said_en = en in _page_text(pages[key], "en")
        assert said_zh == said_en == on(rules), (name, key, zh, en)


def test_daopei_has_every_section_14_rule() -> None:
    """docs/rules.md §14: guiyang-daopei has each rule on, so its pages tell all of them; the six others none."""
    daopei = load_ruleset("guiyang-daopei")
    assert all(on(daopei) for _key, on, _zh, _en in _SECTION_14)
    for name in RULESETS:
        if name != "guiyang-daopei":
            rules = load_ruleset(name)
            assert not any(on(rules) for _key, on, _zh, _en in _SECTION_14), name


def test_daopei_pages_show_its_numbers() -> None:
    """docs/rules.md §14: 大吊车 17, 天胡 33 / 地胡 23, 报听 17 / 天听 34, 抢杠 ×4, 热炮 ×2, 开局跟 4: the ruleset
    values."""
    rules = load_ruleset("guiyang-daopei")
    pages = {p.key: p for p in guide_pages(rules)}
    b = rules.bonuses
    assert f"大吊车 {rules.patterns['dadiaoche']}" in _page_text(pages["patterns"], "zh")
    assert f"天胡（庄家起手就胡）{b.heavenly}番" in _page_text(pages["patterns"], "zh")
    assert f"地胡（闲家第一次摸牌就胡）{b.earthly}番" in _page_text(pages["patterns"], "zh")
    assert f"庄家报听{b.declared_win_value_dealer}番" in _page_text(pages["ready"], "zh")
    assert f"（天听）{b.declared_win_value}番" in _page_text(pages["ready"], "zh")
    assert f"{b.rob_kong_multiplier} times the pattern" in _page_text(pages["payments"], "en")
    assert f"{b.hot_value} times the pattern" in _page_text(pages["payments"], "en")
    assert f"庄家付每家{b.follow_dealer}番" in _page_text(pages["payments"], "zh")
    assert any(e.pattern == "dadiaoche" for e in pages["patterns"].examples)
