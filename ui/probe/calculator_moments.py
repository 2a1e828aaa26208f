"""The calculator as named moments for `main.py screenshot`: empty, with the README's example settled, with the
example entered wrongly (its problems in red), and hands of tables of three and two (docs/rules.md §15.2)."""

from __future__ import annotations

from collections.abc import Callable

from game.calculator.sheet import Calculator
from game.core.ruleset import Ruleset
from game.rules.loader import load_ruleset
from ui.calculator.scene import CalculatorScene
from ui.stage.scene import Host, Scene

# The hand of README.md and tests/hands/example.yaml: East self-draws a 平胡 with a concealed kong.
EXAMPLE_HAND = """\
ruleset: guiyang-classic
dealer: 0
streak: 0
seats:
  - hand: 234m 678s 11s
    melds: [kong 7p concealed, pung 5m from 2]
    discards: 9m 1s 2p
  - hand: 159m 26p 37s 48m 49p 5s 9s
    discards: 9p 6s
  - hand: 26m 36p 48s 159p 5s 3m 7m 6s
    discards: 3m
  - hand: 37m 9s 26p 48p 3p 6m 9m 2s 5s 4s
    discards: 8p
win: {by: [0], tile: 8s, from: self}
flip: 4m
first_chicken: {1s: 0, 8p: 3}
"""


# A hand of 三丁拐 (docs/rules.md §15.2): the example at a table of three, North's seat gone.
THREE_HAND = """\
ruleset: sandingguai
dealer: 1
streak: 0
seats:
  - hand: 234m 678s 11s
    melds: [kong 7p concealed, pung 5m from 2]
    discards: 9m 1s 2p
  - hand: 159m 26p 37s 48m 49p 5s 9s
    discards: 9p 6s
  - hand: 26m 36p 48s 159p 5s 3m 7m 6s
    discards: 3m
win: {by: [0], tile: 8s, from: self}
flip: 4m
first_chicken: {1s: 0}
"""

# A hand of 二丁两房 (docs/rules.md §15.1, §15.2): two players, 筒 and 条 alone.
TWO_HAND = """\
ruleset: erding-liangfang
dealer: 0
streak: 0
seats:
  - hand: 234p 678s 11s
    melds: [kong 7p concealed, pung 5s from 1]
    discards: 9p 1s 2p
  - hand: 159p 26p 37s 49s 2s 3p 6s 9p
    discards: 9s 6p
win: {by: [0], tile: 8s, from: self}
flip: 4p
first_chicken: {1s: 0}
"""
SMALL_TABLES = {"three": THREE_HAND, "two": TWO_HAND}


def example_calculator(rules: Ruleset) -> Calculator:
    """The example hand entered, under `rules`."""
    calc = Calculator.from_text(EXAMPLE_HAND, "example")
    calc.set_rules(rules)
    return calc


def empty_calculator(host: Host, rules: Ruleset) -> Scene:
    """The calculator as it opens."""
    return CalculatorScene(host, Calculator(rules), keep_recent=False)


def problem_calculator(host: Host, rules: Ruleset) -> Scene:
    """The example hand entered with mistakes, so the problems show in red at their fields."""
    text = EXAMPLE_HAND.replace("{1s: 0, 8p: 3}", "{1s: 1, 8p: 3}").replace("7p concealed", "7p concealed late")
    calc = Calculator.from_text(text + "baopai: [2]\n", "example")
    calc.set_rules(rules)
    calc.type_tiles(2, "discards", "3m 0p")
    return CalculatorScene(host, calc, keep_recent=False)


def small_table_calculator(size: str, settled: bool = False) -> Callable[[Host, Ruleset], Scene]:
    """The calculator holding the hand of a table of `size` ("three" or "two") under its own ruleset, settled
    on top when `settled`."""

    def make(host: Host, rules: Ruleset) -> Scene:
        calc = Calculator.from_text(SMALL_TABLES[size], size)
        calc.set_rules(load_ruleset(calc.ruleset_ref), calc.ruleset_ref)
        return CalculatorScene(host, calc, keep_recent=False, settle_on_enter=settled)

    return make


def settled_calculator(host: Host, rules: Ruleset) -> Scene:
    """The calculator holding the example hand; it settles as it is shown, so its settlement shows on top."""
    return CalculatorScene(host, example_calculator(rules), keep_recent=False, settle_on_enter=True)
