"""The calculator as named moments for `main.py screenshot`: empty, with the README's example settled, and
with the example entered wrongly (its problems in red)."""

from __future__ import annotations

from game.calculator.sheet import Calculator
from game.core.ruleset import Ruleset
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


def settled_calculator(host: Host, rules: Ruleset) -> Scene:
    """The calculator holding the example hand; it settles as it is shown, so its settlement shows on top."""
    return CalculatorScene(host, example_calculator(rules), keep_recent=False, settle_on_enter=True)
