"""地龙七 (docs/rules.md §13: "5个对子 + 1碰", one exposed pung and five pairs, won on the pung's fourth tile; 20 in
that table; 清地龙 in one suit): off in the six shipped rulesets, on with a value in a player's ruleset."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.hints import hint
from game.cli.analyze import analyse
from game.core.hand import matching_patterns, seat_ready, waits
from game.core.melds import Meld
from game.core.ruleset import FrozenMapping
from game.core.tiles import parse_tile, parse_tiles, to_counts
from game.handfile import HandFileError
from game.match.simulate import simulate
from game.rules.labels import format_ruleset
from game.rules.loader import RULESETS_DIR, builtin_ruleset_names, load_ruleset
from tests.ai_rig import turn_position
from tests.settlement_rig import Deal, S, from_each, items, rows

ROOT = Path(__file__).resolve().parent.parent
PUNG_5M = Meld(parse_tile("5m"), None, 2)


def _with_dilongqi(name: str = "guiyang-classic", value: int = 20, flush: int = 30):
    from dataclasses import replace

    rules = load_ruleset(name)
    return replace(rules, patterns=FrozenMapping({**rules.patterns, "dilongqi": value, "qingdilong": flush}))


def test_pattern_is_five_pairs_and_a_pung_won_on_its_fourth_tile() -> None:
    """docs/rules.md §13 地龙七: the pung of 5m out, 11p 44p 77p 22s 99s in hand, won on the fourth 5m."""
    counts = to_counts(parse_tiles("11p44p77p22s99s5m"))
    assert matching_patterns(counts, [PUNG_5M], parse_tile("5m")) == {"dilongqi"}
    # Won on another tile, the same fourteen tiles are no 地龙七 (and no other winning hand).
    assert matching_patterns(counts, [PUNG_5M], parse_tile("9s")) == frozenset()
    # A pair of 4s counts twice over as two pairs, as in 七对 (docs/rules.md §5).
    counts = to_counts(parse_tiles("1111p44p22s99s5m"))
    assert "dilongqi" in matching_patterns(counts, [PUNG_5M], parse_tile("5m"))


def test_flush_is_qingdilong() -> None:
    """docs/rules.md §13 清地龙: 地龙七 all in one suit."""
    counts = to_counts(parse_tiles("11m22m33m77m99m5m"))
    assert matching_patterns(counts, [PUNG_5M], parse_tile("5m")) == {"dilongqi", "qingdilong", "qingyise"}


def test_waits_and_readiness_only_where_a_ruleset_scores_it() -> None:
    """docs/rules.md §13: the five pairs wait on the pung's fourth tile once a ruleset switches 地龙七 on."""
    counts = to_counts(parse_tiles("11p44p77p22s99s"))
    assert waits(counts, [PUNG_5M]) == []
    assert waits(counts, [PUNG_5M], dilongqi=True) == [parse_tile("5m")]
    assert not seat_ready(counts, [PUNG_5M], load_ruleset("guiyang-classic"))
    assert seat_ready(counts, [PUNG_5M], _with_dilongqi())
    # A kong is not a pung: no 地龙七 wait.
    from game.core.melds import KongKind

    assert waits(counts, [Meld(parse_tile("5m"), KongKind.EXPOSED, 2)], dilongqi=True) == []


FOUR_PLAYERS = [n for n in builtin_ruleset_names() if load_ruleset(n).players == 4]
SMALL_TABLES = [n for n in builtin_ruleset_names() if load_ruleset(n).players < 4]


@pytest.mark.parametrize("name", FOUR_PLAYERS)
def test_shipped_rulesets_keep_it_off(name: str) -> None:
    """docs/rules.md §13: the six shipped rulesets (and the seventh) do not score 地龙七; the hand is refused."""
    rules = load_ruleset(name)
    assert rules.patterns["dilongqi"] is None and rules.patterns["qingdilong"] is None
    deal = Deal(
        name, {1: S("11p 44p 77p 22s 99s 5m", melds=("pung 5m from 2",))}, win="{by: [1], tile: 5m, from: self}"
    )
    with pytest.raises(HandFileError):
        deal.result()


@pytest.mark.parametrize("name", SMALL_TABLES)
def test_small_tables_score_it(name: str) -> None:
    """docs/rules.md §15.6 (LQ): the small tables' list scores 地龙七 10 and 清地龙 30."""
    rules = load_ruleset(name)
    assert (rules.patterns["dilongqi"], rules.patterns["qingdilong"]) == (10, 30)


def test_settles_at_its_value_when_on() -> None:
    """docs/rules.md §13: 地龙七 20 from each seat on a self-draw, and off a discard with no pass (it is no 平胡)."""
    rules = _with_dilongqi()
    winner = S("11p 44p 77p 22s 99s 5m", melds=("pung 5m from 2",))
    led = Deal(rules, {1: winner}, win="{by: [1], tile: 5m, from: self}").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 20))
    led = Deal(rules, {1: winner}, win="{by: [1], tile: 5m, from: 3}").ledger()
    assert items(led) == rows((3, 1, "win.pattern", 20))
    flush = S("11m 22m 33m 77m 99m 5m", melds=("pung 5m from 2",))
    led = Deal(rules, {1: flush}, win="{by: [1], tile: 5m, from: self}").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 30))


def test_analyze_finds_it_when_on() -> None:
    """docs/rules.md §13: `analyze` reads the five pairs as waiting on the pung's tile, and the complete hand as
    地龙七."""
    on = dict(_with_dilongqi().pattern_values())
    off = dict(load_ruleset("guiyang-classic").pattern_values())
    waiting = analyse("11p44p77p22s99s", "555m", on)
    assert waiting["waits"] == ["5m"] and waiting["wait_pattern"] == "dilongqi" and waiting["wait_value"] == 20
    assert analyse("11p44p77p22s99s", "555m", off)["waits"] == []
    done = analyse("11p44p77p22s99s5m", "555m", on)
    assert done["complete"] and done["pattern"] == "dilongqi" and done["value"] == 20
    assert not analyse("11p44p77p22s99s5m", "555m", off)["complete"]


def test_hints_show_the_wait_when_on() -> None:
    """docs/rules.md §13: the hint's discard table shows the 地龙七 wait after dropping the odd tile."""
    rules = _with_dilongqi()
    obs = turn_position("guiyang-classic", "11p44p77p22s99s9m", melds=[[PUNG_5M], [], [], []])
    row = next(d for d in hint(obs, rules).discards if d.tile == parse_tile("9m"))
    assert row.shanten == 0 and [(w.tile, w.pattern, w.fan) for w in row.waits] == [(parse_tile("5m"), "dilongqi", 20)]
    plain = next(d for d in hint(obs, load_ruleset("guiyang-classic")).discards if d.tile == parse_tile("9m"))
    assert not plain.waits


def test_rules_show_lists_it(tmp_path: Path) -> None:
    """`rules show` lists 地龙七 with its value where it is on, and as off (-) in the shipped rulesets."""
    assert any(
        line.startswith("地龙七") and line.rstrip().endswith(" 20")
        for line in format_ruleset(_with_dilongqi()).splitlines()
    )
    shipped = format_ruleset(load_ruleset("guiyang-classic")).splitlines()
    assert any(line.startswith("地龙七") and line.rstrip().endswith(" -") for line in shipped)
    text = (RULESETS_DIR / "guiyang-classic.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "my-table.yaml"
    mine.write_text(text.replace("dilongqi: null", "dilongqi: 20"), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "main.py", "rules", "show", str(mine)], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0 and "地龙七 / earth dragon seven (pung and five pairs)" in out.stdout


def test_a_ruleset_file_may_leave_it_out() -> None:
    """A player's older ruleset file without the key loads, with 地龙七 off."""
    from game.rules.loader import parse_ruleset

    text = (RULESETS_DIR / "guiyang-classic.yaml").read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if "dilong" not in line)
    rules = parse_ruleset(text, "old.yaml", "old")
    assert rules.patterns["dilongqi"] is None and rules.patterns["qingdilong"] is None


def test_simulated_hands_with_it_on_keep_every_invariant() -> None:
    """Played with 地龙七 on, every hand accounts for its tiles, sums to zero and exports to the same ledger."""
    report = simulate(_with_dilongqi(), "dilongqi", 150, check_export=True)
    assert report.failures == []
