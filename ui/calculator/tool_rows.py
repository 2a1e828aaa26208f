"""The calculator's rows under the seats: the tile palette, the kind of meld its tiles make, and the buttons."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.melds import KongKind
from game.handfile import HAND_FILE_PLAYERS
from ui.calculator.calc_state import CalcState
from ui.calculator.naming import calc_wind
from ui.calculator.tile_input import LATE_KINDS
from ui.calculator.widgets import Palette
from ui.kit.widgets import Button, Choice, Toggle
from ui.words import strings as S

PALETTE_HEIGHT = 78  # design px
BUTTON_SIZE = (150, 38)  # design px


def _set_kind(s: CalcState, kind: KongKind | None) -> None:
    s.meld_kind = kind
    s.rebuild()


def _set_from(s: CalcState, seat: int) -> None:
    s.meld_from = seat
    s.rebuild()


def _set_late(s: CalcState, late: bool) -> None:
    s.meld_late = late
    s.rebuild()


def _meld_controls(s: CalcState, x: int, y: int, row: int) -> None:
    """What a tile from the palette makes in a meld row: a pung or which kong, from whom, and whether late."""
    m = s.m
    kinds: list[tuple[KongKind | None, str]] = [
        (None, S.tr("calc_pung")),
        (KongKind.EXPOSED, S.tr("calc_kong_exposed")),
        (KongKind.CONCEALED, S.tr("calc_kong_concealed")),
        (KongKind.ADDED, S.tr("calc_kong_added")),
    ]
    kind = Choice(S.tr("calc_meld_kind"), kinds, lambda: s.meld_kind, lambda v: _set_kind(s, v))
    kind.label_share = 0.2
    s.add(kind, "meld_kind", pygame.Rect(x, y, m.px(430), row))
    seats = [(i, calc_wind(i)) for i in range(HAND_FILE_PLAYERS)]
    source = Choice(S.tr("calc_meld_from"), seats, lambda: s.meld_from, lambda v: _set_from(s, v))
    source.label_share = 0.36
    source.enabled = s.meld_kind is not KongKind.CONCEALED
    s.add(source, "meld_from", pygame.Rect(x + m.px(444), y, m.px(300), row))
    if s.calc.rules.play.late_kong:
        late = Toggle(S.tr("calc_late"), lambda: s.meld_late, lambda v: _set_late(s, v))
        late.enabled = s.meld_kind in LATE_KINDS
        s.add(late, "meld_late", pygame.Rect(x + m.px(758), y, m.px(220), row))


def _buttons(s: CalcState, x: int, y: int) -> None:
    m = s.m
    buttons: list[tuple[str, Callable[[], None], str, str]] = [
        (S.tr("calc_settle"), s.settle, "win", "settle"),
        (S.tr("calc_save"), s.save, "kong", "save"),
        (S.tr("calc_open"), s.open, "pung", "open"),
        (S.tr("calc_clear"), s.clear, "plain", "clear"),
        (S.tr("menu_back"), s.back, "pass", "back"),
    ]
    bw, bh = m.px(BUTTON_SIZE[0]), m.px(BUTTON_SIZE[1])
    for label, action, style, key in buttons:
        s.add(Button(label, action, style), key, pygame.Rect(x, y, bw, bh))
        x += bw + m.px(12)


def build_tools(s: CalcState, x: int, y: int, row: int) -> None:
    """Place the palette, the meld controls and the buttons from (`x`, `y`) down, and where the status line goes."""
    m = s.m
    pal_h = m.px(PALETTE_HEIGHT)
    s.add(Palette(lambda t: s.left[t], s.pick), "palette", pygame.Rect(x, y, s.size[0] - 2 * x, pal_h))
    y += pal_h + m.px(6)
    _meld_controls(s, x, y, row)
    y += row + m.px(8)
    s.status_y = y
    _buttons(s, x, y + round(m.small * 1.5))
