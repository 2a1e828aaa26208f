"""The calculator's header row: the ruleset, the dealer, the dealer's streak and the way of entry (all four hands,
or quick), right of the title."""

from __future__ import annotations

import pygame

from game.handfile import HAND_FILE_PLAYERS
from ui.calculator.calc_state import CalcState
from ui.calculator.naming import calc_wind
from ui.kit.metrics import Metrics
from ui.kit.widgets import Choice, Stepper, Widget
from ui.look import palette as pal
from ui.look import text as T
from ui.words import strings as S

# Each control's share of the room right of the title, and the share of its own width its label takes.
SHARES = {"ruleset": (0.36, 0.22), "dealer": (0.24, 0.30), "streak": (0.18, 0.40), "quick": (0.22, 0.34)}


def title_picture(m: Metrics) -> pygame.Surface:
    """The calculator's title, as it stands at the top left."""
    return T.outlined(S.tr("calc_title"), m.heading + m.px(4), pal.TEXT_GOLD, (60, 30, 10), max(1, m.px(2)))


def _ruleset(s: CalcState) -> Stepper:
    calc = s.calc
    names = [r.title_zh if S.language() == "zh" else r.title_en for r, _ref in s.rulesets]
    index = next((i for i, (_r, ref) in enumerate(s.rulesets) if ref == calc.ruleset_ref), 0)
    return Stepper(
        S.tr("calc_ruleset"),
        lambda: index,
        lambda i: s.change(lambda: calc.set_rules(*s.rulesets[i])),
        0,
        len(s.rulesets) - 1,
        show=lambda i: names[i],
    )


def _dealer(s: CalcState) -> Choice[int]:
    calc = s.calc
    return Choice(
        S.tr("calc_dealer"),
        [(i, calc_wind(i)) for i in range(HAND_FILE_PLAYERS)],
        lambda: calc.dealer,
        lambda v: s.change(lambda: calc.set_dealer(v)),
    )


def _streak(s: CalcState) -> Stepper:
    calc = s.calc
    return Stepper(S.tr("calc_streak"), lambda: calc.streak, lambda v: s.change(lambda: calc.set_streak(v)), 0, 20)


def _quick(s: CalcState) -> Choice[bool]:
    calc = s.calc
    modes = [(False, S.tr("calc_entry_full")), (True, S.tr("calc_entry_quick"))]
    return Choice(S.tr("calc_entry"), modes, lambda: calc.quick, lambda v: s.change(lambda: calc.set_quick(v)))


def build_header(s: CalcState, row: int) -> None:
    """Place the header's controls in a row right of the title, `row` high."""
    m = s.m
    x = max(m.px(200), m.px(16) + title_picture(m).get_width() + m.px(20))
    room = s.size[0] - m.px(14) - x - 2 * m.px(14)
    controls: list[tuple[Widget, str]] = [
        (_ruleset(s), "ruleset"),
        (_dealer(s), "dealer"),
        (_streak(s), "streak"),
        (_quick(s), "quick"),
    ]
    for widget, key in controls:
        share, label_share = SHARES[key]
        width = round(room * share)
        if isinstance(widget, Stepper | Choice):
            widget.label_share = label_share
        s.add(widget, key, pygame.Rect(x, m.px(10), width, row))
        x += width + m.px(14)
