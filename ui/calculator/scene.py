"""The score calculator screen (算分器): enter a real table's hand by clicking tiles or typing them, see
what makes it impossible next to each field, and settle it on the game's settlement screen.

The screen is a view of game.calculator.Calculator: every click or key calls one of its methods,
then the screen is laid out again from it, with each problem (from the checks `settle FILE` uses)
drawn under the field it belongs to. Tiles from the palette go to the lit field (the target).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.calculator import Calculator, followed_chickens
from game.calculator_files import HandStore, read_hand_text
from game.events import HandSettled
from game.handfile import HandFileError, HandProblems, Problem
from game.melds import KongKind
from game.result import WinHow
from game.ruleset import Ruleset
from game.ruleset_loader import load_ruleset
from game.tiles import Tile, format_tile, parse_tile
from game.user_rulesets import list_rulesets
from game.userdirs import UserDirError
from ui import palette as pal
from ui import strings as S
from ui import text as T
from ui.calculator.problems import problem_text
from ui.calculator.widgets import MeldRow, Palette, SeatPicks, TileRow, TileSlot, TileTarget
from ui.kit.dialogs import wrap
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.widgets import Button, Choice, Field, Stepper, Toggle, Widget
from ui.scene import Host
from ui.settlement.scene import SettlementScene
from ui.table.model import WinView

log = logging.getLogger(__name__)

DEFAULT_RULESET = "guiyang-classic"
KEEP_AFTER = 1.5  # seconds after the last change before the hand being entered is written for next time


def seat_name(seat: int) -> str:
    """A seat as the calculator names it: 东家 / East (seat numbers are the hand file's 0-3)."""
    return S.tr("calc_seat_names").split()[seat]


def seat_heading(seat: int) -> str:
    """A seat row's heading: its number in the hand file and its wind."""
    return S.tr("calc_seat", n=seat, wind=S.wind(seat))


@dataclass
class Notice:
    """The status line: a message and whether it is bad news."""

    text: str = ""
    bad: bool = False


def field_widget_key(field: str) -> str:
    """The key of the control a problem's field is shown under (see CalculatorScene.keys)."""
    if field.startswith("seats["):
        seat = field[6]
        for part in ("melds", "discards", "declared_ready"):
            if field.startswith(f"seats[{seat}].{part}"):
                return f"{part}:{seat}"
        return f"hand:{seat}"
    if field.startswith("first_chicken"):
        return field  # one control per followed tile: first_chicken.1s, first_chicken_claimed_by.1s
    table = {
        "win": "winners",
        "win.by": "winners",
        "win.tile": "win_tile",
        "win.from": "from",
        "win.how": "how",
        "win.hot": "hot",
        "win.hot_kong": "hot_kong",
        "win.first_turn": "first_turn",
        "win.robbed_late": "robbed_late",
        "flip": "flip",
        "baopai": "baopai",
        "weekday": "weekday",
        "dealer_followed": "dealer_followed",
        "dealer": "dealer",
        "streak": "streak",
    }
    return table.get(field, "general")


class CalculatorScene(MenuScene):
    """The calculator: seats at the left, the end of the hand at the right, the tile palette below."""

    def __init__(
        self,
        host: Host,
        calc: Calculator | None = None,
        store: HandStore | None = None,
        *,
        keep_recent: bool = True,
        settle_on_enter: bool = False,
    ) -> None:
        super().__init__(host)
        self.keep_recent = keep_recent  # keep each settled hand among the recent ones
        self.settle_on_enter = settle_on_enter
        self.rulesets = self._rulesets(host)
        self.store = store
        if calc is None and keep_recent:
            calc = self._left_last_time()
        self.calc = calc if calc is not None else Calculator(*self.rulesets[0])
        self._offer(self.calc)
        self.target = "hand:0"
        self.meld_kind: KongKind | None = None  # None: a pung
        self.meld_from = 3
        self.meld_late = False
        self.notice = Notice()
        self.problems: list[Problem] = []
        self.by_key: dict[str, list[Problem]] = {}
        self.keys: list[str] = []  # the key of each control, parallel to self.widgets
        self.seat_rects: list[pygame.Rect] = []
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        self.problem_lines: list[tuple[pygame.Rect, list[str]]] = []
        self.unsaved_for: float | None = None  # seconds since a change not yet kept for next time
        self.version = 0  # bumped whenever the hand or the layout changes: the drawn picture is stale
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[object, ...] | None = None
        self.refresh()
        self.unsaved_for = None

    @staticmethod
    def _rulesets(host: Host) -> list[tuple[Ruleset, str]]:
        """Every ruleset that loads, the built-in ones and the player's own, with how a hand file names it;
        the one in the settings first."""
        catalogue = list_rulesets()
        # A hand file names a ruleset by its name: built-in, or a file in the player's rulesets folder.
        out = [(e.ruleset, e.name) for e in catalogue.usable() if e.ruleset is not None]
        for entry in catalogue.broken():
            log.warning("calculator: ruleset %s does not load: %s", entry.ref, "; ".join(entry.errors[:1]))
        preferred = getattr(host.settings, "ruleset", None) or DEFAULT_RULESET
        out.sort(key=lambda item: item[1] != preferred)
        return out or [(load_ruleset(DEFAULT_RULESET), DEFAULT_RULESET)]

    def _offer(self, calc: Calculator) -> None:
        """Make sure the hand's own ruleset is among the choices (a file may name one that is not)."""
        if calc.ruleset_ref not in [ref for _r, ref in self.rulesets]:
            self.rulesets.insert(0, (calc.rules, calc.ruleset_ref))

    def _left_last_time(self) -> Calculator | None:
        """The hand that was on the calculator when it was last left, if it still reads."""
        try:
            text = self._store().current()
            return Calculator.from_text(text, "current.yaml") if text is not None else None
        except (OSError, UserDirError, HandFileError) as exc:
            log.warning("calculator: the hand left last time does not open: %s", exc)
            return None

    def leave(self) -> None:
        self.keep_current()

    def keep_current(self) -> None:
        """Keep the hand being entered, so nothing typed is lost when the screen is left or the window closed."""
        self.unsaved_for = None
        if not self.keep_recent:
            return
        empty = not any(s.hand or s.melds or s.discards for s in self.calc.seats)
        try:
            self._store().keep_current(None if empty else self.calc.text())
        except (OSError, UserDirError) as exc:
            log.warning("calculator: cannot keep the hand being entered: %s", exc)

    # ------------------------------------------------------------------ the model changed

    def refresh(self) -> None:
        """Check the hand again and lay the screen out for it."""
        self.refresh_after_change()
        self.problems = self.calc.problems()
        self.left = self.calc.all_copies_left()
        self.by_key = {}
        for p in self.problems:
            self.by_key.setdefault(field_widget_key(p.field), []).append(p)
        self.rebuild()

    def rebuild(self) -> None:
        """Build again, keeping the keyboard on the control with the same key."""
        key = self.keys[self.focus] if self.focus is not None and self.focus < len(self.keys) else None
        self.version = getattr(self, "version", 0) + 1
        self.keys = []
        super().rebuild()
        if key is not None and key in self.keys:
            self.focus = self.keys.index(key)

    def change(self, action: Callable[[], object]) -> None:
        """Run one change of the hand, then check and lay out again."""
        action()
        self.notice = Notice()
        self.refresh()

    def refresh_after_change(self) -> None:
        """The hand changed: it is kept for next time once the changes pause (see update)."""
        if self.unsaved_for is None:
            self.unsaved_for = 0.0

    def add(self, widget: Widget, key: str, rect: pygame.Rect) -> Widget:
        widget.rect = rect
        self.widgets.append(widget)
        self.keys.append(key)
        return widget

    def is_target(self, key: str) -> bool:
        return key == self.target

    def set_target(self, key: str) -> None:
        """Send the palette's tiles to the control `key`."""
        self.target = key
        kind, _, seat = key.partition(":")
        if kind == "melds" and seat.isdigit() and self.meld_from == int(seat):
            self.meld_from = (int(seat) + 3) % 4  # the seat before: the usual feeder

    # ------------------------------------------------------------------ layout

    def build(self) -> None:
        m = self.m
        w, h = self.size
        calc = self.calc
        margin = m.px(14)
        top = m.px(52)
        row = m.px(34)
        # Header: ruleset, dealer, streak.
        names = [r.title_zh if S.language() == "zh" else r.title_en for r, _ref in self.rulesets]
        index = next((i for i, (_r, ref) in enumerate(self.rulesets) if ref == calc.ruleset_ref), 0)
        title = T.outlined(S.tr("calc_title"), m.heading + m.px(4), pal.TEXT_GOLD, (60, 30, 10), max(1, m.px(2)))
        x0 = max(m.px(200), m.px(16) + title.get_width() + m.px(20))
        room = w - margin - x0 - 2 * m.px(14)
        widths = [round(room * 0.46), round(room * 0.30), round(room * 0.24)]
        header = [
            (
                Stepper(
                    S.tr("calc_ruleset"),
                    lambda: index,
                    lambda i: self.change(lambda: calc.set_rules(*self.rulesets[i])),
                    0,
                    len(self.rulesets) - 1,
                    show=lambda i: names[i],
                ),
                "ruleset",
                widths[0],
            ),
            (
                Choice(
                    S.tr("calc_dealer"),
                    [(i, S.wind(i)) for i in range(4)],
                    lambda: calc.dealer,
                    lambda v: self.change(lambda: calc.set_dealer(v)),
                ),
                "dealer",
                widths[1],
            ),
            (
                Stepper(
                    S.tr("calc_streak"), lambda: calc.streak, lambda v: self.change(lambda: calc.set_streak(v)), 0, 20
                ),
                "streak",
                widths[2],
            ),
        ]
        x = x0
        for widget, key, width in header:
            if isinstance(widget, Stepper | Choice):
                widget.label_share = 0.22 if key == "ruleset" else 0.38
            self.add(widget, key, pygame.Rect(x, m.px(10), width, row))
            x += width + m.px(14)
        # The seats, at the left.
        left_w = round((w - 3 * margin) * 0.63)
        panel_x = margin * 2 + left_w
        bottom_h = m.px(226)
        seats_h = h - top - bottom_h
        seat_h = seats_h // 4
        self.seat_rects = []
        self.problem_lines = []
        for i in range(4):
            block = pygame.Rect(margin, top + i * seat_h, left_w, seat_h - m.px(4))
            self.seat_rects.append(block)
            self._build_seat(i, block)
        # The end of the hand, at the right.
        self.panel_rect = pygame.Rect(panel_x, top, w - panel_x - margin, seats_h - m.px(4))
        area = self.panel_rect.inflate(-m.px(16), -m.px(12))
        marks = (len(self.widgets), len(self.keys), len(self.problem_lines))
        self._build_panel(area, m.px(30))
        if self.panel_bottom > area.bottom:
            # More rows than room (a ruleset with many choices, several problems): lay them out closer.
            del self.widgets[marks[0] :], self.keys[marks[1] :], self.problem_lines[marks[2] :]
            used = self.panel_bottom - area.top
            self._build_panel(area, max(m.px(20), m.px(30) * area.height // used - m.px(2)))
        # The palette and the meld kind, then the buttons.
        y = top + seats_h + m.px(4)
        pal_h = m.px(78)
        palette = Palette(lambda t: self.left[t], self.pick)
        self.add(palette, "palette", pygame.Rect(margin, y, w - 2 * margin, pal_h))
        y += pal_h + m.px(6)
        kinds: list[tuple[KongKind | None, str]] = [
            (None, S.tr("calc_pung")),
            (KongKind.EXPOSED, S.tr("calc_kong_exposed")),
            (KongKind.CONCEALED, S.tr("calc_kong_concealed")),
            (KongKind.ADDED, S.tr("calc_kong_added")),
        ]
        kind = Choice(S.tr("calc_meld_kind"), kinds, lambda: self.meld_kind, self._set_kind)
        kind.label_share = 0.2
        self.add(kind, "meld_kind", pygame.Rect(margin, y, m.px(430), row))
        source = Choice(
            S.tr("calc_meld_from"), [(i, S.wind(i)) for i in range(4)], lambda: self.meld_from, self._set_from
        )
        source.label_share = 0.36
        source.enabled = self.meld_kind is not KongKind.CONCEALED
        self.add(source, "meld_from", pygame.Rect(margin + m.px(444), y, m.px(300), row))
        if calc.rules.play.late_kong:
            late = Toggle(S.tr("calc_late"), lambda: self.meld_late, self._set_late)
            late.enabled = self.meld_kind in (KongKind.CONCEALED, KongKind.ADDED)
            self.add(late, "meld_late", pygame.Rect(margin + m.px(758), y, m.px(220), row))
        y += row + m.px(8)
        self.status_y = y
        y += round(m.small * 1.5)
        buttons: list[tuple[str, Callable[[], None], str, str]] = [
            (S.tr("calc_settle"), self.settle, "win", "settle"),
            (S.tr("calc_save"), self.save, "kong", "save"),
            (S.tr("calc_open"), self.open, "pung", "open"),
            (S.tr("calc_clear"), self.clear, "plain", "clear"),
            (S.tr("menu_back"), self.back, "pass", "back"),
        ]
        bw, bh = m.px(150), m.px(38)
        bx = margin
        for label, action, style, key in buttons:
            self.add(Button(label, action, style), key, pygame.Rect(bx, y, bw, bh))
            bx += bw + m.px(12)
        if self.focus is None:
            self.focus = self.keys.index("hand:0")

    def _build_seat(self, i: int, block: pygame.Rect) -> None:
        m = self.m
        calc = self.calc
        head_w = m.px(70)
        inner = pygame.Rect(block.left + head_w, block.top + m.px(4), block.width - head_w, block.height)
        line1 = round(inner.height * 0.42)
        line2 = round(inner.height * 0.25)
        hand_w = round(inner.width * 0.6)
        win = calc.win.tile if (not calc.drawn and i in calc.win.winners) else None
        self.add(
            TileRow(
                f"hand:{i}",
                lambda: calc.seats[i].hand,
                lambda text: self._typed(lambda: calc.type_tiles(i, "hand", text)),
                lambda k: self.change(lambda: calc.remove_tile(i, "hand", k)),
                self.is_target,
                self.set_target,
                S.tr("calc_hand"),
                marked=lambda: win,
            ),
            f"hand:{i}",
            pygame.Rect(inner.left, inner.top, hand_w - m.px(6), line1),
        )
        self.add(
            MeldRow(
                f"melds:{i}",
                lambda: calc.seats[i].melds,
                lambda text: self._typed_meld(i, text),
                lambda k: self.change(lambda: calc.remove_meld(i, k)),
                self.is_target,
                self.set_target,
                S.tr("calc_melds"),
            ),
            f"melds:{i}",
            pygame.Rect(inner.left + hand_w, inner.top, inner.width - hand_w, line1),
        )
        y2 = inner.top + line1 + m.px(4)
        self.add(
            TileRow(
                f"discards:{i}",
                lambda: calc.seats[i].discards,
                lambda text: self._typed(lambda: calc.type_tiles(i, "discards", text)),
                lambda k: self.change(lambda: calc.remove_tile(i, "discards", k)),
                self.is_target,
                self.set_target,
                S.tr("calc_discards"),
                largest=22,
            ),
            f"discards:{i}",
            pygame.Rect(inner.left, y2, hand_w - m.px(6), line2),
        )
        if calc.rules.play.declare_ready or calc.seats[i].declared_ready:
            # A ruleset without 报听 does not ask (a hand opened with it shows it, and says why it is refused).
            declared = Toggle(
                S.tr("calc_declared"), lambda: calc.seats[i].declared_ready, lambda v: self._declare(i, v)
            )
            declared.label_share = 0.45
            self.add(declared, f"declared_ready:{i}", pygame.Rect(inner.left + hand_w, y2, m.px(200), line2))
        # The seat's problems, on the line under its rows.
        seat = calc.seats[i]
        untouched = not (seat.hand or seat.melds or seat.discards)
        found = [
            p
            for k in (f"hand:{i}", f"melds:{i}", f"discards:{i}", f"declared_ready:{i}")
            for p in self.by_key.get(k, [])
        ]
        if untouched:
            # Nothing entered yet: the count beside the seat says enough.
            found = [p for p in found if p.field != f"seats[{i}]"]
        line = pygame.Rect(inner.left, y2 + line2 + m.px(2), inner.width, block.bottom - y2 - line2 - m.px(2))
        self.problem_lines.append((line, [problem_text(p, self.calc.rules) for p in found]))

    def _declare(self, seat: int, value: bool) -> None:
        self.change(lambda: self.calc.set_declared(seat, value))

    def _build_panel(self, area: pygame.Rect, row: int) -> None:
        m = self.m
        calc = self.calc
        y = area.top

        def place(widget: Widget, key: str, label_share: float = 0.36) -> None:
            nonlocal y
            if isinstance(widget, Field | TileSlot):
                widget.label_share = label_share
            self.add(widget, key, pygame.Rect(area.left, y, area.width, row))
            y += row + m.px(4)
            texts = [problem_text(p, self.calc.rules) for p in self.by_key.get(key, [])]
            if texts:
                lines = [ln for t in texts for ln in wrap(t, m.small, area.width)][:3]
                h = len(lines) * round(m.small * 1.3)
                self.problem_lines.append((pygame.Rect(area.left, y, area.width, h), lines))
                y += h + m.px(2)

        place(
            Choice(
                S.tr("calc_outcome"),
                [(False, S.tr("calc_won")), (True, S.tr("calc_drawn"))],
                lambda: calc.drawn,
                lambda v: self.change(lambda: calc.set_drawn(v)),
            ),
            "outcome",
        )
        if not calc.drawn:
            place(
                SeatPicks(
                    S.tr("calc_winners"),
                    lambda: calc.win.winners,
                    lambda s: self.change(lambda: calc.toggle_winner(s)),
                    S.wind,
                ),
                "winners",
            )
            place(self._slot(S.tr("calc_win_tile"), "win_tile", "win.tile", lambda: calc.win.tile), "win_tile")
            sources: list[tuple[int | None, str]] = [(None, S.tr("calc_self")), *((i, S.wind(i)) for i in range(4))]
            place(
                Choice(
                    S.tr("calc_from"),
                    sources,
                    lambda: calc.win.source,
                    lambda v: self.change(lambda: calc.set_source(v)),
                ),
                "from",
            )
            if calc.win.source is None:
                hows = [(WinHow.SELF_DRAW, S.tr("calc_plain_draw")), (WinHow.AFTER_KONG, S.tr("calc_after_kong"))]
            else:
                hows = [(WinHow.DISCARD, S.tr("calc_discard")), (WinHow.ROB_KONG, S.tr("calc_rob"))]
            place(
                Choice(S.tr("calc_how"), hows, lambda: calc.win.how, lambda v: self.change(lambda: calc.set_how(v))),
                "how",
            )
            if calc.win.source is not None and calc.win.how is WinHow.DISCARD:
                place(
                    Toggle(S.tr("calc_hot"), lambda: calc.win.hot, lambda v: self.change(lambda: calc.set_hot(v))),
                    "hot",
                )
                kongs = [mm for mm in calc.seats[calc.win.source].melds if mm.is_kong]
                if calc.win.hot and (len(kongs) > 1 or calc.win.hot_kong is not None):
                    place(
                        self._slot(S.tr("calc_hot_kong"), "hot_kong", "win.hot_kong", lambda: calc.win.hot_kong),
                        "hot_kong",
                    )
            if calc.win.how is WinHow.ROB_KONG and calc.rules.play.late_kong:
                place(
                    Toggle(
                        S.tr("calc_robbed_late"),
                        lambda: calc.win.robbed_late,
                        lambda v: self.change(lambda: calc.set_robbed_late(v)),
                    ),
                    "robbed_late",
                    0.5,
                )
            if calc.rules.bonuses.heavenly or calc.rules.bonuses.earthly or calc.win.first_turn:
                place(
                    Toggle(
                        S.tr("calc_first_turn"),
                        lambda: calc.win.first_turn,
                        lambda v: self.change(lambda: calc.set_first_turn(v)),
                    ),
                    "first_turn",
                )
        if not calc.drawn or calc.flip is not None:
            place(self._slot(S.tr("calc_flip"), "flip", "flip", lambda: calc.flip, S.tr("calc_no_flip")), "flip")
        for t in sorted(set(followed_chickens(calc.rules)) | set(calc.first_chicken)):
            first, claimed = self._first_chicken_choices(t)
            place(first, f"first_chicken.{format_tile(t)}")
            if claimed is not None:
                place(claimed, f"first_chicken_claimed_by.{format_tile(t)}")
        if not calc.drawn and (calc.rules.play.passed_win == "baopai" or calc.baopai is not None):
            place(
                SeatPicks(
                    S.tr("calc_baopai"),
                    lambda: calc.baopai or [],
                    lambda s: self.change(lambda: calc.toggle_baopai(s)),
                    S.wind,
                ),
                "baopai",
            )
        if calc.rules.bonuses.follow_dealer or calc.dealer_followed:
            place(
                Toggle(
                    S.tr("calc_dealer_followed"),
                    lambda: calc.dealer_followed,
                    lambda v: self.change(lambda: calc.set_dealer_followed(v)),
                ),
                "dealer_followed",
            )
        if calc.rules.optional.xingqi or calc.weekday is not None:
            days: list[tuple[int | None, str]] = [(None, S.tr("calc_none")), *((d, str(d)) for d in range(1, 8))]
            place(
                Choice(
                    S.tr("calc_weekday"), days, lambda: calc.weekday, lambda v: self.change(lambda: calc.set_weekday(v))
                ),
                "weekday",
            )
        self.panel_bottom = y

    def _first_chicken_choices(self, t: Tile) -> tuple[Widget, Widget | None]:
        """Who discarded the first `t`, and (where the ruleset has 责任鸡 for it) who claimed that copy."""
        calc = self.calc
        seats: list[tuple[int | None, str]] = [(None, S.tr("calc_none")), *((i, S.wind(i)) for i in range(4))]
        first = Choice(
            S.tr("calc_first", tile=S.tile_label(t)),
            seats,
            lambda: calc.first_chicken.get(t),
            lambda v: self.change(lambda: calc.set_first_chicken(t, v)),
        )
        if t not in calc.rules.chickens.liability and t not in calc.first_claimed:
            return first, None
        # -2: found from the melds (a seat holding a pung or kong of it from the discarder); -1: not claimed.
        claimers: list[tuple[int, str]] = [(-2, S.tr("calc_claimed_auto")), (-1, S.tr("calc_none"))]
        claimers += [(i, S.wind(i)) for i in range(4)]
        claimed = Choice(
            S.tr("calc_claimed"),
            claimers,
            lambda: calc.first_claimed.get(t, -1 if t in calc.first_unclaimed else -2),
            lambda v: self.change(lambda: calc.set_first_claimed(t, v if v >= 0 else None, unclaimed=v == -1)),
        )
        return first, claimed

    def _slot(
        self, label: str, key: str, field: str, get: Callable[[], Tile | None], empty: str | None = None
    ) -> TileSlot:
        return TileSlot(
            label,
            key,
            get,
            lambda text: self._typed(lambda: self.calc.type_tile(field, text)),
            self.is_target,
            self.set_target,
            empty or S.tr("calc_pick_tile"),
        )

    # ------------------------------------------------------------------ input

    def _typed(self, action: Callable[[], bool]) -> bool:
        ok = action()
        self.notice = Notice()
        self.refresh()
        return ok

    def _typed_meld(self, seat: int, text: str) -> bool:
        """A typed meld: one tile (`5m`) takes the kind picked below, else the hand-file form."""
        words = text.split()
        if len(words) == 1 and len(words[0]) == 2 and words[0][0].isdigit():
            try:
                tile = parse_tile(words[0])
            except ValueError:
                return self._typed(lambda: self.calc.add_meld(seat, text))
            return self._typed(lambda: self._meld_of(seat, tile))
        return self._typed(lambda: self.calc.add_meld(seat, text))

    def _meld_of(self, seat: int, tile: Tile) -> bool:
        source = None if self.meld_kind is KongKind.CONCEALED else self.meld_from
        late = self.meld_late and self.meld_kind in (KongKind.CONCEALED, KongKind.ADDED)
        return self.calc.add_meld_of(seat, tile, self.meld_kind, source, late)

    def _set_kind(self, kind: KongKind | None) -> None:
        self.meld_kind = kind
        self.rebuild()

    def _set_from(self, seat: int) -> None:
        self.meld_from = seat
        self.rebuild()

    def _set_late(self, late: bool) -> None:
        self.meld_late = late
        self.rebuild()

    def pick(self, tile: Tile) -> None:
        """A tile from the palette, into the target field."""
        calc = self.calc
        kind, _, seat_text = self.target.partition(":")
        refusal: str | None = None
        if kind in ("hand", "discards"):
            refusal = calc.add_tile(int(seat_text), kind, tile)
        elif kind == "melds":
            self._meld_of(int(seat_text), tile)
        elif kind == "win_tile":
            calc.set_win_tile(tile)
        elif kind == "flip":
            calc.set_flip(tile)
        elif kind == "hot_kong":
            calc.set_hot(True, tile)
        self.refresh()
        self.notice = Notice(problem_text(refusal), True) if refusal else Notice()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.load_file(Path(event.file))  # a hand file dropped on the window opens here
            return
        super().handle_event(event)

    def key(self, key: int) -> None:
        if key == pygame.K_TAB and pygame.key.get_mods() & pygame.KMOD_SHIFT:
            self.move_focus(-1)  # Shift+Tab goes back
            return
        super().key(key)

    def other_key(self, key: int) -> None:
        if key == pygame.K_F5:
            self.settle()
        elif key == pygame.K_F2:
            self.save()
        elif key == pygame.K_F3:
            self.open()

    def enter(self) -> None:
        super().enter()
        if self.settle_on_enter:
            self.settle_on_enter = False
            self.settle()

    def update(self, dt: float) -> None:
        if self.unsaved_for is not None:
            self.unsaved_for += dt
            if self.unsaved_for >= KEEP_AFTER:
                self.keep_current()
        # Tab onto a tile field makes it the target, as a click does.
        if self.focus is not None and self.focus < len(self.widgets):
            widget = self.widgets[self.focus]
            if isinstance(widget, TileTarget) and widget.target != self.target:
                self.set_target(widget.target)

    # ------------------------------------------------------------------ buttons

    def settle(self) -> None:
        """Settle the hand on the settlement screen, or say how many problems stand in the way."""
        try:
            result, ledger = self.calc.settle()
        except HandProblems as exc:
            self.notice = Notice(S.tr("calc_impossible", n=len(exc.problems)), True)
            first = field_widget_key(exc.problems[0].field) if exc.problems else ""
            if first in self.keys:
                self.focus = self.keys.index(first)
            return
        if self.keep_recent:
            self._remember()
        nets = ledger.nets()
        dealer, streak = self.calc.next_dealer(result)
        settled = HandSettled(tuple(nets), tuple(nets), dealer, streak)
        win = result.win
        view = None if win is None else WinView(win.winners, win.tile, win.how.value, win.discarder, win.hot)
        self.host.stack.push(
            SettlementScene(
                self.host,
                settled,
                ledger,
                view,
                0,
                lambda: None,
                result=result,
                rules=self.calc.rules,
                seat_label=seat_name,
                close_hint="calc_back_to_calc",
            )
        )

    def _store(self) -> HandStore:
        if self.store is None:
            self.store = HandStore.for_player()
        return self.store

    def _remember(self) -> None:
        try:
            self._store().remember(self.calc.text())
        except (OSError, UserDirError) as exc:
            log.warning("calculator: cannot keep the hand: %s", exc)
            self.notice = Notice(S.tr("calc_recent_failed", reason=exc), True)

    def save(self) -> None:
        """Write the hand as a hand file in the player's folder and say where."""
        try:
            path = self._store().save(self.calc.text())
        except (OSError, UserDirError) as exc:
            self.notice = Notice(S.tr("calc_save_failed", reason=exc), True)
            return
        self.notice = Notice(S.tr("calc_saved", path=path))

    def open(self) -> None:
        """Choose a saved or recent hand to open."""
        from ui.calculator.open_scene import OpenHandScene

        try:
            store = self._store()
        except UserDirError as exc:
            self.notice = Notice(S.tr("calc_open_bad", reason=exc), True)
            return
        self.host.stack.push(OpenHandScene(self.host, store, self.load_file))

    def load_file(self, path: Path) -> None:
        """Open the hand file at `path` here; a file that does not read is reported, the hand kept."""
        try:
            calc = Calculator.from_text(read_hand_text(path), str(path))
        except (OSError, ValueError) as exc:
            message = "; ".join(exc.errors[:2]) if isinstance(exc, HandFileError) else str(exc)
            self.notice = Notice(S.tr("calc_open_bad", reason=message), True)
            return
        self.load(calc)
        self.notice = Notice(S.tr("calc_opened", path=path.name))

    def load(self, calc: Calculator) -> None:
        """Show `calc`'s hand (its ruleset joins the choices if it is not one of them)."""
        self.calc = calc
        self._offer(calc)
        self.refresh()

    def clear(self) -> None:
        """Start an empty hand under the same ruleset."""
        self.change(lambda: setattr(self, "calc", Calculator(self.calc.rules, self.calc.ruleset_ref)))
        self.target = "hand:0"

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        # The screen changes only on input: draw it once per change and show that picture until the next.
        key = (
            self.version,
            surface.get_size(),
            S.language(),
            self.focus,
            self.hover,
            self.target,
            self.notice,
            self.meld_kind,
            self.meld_from,
            self.meld_late,
            tuple((getattr(w, "editing", None), getattr(w, "cursor", None)) for w in self.widgets),
        )
        if self._picture is None or self._picture.get_size() != surface.get_size() or key != self._picture_key:
            if self._picture is None or self._picture.get_size() != surface.get_size():
                self._picture = pygame.Surface(surface.get_size()).convert(surface)
            super().draw(self._picture)
            self._picture_key = key
        surface.blit(self._picture, (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        w, h = self.size
        title = T.outlined(S.tr("calc_title"), m.heading + m.px(4), pal.TEXT_GOLD, (60, 30, 10), max(1, m.px(2)))
        surface.blit(title, (m.px(16), m.px(10) + (m.px(34) - title.get_height()) // 2))
        for i, block in enumerate(self.seat_rects):
            plate(surface, block, m, (10, 30, 22, 170))
            head = T.shadowed(seat_heading(i), m.body, pal.TEXT_GOLD, bold=True)
            surface.blit(head, (block.left + m.px(10), block.top + m.px(8)))
            y = block.top + m.px(8) + head.get_height()
            if i == self.calc.dealer:
                badge = T.shadowed(S.tr("dealer_badge"), m.small, pal.INK_RED, bold=True)
                surface.blit(badge, (block.left + m.px(10), y))
                y += badge.get_height()
            s = self.calc.seats[i]
            have = len(s.hand) + 3 * len(s.melds)
            want = 14 if (not self.calc.drawn and i in self.calc.win.winners) else 13
            count = T.fit(
                S.tr("calc_count", n=have, want=want), m.small, m.px(64), pal.TEXT if have == want else pal.TEXT_MUTED
            )
            surface.blit(count, (block.left + m.px(10), y))
        plate(surface, self.panel_rect, m, (10, 30, 22, 170))
        for rect, lines in self.problem_lines:
            y = rect.top
            line_h = round(m.small * 1.3)
            for text in lines:
                if y + line_h > rect.bottom + 2:
                    break
                pic = T.fit(text, m.small, rect.width, pal.TEXT_RED)
                surface.blit(pic, (rect.left, y))
                y += line_h
        # The status line: the last notice, else where tiles go and whether the hand stands.
        general = [problem_text(p, self.calc.rules) for p in self.by_key.get("general", [])]
        if self.notice.text:
            text, colour = self.notice.text, pal.TEXT_RED if self.notice.bad else pal.TEXT_GOLD
        elif general:
            text, colour = "  ".join(general), pal.TEXT_RED
        elif not any(s.hand or s.melds or s.discards for s in self.calc.seats):
            text, colour = S.tr("calc_start"), pal.TEXT_GOLD
        elif self.problems:
            text, colour = S.tr("calc_impossible", n=len(self.problems)), pal.TEXT_MUTED
        else:
            text, colour = S.tr("calc_ok"), pal.TEXT_GOLD
        place = T.fit(S.tr("calc_target", place=self.target_name()), m.small, m.px(360), pal.TEXT_MUTED)
        surface.blit(place, place.get_rect(topright=(w - m.px(16), self.status_y)))
        pic = T.fit(text, m.small, w - m.px(400), colour)
        surface.blit(pic, (m.px(16), self.status_y))
        hint = T.fit(S.tr("calc_keys"), m.small, m.px(560), pal.TEXT_MUTED)
        surface.blit(hint, hint.get_rect(bottomright=(w - m.px(16), h - m.px(8))))

    def target_name(self) -> str:
        """Where the palette's tiles go, in words."""
        kind, _, seat = self.target.partition(":")
        if seat.isdigit():
            return S.tr(f"calc_place_{kind}", seat=seat_name(int(seat)))
        names = {"win_tile": "calc_win_tile", "flip": "calc_flip", "hot_kong": "calc_hot_kong"}
        return S.tr(names.get(kind, "calc_win_tile"))


def open_calculator(host: Host, calc: Calculator | None = None) -> CalculatorScene:
    """The calculator screen, empty or holding `calc`'s hand."""
    return CalculatorScene(host, calc)
