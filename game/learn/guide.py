"""The guide (玩法): short illustrated pages whose every number is read from the ruleset being viewed.

Page text is written as templates: `{patterns.dadui}` is replaced by that ruleset value and recorded
as a `Fact`, so a test can check every number on every page against the ruleset (and that no number
is written into a template by hand). Example hands name the pattern they are; the engine's hand
analysis (game.core.hand) must agree, which the tests assert for every ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import ModuleType

from game.core.ruleset import Ruleset
from game.learn import guide_chickens, guide_play, guide_scoring, guide_tables
from game.learn.guide_chickens import chickens_page
from game.learn.guide_page import (
    CONSTANTS,
    Example,
    Fact,
    Page,
    PageWriter,
    Row,
    Text,
    example_pattern,
    resolve,
    row_wait,
)
from game.learn.guide_play import deal_page, pass_page, tiles_page, turn_page
from game.learn.guide_scoring import dealer_page, draw_page, patterns_page, payments_page, ready_page
from game.learn.guide_tables import dingque_page, jingou_page

__all__ = [
    "CONSTANTS",
    "PAGES",
    "Example",
    "Fact",
    "Page",
    "Row",
    "Text",
    "example_pattern",
    "guide_pages",
    "resolve",
    "row_wait",
    "template_digits",
]


PAGES: tuple[tuple[str, tuple[str, str], Callable[[PageWriter], None]], ...] = (
    ("tiles", ("牌和写法", "The tiles"), tiles_page),
    ("deal", ("骰子和抓牌", "Dice and the deal"), deal_page),
    ("dingque", ("定缺", "定缺: a suit to be rid of"), dingque_page),
    ("turn", ("一轮：摸、打、碰、杠", "A turn: draw, discard, pung, kong"), turn_page),
    ("pass", ("通行证（豆）", "The pass (豆)"), pass_page),
    ("patterns", ("牌型和番数", "Winning hands and their value"), patterns_page),
    ("jingou", ("金钩钓", "The golden hook (金钩钓)"), jingou_page),
    ("payments", ("谁付多少", "Who pays what"), payments_page),
    ("chickens", ("鸡", "Chickens"), chickens_page),
    ("ready", ("叫牌、报听、杀报", "Ready, 报听 and 杀报"), ready_page),
    ("draw", ("黄庄和查叫", "The draw and 查叫"), draw_page),
    ("dealer", ("庄家", "The dealer"), dealer_page),
)


def guide_pages(rules: Ruleset) -> list[Page]:
    """Every page of the guide the ruleset has, with numbers filled in from `rules` (a page of a rule the ruleset
    lacks, such as 定缺, writes nothing and is left out)."""
    out: list[Page] = []
    for key, (zh, en), build in PAGES:
        page = Page(key, Text(zh, en))
        build(PageWriter(rules, page))
        if page.paragraphs:
            out.append(page)
    return out


def template_digits() -> list[str]:
    """Digits written into the page templates by hand (outside `{fields}` and tile notation): should be none."""
    import inspect

    found: list[str] = []
    for build in _builders((guide_play, guide_scoring, guide_chickens, guide_tables)):
        for m in re.finditer(r"\"([^\"\n]*)\"", inspect.getsource(build)):
            text = m.group(1)
            while re.search(r"\{[^{}]*\}", text):
                text = re.sub(r"\{[^{}]*\}", "", text)
            text = re.sub(r"[1-9]+[mps]", "", text)
            if re.search(r"\d", text):
                found.append(m.group(1))
    return found


def _builders(modules: tuple[ModuleType, ...]) -> list[Callable[..., object]]:
    """Every function the page modules define, pages and their parts alike, in the order they are written."""
    import inspect

    out: list[Callable[..., object]] = []
    for module in modules:
        own = [f for _n, f in inspect.getmembers(module, inspect.isfunction) if f.__module__ == module.__name__]
        out.extend(sorted(own, key=lambda f: f.__code__.co_firstlineno))
    return out
