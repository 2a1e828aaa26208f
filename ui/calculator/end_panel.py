"""The calculator's panel of how the hand ended: won or drawn, by whom, on which tile and how, the turned tile,
the first discards of the followed chickens, and the ruleset's own extras. Each row the ruleset and the hand
call for is placed under the last, with its problems wrapped under it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.calculator.sheet import followed_chickens
from game.core.result import WinHow
from game.core.tiles import Tile, format_tile
from game.handfile import Problem
from ui.calculator.calc_state import CalcState
from ui.calculator.naming import seat_choices, wind
from ui.calculator.problems import problem_text
from ui.calculator.widgets import SeatPicks, TileSlot
from ui.kit.dialogs import wrap
from ui.kit.widgets import Choice, Field, Toggle, Widget
from ui.words import strings as S

PROBLEM_LINES = 3  # at most, under one row (the row itself is framed in red however many there are)


class PanelRows:
    """Rows placed one under another in `area`, each `row` high; `y` is where the next goes."""

    def __init__(self, s: CalcState, area: pygame.Rect, row: int) -> None:
        self.s = s
        self.area = area
        self.row = row
        self.y = area.top

    def place(self, widget: Widget, key: str, label_share: float = 0.36) -> None:
        """Place `widget` under `key` as the next row, then the lines of its problems."""
        s, area, m = self.s, self.area, self.s.m
        if isinstance(widget, Field | TileSlot):
            widget.label_share = label_share
        s.add(widget, key, pygame.Rect(area.left, self.y, area.width, self.row))
        self.y += self.row + m.px(4)
        texts = [problem_text(p, s.calc.rules) for p in s.by_key.get(key, [])]
        if texts:
            lines = [ln for t in texts for ln in wrap(t, m.small, area.width)][:PROBLEM_LINES]
            h = len(lines) * round(m.small * 1.3)
            s.problem_lines.append((pygame.Rect(area.left, self.y, area.width, h), lines))
            self.y += h + m.px(2)


def tile_slot(
    s: CalcState, label: str, key: str, field: str, get: Callable[[], Tile | None], empty: str | None = None
) -> TileSlot:
    """A one-tile field of the hand file (`field`), shown under `key` with `empty` while unset; the palette's
    tiles may go to it."""
    return TileSlot(
        label,
        key,
        get,
        lambda text: s.typed(lambda: s.calc.type_tile(field, text)),
        s.is_target,
        s.set_target,
        empty or S.tr("calc_pick_tile"),
    )


def _outcome(s: CalcState, rows: PanelRows) -> None:
    calc = s.calc
    outcomes = [(False, S.tr("calc_won")), (True, S.tr("calc_drawn"))]
    rows.place(
        Choice(S.tr("calc_outcome"), outcomes, lambda: calc.drawn, lambda v: s.change(lambda: calc.set_drawn(v))),
        "outcome",
    )


def _winners(s: CalcState, rows: PanelRows) -> None:
    calc = s.calc
    if calc.drawn:
        return
    seats = [i for i, _name in seat_choices(calc, *calc.win.winners)]
    winners = SeatPicks(
        S.tr("calc_winners"),
        seats,
        lambda: calc.win.winners,
        lambda v: s.change(lambda: calc.toggle_winner(v)),
        lambda seat: wind(calc.players, seat),
    )
    rows.place(winners, "winners")
    rows.place(tile_slot(s, S.tr("calc_win_tile"), "win_tile", "win.tile", lambda: calc.win.tile), "win_tile")
    sources: list[tuple[int | None, str]] = [(None, S.tr("calc_self")), *seat_choices(calc, calc.win.source)]
    rows.place(
        Choice(S.tr("calc_from"), sources, lambda: calc.win.source, lambda v: s.change(lambda: calc.set_source(v))),
        "from",
    )
    if calc.win.source is None:
        hows = [(WinHow.SELF_DRAW, S.tr("calc_plain_draw")), (WinHow.AFTER_KONG, S.tr("calc_after_kong"))]
    else:
        hows = [(WinHow.DISCARD, S.tr("calc_discard")), (WinHow.ROB_KONG, S.tr("calc_rob"))]
    rows.place(Choice(S.tr("calc_how"), hows, lambda: calc.win.how, lambda v: s.change(lambda: calc.set_how(v))), "how")


def _hot(s: CalcState, rows: PanelRows) -> None:
    """热炮: a win on the discard after a kong, and (of several kongs) which one."""
    calc = s.calc
    if calc.drawn or calc.win.source is None or calc.win.how is not WinHow.DISCARD:
        return
    rows.place(Toggle(S.tr("calc_hot"), lambda: calc.win.hot, lambda v: s.change(lambda: calc.set_hot(v))), "hot")
    discarder = calc.seats[calc.win.source] if calc.win.source < calc.players else None
    kongs = [mm for mm in discarder.melds if mm.is_kong] if discarder is not None else []
    if calc.win.hot and (len(kongs) > 1 or calc.win.hot_kong is not None):
        rows.place(
            tile_slot(s, S.tr("calc_hot_kong"), "hot_kong", "win.hot_kong", lambda: calc.win.hot_kong), "hot_kong"
        )


def _robbed_and_first_turn(s: CalcState, rows: PanelRows) -> None:
    calc = s.calc
    if calc.drawn:
        return
    if calc.win.how is WinHow.ROB_KONG and calc.rules.play.late_kong:
        late = Toggle(
            S.tr("calc_robbed_late"), lambda: calc.win.robbed_late, lambda v: s.change(lambda: calc.set_robbed_late(v))
        )
        rows.place(late, "robbed_late", 0.5)
    if calc.rules.bonuses.heavenly or calc.rules.bonuses.earthly or calc.win.first_turn:
        first = Toggle(
            S.tr("calc_first_turn"), lambda: calc.win.first_turn, lambda v: s.change(lambda: calc.set_first_turn(v))
        )
        rows.place(first, "first_turn")


def _flip(s: CalcState, rows: PanelRows) -> None:
    calc = s.calc
    if not calc.drawn or calc.flip is not None:
        rows.place(tile_slot(s, S.tr("calc_flip"), "flip", "flip", lambda: calc.flip, S.tr("calc_no_flip")), "flip")


def first_chicken_choices(s: CalcState, t: Tile) -> tuple[Widget, Widget | None]:
    """Who discarded the first `t`, and (where the ruleset has 责任鸡 for it) who claimed that copy."""
    calc = s.calc
    seats: list[tuple[int | None, str]] = [(None, S.tr("calc_none")), *seat_choices(calc, calc.first_chicken.get(t))]
    first = Choice(
        S.tr("calc_first", tile=S.tile_label(t)),
        seats,
        lambda: calc.first_chicken.get(t),
        lambda v: s.change(lambda: calc.set_first_chicken(t, v)),
    )
    if t not in calc.rules.chickens.liability and t not in calc.first_claimed:
        return first, None
    # -2: found from the melds (a seat holding a pung or kong of it from the discarder); -1: not claimed.
    claimers: list[tuple[int, str]] = [(-2, S.tr("calc_claimed_auto")), (-1, S.tr("calc_none"))]
    claimers += seat_choices(calc, calc.first_claimed.get(t))
    claimed = Choice(
        S.tr("calc_claimed"),
        claimers,
        lambda: calc.first_claimed.get(t, -1 if t in calc.first_unclaimed else -2),
        lambda v: s.change(lambda: calc.set_first_claimed(t, v if v >= 0 else None, unclaimed=v == -1)),
    )
    claimed.proportional = True  # "melds" beside one-letter seats: each segment as wide as its words
    return first, claimed


def _first_chickens(s: CalcState, rows: PanelRows) -> None:
    calc = s.calc
    for t in sorted(set(followed_chickens(calc.rules)) | set(calc.first_chicken)):
        first, claimed = first_chicken_choices(s, t)
        rows.place(first, f"first_chicken.{format_tile(t)}")
        if claimed is not None:
            rows.place(claimed, f"first_chicken_claimed_by.{format_tile(t)}")


def _extras(s: CalcState, rows: PanelRows) -> None:
    """The ruleset's own extras: 包牌, the dealer followed, 星期鸡's weekday."""
    calc = s.calc
    if not calc.drawn and (calc.rules.play.passed_win == "baopai" or calc.baopai is not None):
        baopai = SeatPicks(
            S.tr("calc_baopai"),
            [i for i, _name in seat_choices(calc, *(calc.baopai or ()))],
            lambda: calc.baopai or [],
            lambda v: s.change(lambda: calc.toggle_baopai(v)),
            lambda seat: wind(calc.players, seat),
        )
        rows.place(baopai, "baopai")
    if calc.rules.bonuses.follow_dealer or calc.dealer_followed:
        followed = Toggle(
            S.tr("calc_dealer_followed"),
            lambda: calc.dealer_followed,
            lambda v: s.change(lambda: calc.set_dealer_followed(v)),
        )
        rows.place(followed, "dealer_followed")
    if calc.rules.optional.xingqi or calc.weekday is not None:
        days: list[tuple[int | None, str]] = [(None, S.tr("calc_none")), *((d, str(d)) for d in range(1, 8))]
        rows.place(
            Choice(S.tr("calc_weekday"), days, lambda: calc.weekday, lambda v: s.change(lambda: calc.set_weekday(v))),
            "weekday",
        )


# The header's controls: framed in red when a problem is theirs, with no room for its words beside them.
HEADER_KEYS = ("ruleset", "dealer", "streak")


def unplaced(s: CalcState) -> list[Problem]:
    """The problems with no words at a control of their own (the census, a field the panel does not show, the
    header's: a dealer the table does not have)."""
    return [
        p
        for key, found in s.by_key.items()
        if key == "general" or key in HEADER_KEYS or key not in s.keys
        for p in found
    ]


def _others(s: CalcState, rows: PanelRows) -> None:
    """Problems with no control of their own, in red at the foot of the panel, so each one counted is shown."""
    texts = [problem_text(p, s.calc.rules) for p in unplaced(s)]
    if texts:
        area, m = rows.area, s.m
        lines = [ln for t in texts for ln in wrap(S.tr("calc_other_problems") + t, m.small, area.width)]
        h = len(lines) * round(m.small * 1.3)
        s.problem_lines.append((pygame.Rect(area.left, rows.y, area.width, h), lines))
        rows.y += h + m.px(2)


# The panel's rows, top to bottom: each step places the rows the hand and the ruleset call for.
STEPS: tuple[Callable[[CalcState, PanelRows], None], ...] = (
    _outcome,
    _winners,
    _hot,
    _robbed_and_first_turn,
    _flip,
    _first_chickens,
    _extras,
    _others,
)


def place_panel(s: CalcState, area: pygame.Rect, row: int) -> int:
    """Place the panel's rows in `area`, each `row` high; returns where the last one ends."""
    rows = PanelRows(s, area, row)
    for step in STEPS:
        step(s, rows)
    return rows.y


def build_panel(s: CalcState, area: pygame.Rect) -> None:
    """Place the panel's rows, closer together when they do not all fit `area` at their usual height."""
    m = s.m
    marks = (len(s.widgets), len(s.keys), len(s.problem_lines))
    bottom = place_panel(s, area, m.px(30))
    if bottom > area.bottom:
        # More rows than room (a ruleset with many choices, several problems): lay them out closer.
        del s.widgets[marks[0] :], s.keys[marks[1] :], s.problem_lines[marks[2] :]
        used = bottom - area.top
        place_panel(s, area, max(m.px(20), m.px(30) * area.height // used - m.px(2)))
