"""The values of docs/rules.md §14 in the ruleset schema: `rules show` names them in both languages, `rules check`
refuses values that contradict each other, and the six rulesets of §11 leave them off."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.core.ruleset import BonusRules, ChickenRules, KongRules
from game.rules.labels import FIELD_LABELS, VALUE_LABELS, format_ruleset, ruleset_lines
from game.rules.loader import RULESETS_DIR, check_ruleset_file, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
DAOPEI_TEXT = (RULESETS_DIR / "guiyang-daopei.yaml").read_text(encoding="utf-8")
SIX = ["guiyang-classic", "guiyang-pass", "zhuoji-x10", "yiwushi", "guiyang-modern", "guiyang-app"]

NEW_FIELDS = [
    "play.ready_own_four",
    "bonuses.first_turn",
    "bonuses.first_turn_self_draw_only",
    "bonuses.declared_win_value_dealer",
    "bonuses.rob_kong_multiplier",
    "bonuses.follow_dealer",
    "kongs.not_ready",
    "chickens.charge_single",
    "chickens.charge_claimed",
    "chickens.charge_not_ready",
    "chickens.liability_every",
    "chickens.liability_not_ready_only",
    "chickens.not_ready_discards",
]


@pytest.mark.parametrize("name", SIX)
def test_the_six_rulesets_leave_every_section_14_value_off(name: str) -> None:
    """docs/rules.md §14 values are off in the six rulesets of §11, so their results stay as they were."""
    r = load_ruleset(name)
    assert r.play.ready_own_four is False
    b = r.bonuses
    assert (b.first_turn, b.first_turn_self_draw_only, b.declared_win_value_dealer) == ("add", False, None)
    assert (b.rob_kong_multiplier, b.follow_dealer) == (0, 0) and b.hot != "multiply"
    assert r.kongs.not_ready == "void" and r.chickens.payers != "not_ready"
    c = r.chickens
    assert (c.charge_single, c.charge_claimed, c.charge_not_ready) == (False, "liability", 0)
    assert (c.liability_every, c.liability_not_ready_only, c.not_ready_discards) == (False, False, False)
    assert r.patterns["dadiaoche"] is None


def test_rules_show_names_every_section_14_value_in_both_languages() -> None:
    """`rules show guiyang-daopei` prints each §14 value with a Chinese and an English label."""
    lines = {path: (zh, en, value) for path, zh, en, value in ruleset_lines(load_ruleset("guiyang-daopei"))}
    for path in NEW_FIELDS:
        zh, en, _value = lines[path]
        assert FIELD_LABELS[path] == (zh, en) and zh != en
    assert lines["patterns.dadiaoche"][:2] == ("大吊车", "big crane (four melds, single wait)")
    text = format_ruleset(load_ruleset("guiyang-daopei"))
    for needle in (
        "开局跟 / dealer followed by all three pays each",
        "天胡地胡计法 / heavenly/earthly: add or replace",
    ):
        assert needle in text
    out = subprocess.run(
        [sys.executable, "main.py", "rules", "show", "guiyang-daopei"], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0 and "未听牌者的豆 / kongs of a seat not ready" in out.stdout and "pay_back" in out.stdout
    # The choice words of the new values have both languages too, for screens that show words.
    for word in ("replace", "multiply", "pay_back", "not_ready", "passes", "void", "liability"):
        assert word in VALUE_LABELS


@pytest.mark.parametrize(
    ("old", "new", "path", "message"),
    [
        ("  hot_value: 2 ", "  hot_value: 1 ", "bonuses.hot_value", "with hot: multiply this is the multiple"),
        ("  rob_kong_multiplier: 4 ", "  rob_kong_multiplier: 1 ", "bonuses.rob_kong_multiplier", "1 adds nothing"),
        (
            "  rob_kong_pays_all: false",
            "  rob_kong_pays_all: true ",
            "bonuses.rob_kong_multiplier",
            "pays the multiple alone",
        ),
        (
            "  paid_to: ready_or_won ",
            "  paid_to: every_seat   ",
            "kongs.not_ready",
            "pay_back needs paid_to: ready_or_won",
        ),
        ("  collectors: ready_or_won ", "  collectors: every_seat   ", "chickens.payers", "not_ready needs collectors"),
        ("  charge: multiplier ", '  charge: "off"      ', "chickens.charge_single", "冲锋鸡 is off"),
        ("  liability: {1s: 1} ", "  liability: {}      ", "chickens.liability_every", "no 责任鸡 values"),
        ("  first_turn: replace ", "  first_turn: instead ", "bonuses.first_turn", "expected one of add, replace"),
        ("  not_ready: pay_back ", "  not_ready: payback  ", "kongs.not_ready", "expected one of void, pay_back"),
        (
            "  payers: not_ready ",
            "  payers: unready   ",
            "chickens.payers",
            "expected one of others, holding_none, not_ready",
        ),
        ("  follow_dealer: 4 ", "  follow_dealer: -4 ", "bonuses.follow_dealer", "expected a number from 0 to 10000"),
        (
            "  declared_win_value_dealer: 17 ",
            "  declared_win_value_dealer: x  ",
            "bonuses.declared_win_value_dealer",
            "expected an integer",
        ),
    ],
)
def test_rules_check_names_bad_section_14_values(tmp_path: Path, old: str, new: str, path: str, message: str) -> None:
    """`rules check` reports a bad §14 value as file:line:col: path: message."""
    assert old in DAOPEI_TEXT, old
    bad = tmp_path / "bad.yaml"
    bad.write_text(DAOPEI_TEXT.replace(old, new, 1), encoding="utf-8")
    errors = check_ruleset_file(bad)
    assert any(f": {path}: " in e and message in e for e in errors), errors
    assert all(e.startswith(f"{bad}:") for e in errors)


def test_every_section_14_value_may_be_left_out() -> None:
    """A ruleset written before §14 loads with every §14 value off (their defaults)."""
    assert BonusRules.__dataclass_fields__["follow_dealer"].default == 0
    assert KongRules.__dataclass_fields__["not_ready"].default == "void"
    assert ChickenRules.__dataclass_fields__["charge_claimed"].default == "liability"
    assert check_ruleset_file(RULESETS_DIR / "guiyang-classic.yaml") == []
