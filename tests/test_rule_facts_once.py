"""Each rule fact is written once, in the rules home (docs/rules.md §6, §7, §8, §12.1, §13; docs/design.md).

Which tiles are chickens, whether the pond counts, the 冲锋鸡 tiles, the 报听 bonus, winning off a discard
(the pass) and a kong's payment are functions of game/core/rulings.py and game/core/settlement/;
shanten is game/core/shanten.py's.
Everything else asks them, so no module outside those homes reads the ruleset switches they combine. The
check reads the source with the ast module: a read of one of those fields on a ruleset (`rules.chickens.fixed`,
`self.rules.play.pass_patterns`) or on a name bound to a ruleset's section (`ch = rules.chickens; ch.fixed`).
The ruleset's own definition, loader and labels, and the pages that show a value to the player, may read them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.core import rulings
from game.core.melds import KongKind
from game.core.settlement.chickens import chicken_tiles, pond_counts
from game.core.settlement.context import kong_payment
from game.core.tiles import YAOJI, parse_tile, parse_tiles, to_counts
from game.rules.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("game", "ui")

# The switches behind each fact, by ruleset section.
FACT_FIELDS: dict[str, frozenset[str]] = {
    # Which tiles are chickens (§8, §13), the pond (§8 内外鸡, §13 满堂鸡), the 冲锋鸡 tiles (§8, §12.9).
    "chickens": frozenset(
        {"fixed", "golden", "flip", "flip_value", "scope", "charge", "charge_values", "charge_single"}
    ),
    "optional": frozenset({"benji", "yaobai", "xingqi", "mantang"}),
    # The 报听 bonus (§12.1, §14).
    "bonuses": frozenset({"declared_win", "declared_win_value", "declared_win_value_dealer"}),
    # Winning off a discard: the pass (§6).
    "play": frozenset(
        {
            "pass_patterns",
            "pass_exempt_declared",
            "pass_exempt_hot",
            "pass_exempt_rob_kong",
            "pass_exempt_declared_discard",
            "late_kong_is_pass",
        }
    ),
    # A kong's payment (§7).
    "kongs": frozenset({"exposed", "concealed", "added", "late"}),
}
SECTION_TYPES = {
    "ChickenRules": "chickens",
    "OptionalRules": "optional",
    "BonusRules": "bonuses",
    "PlayRules": "play",
    "KongRules": "kongs",
}
RULESET_NAMES = frozenset({"rules", "ruleset", "shown_rules"})

# The homes of the facts, the ruleset's own files, and what shows a value to the player.
ALLOWED_PREFIXES = (
    "game/core/rulings.py",
    "game/core/settlement/",
    "game/core/shanten.py",
    "game/core/ruleset.py",  # the Ruleset model
    "game/rules/",  # the loader, the labels, references to rulesets, the player's own
    "game/learn/",  # the guide and the settlement's explanations say the values
)
ALLOWED_FILES: dict[str, str] = {
    # The engine records the first discarded chicken as it happens; settlement reads what it recorded.
    "game/core/kernel_state.py": "copies charge_single for the engine's record of the first chicken",
    # A hand file naming two first chickens under one 冲锋鸡 a hand is refused when it is read.
    "game/handfile/rules.py": "checks a hand file's first chickens against charge_single",
    # The calculator offers the weekday entry only where 星期鸡 is on.
    "ui/calculator/end_panel.py": "shows the weekday entry for 星期鸡",
}


def _is_ruleset(node: ast.expr) -> bool:
    """`rules`, `ruleset`, `self.rules`, `view.rules`, `calc.rules`, `self.t.rules`..."""
    if isinstance(node, ast.Name):
        return node.id in RULESET_NAMES
    return isinstance(node, ast.Attribute) and node.attr in RULESET_NAMES


def _section_of(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """The ruleset section `node` stands for (`rules.chickens`, or a name bound to one), else None."""
    if isinstance(node, ast.Attribute) and node.attr in FACT_FIELDS and _is_ruleset(node.value):
        return node.attr
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    return None


def _aliases(func: ast.AST) -> dict[str, str]:
    """Names a function binds to a ruleset section: `ch = rules.chickens`, or a parameter typed `play: PlayRules`."""
    out: dict[str, str] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            section = _section_of(node.value, {})
            if section is not None:
                out[node.targets[0].id] = section
        elif isinstance(node, ast.arg) and node.annotation is not None:
            name = ast.unparse(node.annotation).strip("'\"")
            if name in SECTION_TYPES:
                out[node.arg] = SECTION_TYPES[name]
    return out


def fact_reads(source: str) -> list[str]:
    """`line: section.field` of each read of a fact's switch in a module's source."""
    tree = ast.parse(source)
    found: set[tuple[int, str]] = set()
    scopes: list[ast.AST] = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.Lambda))]
    for scope in scopes:
        aliases = _aliases(scope) if not isinstance(scope, ast.Module) else {}
        for node in ast.walk(scope):
            if isinstance(node, ast.Attribute):
                section = _section_of(node.value, aliases)
                if section is not None and node.attr in FACT_FIELDS[section]:
                    found.add((node.lineno, f"{section}.{node.attr}"))
    return [f"{line}: {name}" for line, name in sorted(found)]


def _allowed(name: str) -> bool:
    return name.startswith(ALLOWED_PREFIXES) or name in ALLOWED_FILES


@pytest.mark.parametrize("folder", CHECKED)
def test_only_the_rules_home_reads_the_switches_of_a_rule_fact(folder: str) -> None:
    """docs/rules.md §6-§8, §12.1, §13: the modules outside the rules home ask its functions instead."""
    offenders = [
        f"{name}:{read}"
        for path in sorted((ROOT / folder).rglob("*.py"))
        if not _allowed(name := path.relative_to(ROOT).as_posix())
        for read in fact_reads(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_every_allowed_file_still_reads_a_switch() -> None:
    """An allowance that is no longer needed leaves ALLOWED_FILES, so the list never hides a new reading."""
    stale = [name for name in ALLOWED_FILES if not fact_reads((ROOT / name).read_text(encoding="utf-8"))]
    assert stale == []


def test_the_check_finds_each_way_of_reading_a_switch() -> None:
    """The check itself: direct reads, a section bound to a name, a typed parameter; not other fields."""
    source = (
        "def a(rules):\n    return rules.chickens.fixed\n"
        "def b(self):\n    ch = self.rules.chickens\n    return ch.scope, ch.collectors\n"
        "def c(play: PlayRules):\n    return play.pass_patterns\n"
        "def d(view):\n    return view.rules.kongs.late, view.rules.kongs.paid_to, view.late\n"
    )
    assert fact_reads(source) == ["2: chickens.fixed", "5: chickens.scope", "7: play.pass_patterns", "9: kongs.late"]


CLASSIC = load_ruleset("guiyang-classic")
MODERN = load_ruleset("guiyang-modern")
DAOPEI = load_ruleset("guiyang-daopei")


def test_weekday_chickens_are_chicken_tiles() -> None:
    """docs/rules.md §13 星期鸡: on a Wednesday 3m 3p 3s are chickens beside 幺鸡 and the turned tile's 6m."""
    from dataclasses import replace

    rules = replace(CLASSIC, optional=replace(CLASSIC.optional, xingqi=1))
    assert chicken_tiles(rules, parse_tile("5m"), 3) == {YAOJI, *parse_tiles("6m3m3p3s")}
    assert chicken_tiles(CLASSIC, parse_tile("5m"), 3) == {YAOJI, parse_tile("6m")}


def test_the_pond_counts_under_mantang_discards() -> None:
    """docs/rules.md §8 内外鸡 and §13 满堂鸡: discards count as chickens under either."""
    from dataclasses import replace

    assert not pond_counts(CLASSIC)
    assert pond_counts(replace(CLASSIC, optional=replace(CLASSIC.optional, mantang="discards")))


def test_declared_win_fan_and_the_dealers_own_value() -> None:
    """docs/rules.md §12.1, §14: a declared 平胡 counts at least 10 (classic), 17 for the dealer in 倒赔, 10 + 1
    where 报听 adds (modern)."""
    assert rulings.declared_win_fan(1, CLASSIC) == 10
    assert rulings.declared_win_fan(20, CLASSIC) == 20
    assert rulings.declared_win_fan(1, DAOPEI, dealer=True) == 17
    assert rulings.declared_win_fan(1, MODERN) == 1 + MODERN.bonuses.declared_win_value


def test_win_allowed_off_a_discard() -> None:
    """docs/rules.md §6: "123m456p789s1123s" waiting on 1s is a 平胡: off a discard only declared or with a pass."""
    counts = to_counts(parse_tiles("123m456p789s1123s"))
    one = parse_tile("1s")
    assert not rulings.may_win_on(counts, (), one, CLASSIC)
    assert rulings.may_win_on(counts, (), one, CLASSIC, declared=True)


def test_kong_payment() -> None:
    """docs/rules.md §7: 点豆 from its discarder alone, 闷豆 and 转弯豆 from each of the three others."""
    assert kong_payment(CLASSIC, KongKind.EXPOSED) == (CLASSIC.kongs.exposed, 1)
    assert kong_payment(CLASSIC, KongKind.CONCEALED) == (CLASSIC.kongs.concealed, 3)
    assert kong_payment(CLASSIC, KongKind.ADDED) == (CLASSIC.kongs.added, 3)


def test_golden_chickens_are_the_fixed_chickens_a_turned_tile_makes() -> None:
    """docs/rules.md §8 金鸡: 9s turned makes 1s the turned chicken, and 1s is a fixed chicken with a golden value;
    4m turned makes 5m, no golden one; no turned tile, none."""
    rules = load_ruleset("guiyang-classic")
    assert rulings.golden_chickens(parse_tile("9s"), rules) == frozenset({YAOJI})
    assert rulings.golden_chickens(parse_tile("4m"), rules) == frozenset()
    assert rulings.golden_chickens(None, rules) == frozenset()
