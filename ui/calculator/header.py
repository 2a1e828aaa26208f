"""The calculator's header row: the ruleset, the dealer, the dealer's streak and the way of entry (every seat's hand,
or quick), right of the title."""

from __future__ import annotations

from typing import Any

import pygame

from ui.calculator.calc_state import CalcState
from ui.calculator.naming import seat_choices
from ui.kit.metrics import Metrics
from ui.kit.widgets import Choice, Stepper
from ui.look import palette as pal
from ui.look import text as T
from ui.words import strings as S

# Each control's share of the room right of the title, when the words do not all fit at their own widths.
SHARES = {"ruleset": 0.36, "dealer": 0.24, "streak": 0.18, "quick": 0.22}


def title_picture(m: Metrics) -> pygame.Surface:
    """The calculator's title, as it stands at the top left."""
    return T.outlined(S.tr("calc_title"), m.heading + m.px(4), pal.TEXT_GOLD, (60, 30, 10), max(1, m.px(2)))


def _ruleset(s: CalcState) -> Stepper:
    calc = s.calc
    names = [r.title(S.language()) for r, _ref in s.rulesets]
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
        seat_choices(calc, calc.dealer),
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


def needed_width(widget: Stepper | Choice[Any], m: Metrics, row: int, body: int) -> tuple[int, int]:
    """The width a control's label and its value take with their words whole, the body's words at `body` px."""
    label = T.shadowed(widget.label, body).get_width() + m.gap + m.px(4)
    if isinstance(widget, Stepper):
        # The value between the − and + buttons, as draw_value leaves it room (two box heights and 8 px).
        shown = T.shadowed(widget.show(widget.get()), body, bold=True).get_width()
        return label, shown + 2 * row + 8 + 2
    font = min(m.small, body) if len(widget.options) > 3 else body
    widest = max(T.shadowed(text, font, bold=True).get_width() for _, text in widget.options)
    return label, len(widget.options) * (widest + 6 + m.px(8)) + 4


def _widths(needs: dict[str, int], floors: dict[str, int], room: int) -> dict[str, int]:
    """Each control's width: what its words need at their own sizes, the ruleset taking what is left; on a narrow
    window, between what they need at the smallest readable size and that, alike; else by SHARES."""
    spare = room - sum(needs.values())
    if spare >= 0:
        return {key: need + (spare if key == "ruleset" else 0) for key, need in needs.items()}
    short = room - sum(floors.values())
    if short < 0:
        return {key: round(room * SHARES[key]) for key in needs}
    give = short / max(1, sum(needs[key] - floors[key] for key in needs))
    return {key: floors[key] + int((needs[key] - floors[key]) * give) for key in needs}


def build_header(s: CalcState, row: int) -> None:
    """Place the header's controls in a row right of the title, `row` high, each as wide as its words need."""
    m = s.m
    x = max(m.px(200), m.px(16) + title_picture(m).get_width() + m.px(20))
    gap = m.px(10)
    room = s.size[0] - m.px(14) - x - 3 * gap
    controls: list[tuple[Stepper | Choice[int] | Choice[bool], str]] = [
        (_ruleset(s), "ruleset"),
        (_dealer(s), "dealer"),
        (_streak(s), "streak"),
        (_quick(s), "quick"),
    ]
    needs = {key: needed_width(widget, m, row, m.body) for widget, key in controls}
    floors = {key: needed_width(widget, m, row, min(m.body, T.MIN_TEXT)) for widget, key in controls}
    widths = _widths({k: sum(v) for k, v in needs.items()}, {k: sum(v) for k, v in floors.items()}, room)
    for widget, key in controls:
        width = widths[key]
        label = floors[key][0] + (needs[key][0] - floors[key][0]) * min(1.0, width / max(1, sum(needs[key])))
        widget.label_share = min(0.5, label / max(1, width))
        s.add(widget, key, pygame.Rect(x, m.px(10), width, row))
        x += width + gap
