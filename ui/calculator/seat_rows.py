"""A seat's block of the calculator: its hand, its melds, its discards, whether it declared ready, and the
line of its problems under them."""

from __future__ import annotations

import pygame

from game.handfile import Problem
from game.tiles import Tile
from ui import strings as S
from ui.calculator.calc_state import CalcState
from ui.calculator.problems import problem_text
from ui.calculator.tile_input import typed_meld
from ui.calculator.widgets import MeldRow, TileRow
from ui.kit.widgets import Toggle

HEAD_WIDTH = 70  # design px left of the rows, for the seat's heading and count
HAND_SHARE = 0.6  # of the rows' width, for the hand (the melds take the rest)


def _hand(s: CalcState, i: int, win: Tile | None) -> TileRow:
    calc = s.calc
    return TileRow(
        f"hand:{i}",
        lambda: calc.seats[i].hand,
        lambda text: s.typed(lambda: calc.type_tiles(i, "hand", text)),
        lambda k: s.change(lambda: calc.remove_tile(i, "hand", k)),
        s.is_target,
        s.set_target,
        S.tr("calc_hand"),
        marked=lambda: win,
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
    )


def _discards(s: CalcState, i: int) -> TileRow:
    calc = s.calc
    return TileRow(
        f"discards:{i}",
        lambda: calc.seats[i].discards,
        lambda text: s.typed(lambda: calc.type_tiles(i, "discards", text)),
        lambda k: s.change(lambda: calc.remove_tile(i, "discards", k)),
        s.is_target,
        s.set_target,
        S.tr("calc_discards"),
        largest=22,
    )


def _declared(s: CalcState, i: int) -> Toggle:
    calc = s.calc
    declared = Toggle(
        S.tr("calc_declared"),
        lambda: calc.seats[i].declared_ready,
        lambda v: s.change(lambda: s.calc.set_declared(i, v)),
    )
    declared.label_share = 0.45
    return declared


def seat_problems(s: CalcState, i: int) -> list[Problem]:
    """The problems shown under seat `i`'s rows; a seat with nothing entered yet leaves its count to speak."""
    seat = s.calc.seats[i]
    found = [
        p for k in (f"hand:{i}", f"melds:{i}", f"discards:{i}", f"declared_ready:{i}") for p in s.by_key.get(k, [])
    ]
    if not (seat.hand or seat.melds or seat.discards):
        found = [p for p in found if p.field != f"seats[{i}]"]
    return found


def build_seat(s: CalcState, i: int, block: pygame.Rect) -> None:
    """Place seat `i`'s rows in `block`, and its problem line under them."""
    m = s.m
    calc = s.calc
    head_w = m.px(HEAD_WIDTH)
    inner = pygame.Rect(block.left + head_w, block.top + m.px(4), block.width - head_w, block.height)
    line1 = round(inner.height * 0.42)
    line2 = round(inner.height * 0.25)
    hand_w = round(inner.width * HAND_SHARE)
    win = calc.win.tile if (not calc.drawn and i in calc.win.winners) else None
    s.add(_hand(s, i, win), f"hand:{i}", pygame.Rect(inner.left, inner.top, hand_w - m.px(6), line1))
    s.add(_melds(s, i), f"melds:{i}", pygame.Rect(inner.left + hand_w, inner.top, inner.width - hand_w, line1))
    y2 = inner.top + line1 + m.px(4)
    s.add(_discards(s, i), f"discards:{i}", pygame.Rect(inner.left, y2, hand_w - m.px(6), line2))
    if calc.rules.play.declare_ready or calc.seats[i].declared_ready:
        # A ruleset without 报听 does not ask (a hand opened with it shows it, and says why it is refused).
        s.add(_declared(s, i), f"declared_ready:{i}", pygame.Rect(inner.left + hand_w, y2, m.px(200), line2))
    line = pygame.Rect(inner.left, y2 + line2 + m.px(2), inner.width, block.bottom - y2 - line2 - m.px(2))
    s.problem_lines.append((line, [problem_text(p, calc.rules) for p in seat_problems(s, i)]))
