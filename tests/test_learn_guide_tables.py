"""The guide at tables of four, three and two: payers, tiles, walls, 定缺 and 金钩钓 from the ruleset's values
(docs/rules.md §15)."""

from __future__ import annotations

import re

import pytest

from game.core.hand import waits
from game.core.tiles import SUITS, format_tile, to_counts
from game.learn.guide import Page, guide_pages
from game.rules.loader import builtin_ruleset_names, load_ruleset

RULESETS = builtin_ruleset_names()
TABLES = ("guiyang-classic", "sandingguai", "erding-liangfang")


def _pages(name: str) -> dict[str, Page]:
    return {p.key: p for p in guide_pages(load_ruleset(name))}


def _text(page: Page, language: str) -> str:
    texts = [*page.paragraphs, *(r.caption for r in page.rows), *(e.caption for e in page.examples)]
    return " ".join(t.pick(language) for t in texts)


def _all_text(name: str, language: str) -> str:
    return " ".join(_text(p, language) for p in _pages(name).values())


@pytest.mark.parametrize(
    ("name", "zh", "en"),
    [
        ("guiyang-classic", "自摸：其他三家各付", "Self-drawn: each of the other three pays"),
        ("sandingguai", "自摸：其他两家各付", "Self-drawn: each of the other two pays"),
        ("erding-liangfang", "自摸：对家付", "Self-drawn: the other player pays"),
    ],
)
def test_payments_page_names_the_payers(name: str, zh: str, en: str) -> None:
    """docs/rules.md §15.4: a self-drawn win is paid by every other seat, three at four, two at three, one at two."""
    page = _pages(name)["payments"]
    assert zh in _text(page, "zh") and en in _text(page, "en")


@pytest.mark.parametrize(
    ("name", "zh", "en"),
    [
        ("guiyang-classic", "闷豆（自己摸齐四张）其他三家各付", "from each of the other three"),
        ("sandingguai", "闷豆（自己摸齐四张）其他两家各付", "from each of the other two"),
        ("erding-liangfang", "闷豆（自己摸齐四张）对家付", "from the other player"),
    ],
)
def test_kongs_and_chickens_name_the_payers(name: str, zh: str, en: str) -> None:
    """docs/rules.md §15.4: a concealed kong and a chicken are paid by every other seat at the table."""
    pages = _pages(name)
    assert zh in _text(pages["turn"], "zh") and en in _text(pages["turn"], "en")
    assert en in _text(pages["chickens"], "en")


@pytest.mark.parametrize("name", ["sandingguai", "erding-liangfang"])
def test_small_tables_never_count_four(name: str) -> None:
    """docs/rules.md §15: at three and two the guide says "every other seat", never "the other three" or "all four"."""
    zh, en = _all_text(name, "zh"), _all_text(name, "en")
    for word in ("其他三家", "三家各付", "四家", "包三家", "一炮三响"):
        assert word not in zh, (name, word)
    for word in ("other three", "all four", "all three others"):
        assert word not in en, (name, word)
    if load_ruleset(name).players == 2:
        assert "其他两家" not in zh and "other two" not in en and "一炮双响" not in zh


def test_dingque_page_only_for_sandingguai() -> None:
    """docs/rules.md §15.3: 定缺 is taught only where the ruleset plays it, sandingguai among the shipped ones, with
    its claim rule (dingque_blocks_pung)."""
    for name in RULESETS:
        rules = load_ruleset(name)
        pages = _pages(name)
        assert ("dingque" in pages) == rules.play.dingque, name
        assert ("定缺" in _all_text(name, "zh")) == rules.play.dingque, name
    page = _pages("sandingguai")["dingque"]
    zh, en = _text(page, "zh"), _text(page, "en")
    assert "不能胡" in zh and "不能报听" in zh and "查叫算没叫牌" in zh
    assert "不能碰，也不能杠" in zh and "may not pung or kong" in en
    ready = page.rows[-1]
    assert waits(to_counts(ready.tiles), []) and not any(t // 9 == 0 for t in ready.tiles)


@pytest.mark.parametrize("name", RULESETS)
def test_jingoudiao_shown_where_scored(name: str) -> None:
    """docs/rules.md §15.6: 金钩钓 and 清金钩 have a page and an example hand exactly where the ruleset scores them."""
    rules = load_ruleset(name)
    values = rules.pattern_values()
    pages = _pages(name)
    shown = {e.pattern for p in pages.values() for e in p.examples}
    for pid in ("jingoudiao", "qingjingou"):
        assert (pid in shown) == (pid in values), (name, pid)
    assert ("jingou" in pages) == ("jingoudiao" in values or "qingjingou" in values)


@pytest.mark.parametrize("name", RULESETS)
def test_every_tile_shown_is_in_play(name: str) -> None:
    """docs/rules.md §15.1: every tile row and example hand is drawn from the suits in play (no 万 at 72 tiles)."""
    rules = load_ruleset(name)
    for page in guide_pages(rules):
        tiles = [t for r in page.rows for t in r.tiles]
        tiles += [t for e in page.examples for t in (*e.concealed, *(m.tile for m in e.melds))]
        assert all(rules.in_play[t] for t in tiles), (name, page.key)


def test_tiles_page_counts_the_tiles_in_play() -> None:
    """docs/rules.md §15.1: 108 tiles in three suits, or 72 in 筒 and 条 with no 万."""
    four = _pages("guiyang-classic")["tiles"]
    two = _pages("erding-liangfang")["tiles"]
    assert four.paragraphs[0].zh.startswith("一副牌108张：万、筒、条3门")
    assert two.paragraphs[1].zh.startswith("一副牌72张：筒、条2门") and "没有万" in two.paragraphs[1].zh
    assert "72 tiles: 2 suits (dots 筒, bamboo 条)" in two.paragraphs[1].en
    assert [r.tiles[0] // 9 for r in two.rows] == [SUITS.index("p"), SUITS.index("s")]


@pytest.mark.parametrize(("name", "seats"), [("sandingguai", "东、南、西"), ("erding-liangfang", "东、西")])
def test_tiles_page_seats_the_small_table(name: str, seats: str) -> None:
    """docs/rules.md §15.2: at three the seats are 东南西, at two 东西; at four the page says nothing of it."""
    first = _pages(name)["tiles"].paragraphs[0]
    assert f"座位是{seats}" in first.zh and "players" in first.en
    assert "座位是" not in _text(_pages("guiyang-classic")["tiles"], "zh")


@pytest.mark.parametrize("name", TABLES)
def test_deal_page_builds_the_walls(name: str) -> None:
    """docs/rules.md §3, §15.2: four sides of 14, 13, 14, 13 at four; one wall of 18 stacks per player at three and
    two, and how the break's sum goes round the seats at the table."""
    rules = load_ruleset(name)
    zh = _text(_pages(name)["deal"], "zh")
    stacks = rules.table.wall_stacks
    if rules.players == 4:
        assert "四边各" + "、".join(str(s) for s in stacks) in zh
        assert "只数桌上" not in zh
    else:
        assert f"{len(stacks)}排各{stacks[0]}墩" in zh
        assert ("只数桌上的三家" in zh) == (rules.players == 3)
        assert ("单数，开庄家自己面前的牌墙" in zh) == (rules.players == 2)


@pytest.mark.parametrize("name", RULESETS)
def test_ready_row_waits_on_what_it_says(name: str) -> None:
    """docs/rules.md §5: the ready page's hand waits on exactly the tile its caption names."""
    rows = [r for r in _pages(name)["ready"].rows if "waiting on" in r.caption.en]
    assert rows or not load_ruleset(name).play.declare_ready
    for row in rows:
        found = waits(to_counts(row.tiles), [])
        named = re.search(r"waiting on (\d[mps])", row.caption.en)
        assert named is not None and [format_tile(t) for t in found] == [named.group(1)]
