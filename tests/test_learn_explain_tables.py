"""The settlement's explanations at tables of three and two name every other seat as the table has them
(docs/rules.md §15.4)."""

from __future__ import annotations

from functools import cache

import pytest

from game.core.result import HandResult, WinHow
from game.core.settlement import LedgerItem, settle
from game.core.tiles import parse_tile
from game.learn.explain import chicken_notes, explain_text, rule_sentence
from game.match.simulate import simulate
from game.rules.loader import load_ruleset

# (ruleset, the payers of a self-drawn win in Chinese and in English)
TABLES = (
    ("guiyang-modern", "其他三家各付", "each of the other three pays"),
    ("sandingguai", "其他两家各付", "each of the other two pays"),
    ("erding-liangfang", "对家付", "the other player pays"),
)


@cache
def _self_drawn(name: str) -> HandResult:
    """The first self-drawn win of a short simulated match under `name`."""
    results: list[HandResult] = []
    simulate(load_ruleset(name), "explain-tables", 40, on_hand=results.append)
    return next(r for r in results if r.win is not None and r.win.how is WinHow.SELF_DRAW)


@pytest.mark.parametrize(("name", "zh", "en"), TABLES)
def test_self_drawn_win_names_the_payers(name: str, zh: str, en: str) -> None:
    """docs/rules.md §15.4: a self-drawn win is paid by every other seat: two at three, one at two."""
    rules = load_ruleset(name)
    result = _self_drawn(name)
    ledger = settle(result, rules)
    zh_lines = explain_text(result, rules, ledger, "zh")
    en_lines = explain_text(result, rules, ledger, "en")
    assert any(f"自摸{zh}" in line for line in zh_lines)
    assert any(f"self-drawn, {en}" in line for line in en_lines)
    if rules.players < 4:
        assert not any("三家" in line or "other three" in line for line in zh_lines + en_lines)


def test_three_players_say_the_other_two() -> None:
    """docs/rules.md §15.4: at three, kongs and fixed chickens are paid by "其他两家" / "each of the other two"."""
    rules = load_ruleset("sandingguai")
    result = _self_drawn("sandingguai")
    kong = LedgerItem(1, 0, 2, 2, "kong.concealed", "闷豆", "concealed kong", (parse_tile("5p"),))
    said = rule_sentence(kong, result, rules)
    assert "其他两家各付2番" in said.zh and "each of the other two pays 2 fan" in said.en
    added = LedgerItem(1, 0, 3, 3, "kong.added", "转弯豆", "added kong", (parse_tile("5p"),))
    assert "其他两家各付3番" in rule_sentence(added, result, rules).zh
    chicken = LedgerItem(1, 0, 1, 1, "chicken.fixed", "幺鸡", "1s chicken", (parse_tile("1s"),))
    said = rule_sentence(chicken, result, rules)
    assert said.zh.endswith("其他两家各付。") and said.en.endswith("from each of the other two.")


def test_two_players_name_one_payer() -> None:
    """docs/rules.md §15.4: at two the one other player pays alone: "对家付", and a chicken "东付", never "各付"."""
    rules = load_ruleset("erding-liangfang")
    result = _self_drawn("erding-liangfang")
    ledger = settle(result, rules)
    kong = LedgerItem(1, 0, 2, 2, "kong.concealed", "闷豆", "concealed kong", (parse_tile("5p"),))
    assert "对家付2番" in rule_sentence(kong, result, rules).zh
    counted = [n for n in chicken_notes(result, rules, ledger) if n.counted]
    assert counted
    for note in counted:
        assert "各付" not in note.said.zh and "each of" not in note.said.en, note.said
