"""A seat's block of the calculator: its hand, its melds, its discards, whether it declared ready, and the
line of its problems under them."""

from __future__ import annotations

import pygame

from game.calculator.sheet import chickens_asked, pond_chickens_asked
from game.handfile import Problem
from ui.calculator.calc_state import CalcState
from ui.calculator.header import needed_width
from ui.calculator.naming import wind
from ui.calculator.problems import problem_text
from ui.calculator.tile_input import typed_meld
from ui.calculator.widgets import MeldRow, TileRow
from ui.kit.widgets import Choice, Toggle
from ui.look import text as T
from ui.words import strings as S

HEAD_WIDTH = 80  # design px left of the rows, for the seat's heading and count (13/13张 whole)
HAND_SHARE = 0.6  # of the rows' width, for the hand (the melds take the rest)


def _hand(s: CalcState, i: int, winner: bool) -> TileRow:
    calc = s.calc
    label = S.tr("calc_hand_quick") if i in calc.stand_ins() else S.tr("calc_hand")
    if winner:
        label = S.tr("calc_hand_winner")  # the winning tile is entered once, as 胡的牌
    return TileRow(
        f"hand:{i}",
        lambda: calc.seats[i].hand,
        lambda text: s.typed(lambda: calc.type_tiles(i, "hand", text)),
        lambda k: s.change(lambda: calc.remove_tile(i, "hand", k)),
        s.is_target,
        s.set_target,
        label,
    )


def _melds(s: CalcState, i: int) -> MeldRow:
    calc = s.calc
    return MeldRow(
        f"melds:{i}",
        lambda: calc.seats[i].melds,
        lambda text: typed_meld(s, i, text),
        lambda k: s.change(lambda: calc.remove_meld(i, k)),
        s.is_target,
        s.set_target,
        S.tr("calc_melds"),
        lambda seat: wind(calc.players, seat),
    )


def _row(s: CalcState, i: int, part: str, label: str) -> TileRow:
    calc = s.calc
    return TileRow(
        f"{part}:{i}",
        lambda: calc.tiles_of(i, part),
        lambda text: s.typed(lambda: calc.type_tiles(i, part, text)),
        lambda k: s.change(lambda: calc.remove_tile(i, part, k)),
        s.is_target,
        s.set_target,
        label,
        largest=22,
    )


def _ready(s: CalcState, i: int) -> Choice[bool | None]:
    calc = s.calc
    answers: list[tuple[bool | None, str]] = [
        (None, S.tr("calc_unsaid")),
        (True, S.tr("calc_ready_yes")),
        (False, S.tr("calc_ready_no")),
    ]
    return Choice(S.tr("calc_ready"), answers, lambda: calc.ready[i], lambda v: s.change(lambda: calc.set_ready(i, v)))


def _declared(s: CalcState, i: int, width: int) -> Toggle:
    calc = s.calc
    declared = Toggle(
        S.tr("calc_declared"),
        lambda: calc.seats[i].declared_ready,
        lambda v: s.change(lambda: s.calc.set_declared(i, v)),
    )
    # The label as wide as its words (Ready (报听) in English), the rest for Off and On.
    need = T.shadowed(declared.label, s.m.body).get_width() + s.m.gap + s.m.px(4)
    declared.label_share = min(0.6, max(0.45, need / max(1, width)))
    return declared


def seat_problems(s: CalcState, i: int) -> list[Problem]:
    """The problems shown under seat `i`'s rows."""
    keys = (f"hand:{i}", f"melds:{i}", f"discards:{i}", f"declared_ready:{i}", f"ready:{i}", f"chickens:{i}")
    return [p for k in keys for p in s.by_key.get(k, [])]


def _stand_in_rows(s: CalcState, i: int, line: pygame.Rect, hand_w: int) -> int:
    """A seat of the quick entry with no hand: whether it was ready, the chickens it holds and (where they
    count) those it discarded; returns where the 报听 toggle goes."""
    m, calc = s.m, s.calc
    ready = _ready(s, i)
    label, value = needed_width(ready, m, line.height, m.body)  # its words whole, up to half the hand's width
    ready_w = min(round(hand_w * 0.55), max(round(hand_w * 0.42), label + value + m.px(6)))
    ready.label_share = min(0.5, label / max(1, ready_w - m.px(6)))
    s.add(ready, f"ready:{i}", pygame.Rect(line.left, line.top, ready_w - m.px(6), line.height))
    asked = chickens_asked(calc.rules, calc.ready[i]) or calc.chickens[i]
    if asked:
        rect = pygame.Rect(line.left + ready_w, line.top, hand_w - ready_w - m.px(6), line.height)
        s.add(_row(s, i, "chickens", S.tr("calc_chickens")), f"chickens:{i}", rect)
    x = line.left + hand_w
    if pond_chickens_asked(calc.rules) or calc.seats[i].discards:
        width = line.right - x - m.px(206)
        s.add(
            _row(s, i, "discards", S.tr("calc_pond_chickens")),
            f"discards:{i}",
            pygame.Rect(x, line.top, width, line.height),
        )
        x += width + m.px(6)
    return x


def build_seat(s: CalcState, i: int, block: pygame.Rect) -> None:
    """Place seat `i`'s rows in `block`, and its problem line under them."""
    m = s.m
    calc = s.calc
    head_w = m.px(HEAD_WIDTH)
    inner = pygame.Rect(block.left + head_w, block.top + m.px(4), block.width - head_w, block.height)
    line1 = round(inner.height * 0.39)
    line2 = round(inner.height * 0.24)
    hand_w = round(inner.width * HAND_SHARE)
    winner = not calc.drawn and i in calc.win.winners
    s.add(_hand(s, i, winner), f"hand:{i}", pygame.Rect(inner.left, inner.top, hand_w - m.px(6), line1))
    s.add(_melds(s, i), f"melds:{i}", pygame.Rect(inner.left + hand_w, inner.top, inner.width - hand_w, line1))
    y2 = inner.top + line1 + m.px(4)
    declared_x = inner.left + hand_w
    if i in calc.stand_ins():
        declared_x = _stand_in_rows(s, i, pygame.Rect(inner.left, y2, inner.width, line2), hand_w)
    else:
        s.add(
            _row(s, i, "discards", S.tr("calc_discards")),
            f"discards:{i}",
            pygame.Rect(inner.left, y2, hand_w - m.px(6), line2),
        )
    if calc.rules.play.declare_ready or calc.seats[i].declared_ready:
        # A ruleset without 报听 does not ask (a hand opened with it shows it, and says why it is refused).
        width = max(m.px(200), min(m.px(260), inner.right - declared_x))
        s.add(_declared(s, i, width), f"declared_ready:{i}", pygame.Rect(declared_x, y2, width, line2))
    # The problem line under the rows, kept off the block's frame.
    top = y2 + line2 + m.px(1)
    line = pygame.Rect(inner.left, top, inner.width, block.bottom - m.px(2) - top)
    s.problem_lines.append((line, [problem_text(p, calc.rules) for p in seat_problems(s, i)]))
