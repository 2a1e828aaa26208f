"""The score calculator screen (算分器): enter a real table's hand by clicking tiles or typing them, see
what makes it impossible next to each field, and settle it on the game's settlement screen.

The screen is a view of game.calculator.sheet.Calculator: every click or key calls one of its methods,
then the screen is laid out again from it, with each problem (from the checks `settle FILE` uses)
drawn under the field it belongs to. Tiles from the palette go to the lit field (the target).

The screen presents; its parts build the header (header.py), the seats (seat_rows.py), the end of the
hand (end_panel.py) and the rows under the seats (tool_rows.py), take tiles in (tile_input.py), settle,
keep, save and open the hand (hand_flow.py), and draw the rest (picture.py), each through CalcState.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pygame

from game.calculator.files import HandStore
from game.calculator.sheet import Calculator
from game.core.melds import KongKind
from game.core.ruleset import Ruleset
from game.core.tiles import Tile
from game.files.userdirs import UserDirError
from game.handfile import Problem
from game.rules.loader import load_ruleset
from game.rules.user import list_rulesets
from ui.calculator import hand_flow, tile_input
from ui.calculator.calc_state import Notice
from ui.calculator.end_panel import build_panel
from ui.calculator.header import build_header
from ui.calculator.naming import field_widget_key, target_name
from ui.calculator.picture import draw_calculator, draw_marks
from ui.calculator.seat_rows import build_seat
from ui.calculator.tool_rows import build_tools
from ui.calculator.widgets import Palette, TileTarget
from ui.kit.menu_scene import MenuScene
from ui.kit.widgets import Widget
from ui.stage import screens
from ui.stage.scene import Host
from ui.words import keys as K
from ui.words import strings as S

log = logging.getLogger(__name__)

DEFAULT_RULESET = "guiyang-classic"
KEEP_AFTER = 1.5  # seconds after the last change before the hand being entered is written for next time


def usable_rulesets(preferred: str | None) -> list[tuple[Ruleset, str]]:
    """Every ruleset that loads, the built-in ones and the player's own, with how a hand file names it;
    `preferred` (the one in the settings) first."""
    catalogue = list_rulesets()
    # A hand file names a ruleset by its name: built-in, or a file in the player's rulesets folder.
    out = [(e.ruleset, e.name) for e in catalogue.usable() if e.ruleset is not None]
    for entry in catalogue.broken():
        log.warning("calculator: ruleset %s does not load: %s", entry.ref, "; ".join(entry.errors[:1]))
    preferred = preferred or DEFAULT_RULESET
    out.sort(key=lambda item: item[1] != preferred)
    return out or [(load_ruleset(DEFAULT_RULESET), DEFAULT_RULESET)]


class CalculatorScene(MenuScene):
    """The calculator: seats at the left, the end of the hand at the right, the tile palette below."""

    key_lines = K.CALCULATOR

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
        self.rulesets = usable_rulesets(getattr(host.settings, "ruleset", None))
        self.store = store
        if calc is None and keep_recent:
            calc = hand_flow.left_last_time(self)
        self.calc = calc if calc is not None else Calculator(*self.rulesets[0])
        self._offer(self.calc)
        self.target = "hand:0"
        self.meld_kind: KongKind | None = None  # None: a pung
        self.meld_from = 3
        self.meld_late = False
        self.notice = Notice()
        self.problems: list[Problem] = []
        self.by_key: dict[str, list[Problem]] = {}
        self.left: list[int] = []
        self.keys: list[str] = []  # the key of each control, parallel to self.widgets
        self.seat_rects: list[pygame.Rect] = []
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        self.status_y = 0
        self.problem_lines: list[tuple[pygame.Rect, list[str]]] = []
        self.unsaved_for: float | None = None  # seconds since a change not yet kept for next time
        self.version = 0  # bumped whenever the hand or the layout changes: the drawn picture is stale
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[object, ...] | None = None
        self.refresh()
        self.unsaved_for = None

    def _offer(self, calc: Calculator) -> None:
        """Make sure the hand's own ruleset is among the choices (a file may name one that is not)."""
        if calc.ruleset_ref not in [ref for _r, ref in self.rulesets]:
            self.rulesets.insert(0, (calc.rules, calc.ruleset_ref))

    def leave(self) -> None:
        self.keep_current()

    def keep_current(self) -> None:
        """Keep the hand being entered, so nothing typed is lost when the screen is left or the window closed."""
        hand_flow.keep_current(self)

    # ------------------------------------------------------------------ the model changed

    def refresh(self) -> None:
        """Check the hand again and lay the screen out for it."""
        self.refresh_after_change()
        self._fit_table()
        self.problems = self.calc.problems()
        self.left = self.calc.all_copies_left()
        self.by_key = {}
        for p in self.problems:
            self.by_key.setdefault(field_widget_key(p.field), []).append(p)
        self.rebuild()

    def _fit_table(self) -> None:
        """Keep the palette's target and the meld's source on seats of the table (a smaller ruleset was chosen)."""
        players = self.calc.players
        _kind, _, seat = self.target.partition(":")
        if seat.isdigit() and int(seat) >= players:
            self.target = "hand:0"
        if self.meld_from >= players:
            self.meld_from = players - 1

    def rebuild(self) -> None:
        """Build again, keeping the keyboard on the control with the same key."""
        key = self.keys[self.focus] if self.focus is not None and self.focus < len(self.keys) else None
        # The palette's light stays on the tile just placed: the next of a pair or a run is a step away.
        lit = next((w.kinds[w.cursor] for w in self.widgets if isinstance(w, Palette) and w.kinds), None)
        self.version = getattr(self, "version", 0) + 1
        self.keys = []
        super().rebuild()
        if key is not None and key in self.keys:
            self.focus = self.keys.index(key)
        for w in self.widgets:
            if isinstance(w, Palette) and lit in w.kinds:
                w.cursor = w.kinds.index(lit)

    def change(self, action: Callable[[], object]) -> None:
        """Run one change of the hand, then check and lay out again."""
        action()
        self.notice = Notice()
        self.refresh()

    def typed(self, action: Callable[[], bool]) -> bool:
        """Run one typed change of the hand, lay out again, and say whether it was taken."""
        ok = action()
        self.notice = Notice()
        self.refresh()
        return ok

    def refresh_after_change(self) -> None:
        """The hand changed: it is kept for next time once the changes pause (see update)."""
        if self.unsaved_for is None:
            self.unsaved_for = 0.0

    def add(self, widget: Widget, key: str, rect: pygame.Rect) -> Widget:
        """Place `widget` at `rect` under `key`."""
        widget.rect = rect
        self.widgets.append(widget)
        self.keys.append(key)
        return widget

    def is_target(self, key: str) -> bool:
        """Whether the palette's tiles go to the control `key`."""
        return key == self.target

    def set_target(self, key: str) -> None:
        """Send the palette's tiles to the control `key`."""
        self.target = key
        kind, _, seat = key.partition(":")
        if kind == "melds" and seat.isdigit() and self.meld_from == int(seat):
            self.meld_from = (int(seat) - 1) % self.calc.players  # the seat before: the usual feeder

    def pick(self, tile: Tile) -> None:
        """A tile from the palette, into the target field."""
        tile_input.pick(self, tile)

    # ------------------------------------------------------------------ layout

    def build(self) -> None:
        m = self.m
        w, h = self.size
        margin = m.px(14)
        top = m.px(52)
        row = m.px(34)
        build_header(self, row)
        # The seats at the left, the end of the hand at the right, the palette and the buttons below.
        left_w = round((w - 3 * margin) * 0.63)
        seats_h = h - top - m.px(226)
        seat_h = seats_h // self.calc.players  # a row per seat at the table (docs/rules.md §15.2)
        self.seat_rects = [
            pygame.Rect(margin, top + i * seat_h, left_w, seat_h - m.px(4)) for i in range(self.calc.players)
        ]
        self.problem_lines = []
        for i, block in enumerate(self.seat_rects):
            build_seat(self, i, block)
        panel_x = margin * 2 + left_w
        self.panel_rect = pygame.Rect(panel_x, top, w - panel_x - margin, seats_h - m.px(4))
        build_panel(self, self.panel_rect.inflate(-m.px(16), -m.px(12)))
        build_tools(self, margin, top + seats_h + m.px(4), row)
        if self.focus is None:
            self.focus = self.keys.index("hand:0")

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.load_file(Path(event.file))  # a hand file dropped on the window opens here
            return
        super().handle_event(event)

    def other_key(self, key: int) -> None:
        what = K.named(K.CALCULATOR, key)
        if what == "settle":
            self.settle()
        elif what == "save":
            self.save()
        elif what == "open":
            self.open()
        elif what == "to_palette":
            # Straight there and back: Tab would pass the fields between, each taking the palette's tiles in turn.
            wanted = "palette" if key == pygame.K_PAGEDOWN else self.target
            if wanted in self.keys:
                self.focus = self.keys.index(wanted)

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
        hand_flow.settle(self)

    def _store(self) -> HandStore:
        return hand_flow.store_of(self)

    def save(self) -> None:
        """Write the hand as a hand file in the player's folder and say where."""
        hand_flow.save(self)

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
        calc = hand_flow.read_file(self, path)
        if calc is None:
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
            if self.notice.bad or any(seat.hand or seat.melds or seat.discards for seat in self.calc.seats):
                draw_marks(self, self._picture)  # an empty hand is not yet wrong: the status line guides instead
            self._picture_key = key
        surface.blit(self._picture, (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_calculator(self, surface)

    def target_name(self) -> str:
        """Where the palette's tiles go, in words."""
        return target_name(self.target, self.calc.players)


def open_calculator(host: Host, calc: Calculator | None = None) -> CalculatorScene:
    """The calculator screen, empty or holding `calc`'s hand."""
    return CalculatorScene(host, calc)


screens.register("calculator", CalculatorScene)
