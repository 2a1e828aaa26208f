"""The replay viewer: one hand stepped through or played, every hand face up.

It applies the hand's events to a TableModel with nothing hidden. Stepping back rebuilds the table
from the start up to the step before, which is cheap.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement.chickens import chicken_tiles, fixed_chickens
from game.engine.events import Event, HandEnded, HandStarted, TilesDealt
from ui.kit.buttons import Button, draw_buttons, lay_out_buttons
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import DEFAULT_SIZE, Layout, table_layout
from ui.settings.values import Speed
from ui.stage import screens
from ui.stage.scene import Host, Scene
from ui.table.board import Board
from ui.table.insight import ChickenInfo, final_chickens
from ui.table.model import TableModel
from ui.table.rotation import turn_event
from ui.table.view import TableView
from ui.words import keys as K
from ui.words import strings as S


def stops(events: list[Event]) -> list[int]:
    """The steps of a replay: how many events are shown at each (the deal's grabs count as one step)."""
    out = [0]
    for i, e in enumerate(events):
        nxt = events[i + 1] if i + 1 < len(events) else None
        if isinstance(e, TilesDealt) and isinstance(nxt, TilesDealt):
            continue
        out.append(i + 1)
    return out


def model_at(
    events: list[Event],
    count: int,
    players: int,
    names: tuple[str, ...] = (),
    turned_by: int = 0,
    face_up: bool = True,
) -> TableModel:
    """The table of `players` after the first `count` events, every hand face up unless not `face_up`; the plates
    carry the people's `names`. The events are those of the table turned for engine seat `turned_by`
    (ui.table.rotation's turn_event)."""
    model = TableModel(players, viewer=0)
    model.turned_by = turned_by
    model.names = names or ("",) * players
    model.people = frozenset(seat for seat, name in enumerate(names) if name) | {turned_by}
    for e in events[:count]:
        model.apply(e)
    # The replay names its hand from its first step, before the hand's first event is shown.
    model.hand_no = model.hand_no or next((e.hand for e in events if isinstance(e, HandStarted)), 0)
    if face_up and not model.ended:
        for seat in model.places[1:]:
            # The other seats' hands are drawn face up once laid open: lay them open, drawn tile last.
            model.revealed[seat] = tuple(model.concealed(seat))
    return model


def lay_out_rows(specs: list[tuple[str, str, Any, str, int | None]], area: pygame.Rect, font: int) -> list[Button]:
    """Buttons as lay_out_buttons places them when they fit in `area` at full width; otherwise two to a row,
    the first two on the bottom row and the rest on rows above it, so every label keeps its words."""
    h = area.height
    gap = max(4, h // 6)
    natural = sum(max(round(h * 1.7), T.label(spec[0], font, bold=True).get_width() + h) for spec in specs)
    if natural + gap * (len(specs) - 1) <= area.width:
        return lay_out_buttons(specs, area, font)
    out: list[Button] = []
    for i in range(0, len(specs), 2):
        out += lay_out_buttons(specs[i : i + 2], area.move(0, -(i // 2) * (h + gap + 4)), font)
    return out


# Seconds between steps while a replay plays, at normal speed (the speed setting scales it; instant is brisk).
PLAY_STEP = 0.8
INSTANT_STEP = 0.08


def replay_chickens(model: TableModel, rules: Ruleset) -> ChickenInfo:
    """The chicken panel of a replay: the 常鸡 throughout, and East's chickens with the turned tile at the end."""
    during = ChickenInfo(fixed_chickens(rules), (), (), (), False)
    if not model.ended:
        return during
    flip = model.flip.tile if model.flip is not None else None
    return final_chickens(model, rules, chicken_tiles(rules, flip), during)


class ReplayViewerScene(Scene):
    """Plays or steps through one hand: P or the middle button plays and pauses, ← back, → forward,
    S the speed, Home / End, Esc to leave."""

    key_lines = K.REPLAY

    def __init__(
        self,
        host: Host,
        rules: Ruleset,
        events: list[Event],
        title: str,
        result: HandResult | None = None,
        names: tuple[str, ...] = (),
        turned_by: int = 0,
        face_up: bool = True,
    ) -> None:
        """`events` are the hand's as the engine says them (as seat `turned_by` may see them when not `face_up`):
        the viewer seats them round the table turned for that seat."""
        super().__init__(host)
        # A replay may show the table as one seat saw it: turned for it, the others' tiles face down.
        self.turned_by, self.face_up = turned_by, face_up
        self.names = names  # the people's names at the hand, by seat, on their plates
        self.playing = False
        self.speed: Speed = host.settings.speed if host.settings.speed is not Speed.INSTANT else Speed.NORMAL
        self.until_step = 0.0
        self.rules = rules
        self.result = result  # how the hand ended: "open in calculator" at the end of the hand
        self.events = [turn_event(e, turned_by, rules.players) for e in events]
        self.title = title
        self.stops = stops(events)
        self.step = 0
        size = host.stack.size if host.stack.size != (0, 0) else DEFAULT_SIZE
        self.layout: Layout = table_layout(size, rules, host.settings.tile_size)
        self.board = Board()
        self.model = model_at(self.events, 0, rules.players, names, turned_by, face_up)
        self.buttons: list[Button] = []
        self.hover: int | None = None
        self._lay_out()

    @property
    def shown(self) -> int:
        """How many events the table shows now."""
        return self.stops[self.step]

    def go(self, step: int) -> None:
        """Show step `step` (clamped to the hand)."""
        step = max(0, min(len(self.stops) - 1, step))
        if step != self.step:
            self.step = step
            self.model = model_at(self.events, self.shown, self.rules.players, self.names, self.turned_by, self.face_up)
            self._lay_out()

    @property
    def at_end(self) -> bool:
        """True when the last step is shown."""
        return self.step >= len(self.stops) - 1

    def step_time(self) -> float:
        """Seconds each step stays on screen while playing, at the replay's speed."""
        return PLAY_STEP * self.speed.factor if self.speed.factor > 0 else INSTANT_STEP

    def toggle_play(self) -> None:
        """Play from here (from the start once the end is reached), or pause."""
        if not self.playing and self.at_end:
            self.go(0)
        self.playing = not self.playing
        self.until_step = self.step_time()
        self._lay_out()

    def pause(self) -> None:
        """Stop playing (stepping by hand pauses)."""
        if self.playing:
            self.playing = False
            self._lay_out()

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.until_step -= dt
        while self.until_step <= 0 and self.playing:
            self.go(self.step + 1)
            self.until_step += self.step_time()
            if self.at_end:
                self.pause()

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.layout.size:
            self.layout = table_layout(size, self.rules, self.host.settings.tile_size)
        self._lay_out()

    def _lay_out(self) -> None:
        play = S.tr("replay_pause") if self.playing else S.tr("replay_play")
        specs: list[tuple[str, str, Any, str, int | None]] = [
            # Forward and back stay side by side on the bottom row, whatever wraps above them.
            (S.tr("replay_forward"), "pung", None, "forward", pygame.K_RIGHT),
            (S.tr("replay_back"), "pung", None, "back", pygame.K_LEFT),
            (play, "win", None, "play", pygame.K_p),
            (S.tr("replay_close"), "pass", None, "close", pygame.K_ESCAPE),
        ]
        if self.result is not None and self.step == len(self.stops) - 1:
            # The calculator enters a hand of any table size (docs/rules.md §15.2).
            specs.append((S.tr("replay_calculator"), "kong", None, "calculator", pygame.K_c))
        self.buttons = lay_out_rows(specs, self.layout.zones["buttons"], self.layout.font["button"])

    def _command(self, command: str) -> None:
        if command == "forward":
            self.pause()
            self.go(self.step + 1)
        elif command == "back":
            self.pause()
            self.go(self.step - 1)
        elif command == "play":
            self.toggle_play()
        elif command == "close":
            self.host.stack.remove(self)
        elif command == "calculator" and self.result is not None:
            self.open_in_calculator(self.result)

    def open_in_calculator(self, result: HandResult) -> None:
        """Open the hand as it ended in the score calculator."""
        from game.calculator.sheet import Calculator

        screens.push(self.host, "calculator", Calculator.from_result(result, self.rules))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(self.buttons) if b.hit(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self._command(b.command)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self.pause()
            self.go(self.step - event.y)
        elif event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: self.step + 1,
                pygame.K_LEFT: self.step - 1,
                pygame.K_BACKSPACE: self.step - 1,
                pygame.K_PAGEDOWN: self.step + 10,
                pygame.K_PAGEUP: self.step - 10,
                pygame.K_HOME: 0,
                pygame.K_END: len(self.stops) - 1,
            }
            if event.key in keys:
                self.pause()
                self.go(keys[event.key])
            elif event.key in (pygame.K_p, pygame.K_SPACE):
                self.toggle_play()
            elif event.key == pygame.K_s:
                self.speed = self.speed.next() if self.speed is not Speed.FAST else Speed.SLOW
            elif event.key == pygame.K_ESCAPE:
                self._command("close")
            elif event.key == pygame.K_c and any(b.command == "calculator" for b in self.buttons):
                self._command("calculator")

    def view(self) -> TableView:
        """The frame's snapshot: the model at this step, nothing hidden."""
        ended = next((e for e in self.events[: self.shown] if isinstance(e, HandEnded)), None)
        return TableView(
            layout=self.layout,
            model=self.model,
            rules=self.rules,
            lit=4 if ended is not None else 0,
            chicken_info=replay_chickens(self.model, self.rules),
            speed_name=S.tr("speed_" + self.speed.value) + ("" if self.playing else S.tr("replay_paused")),
            language=S.language(),
            keys_help="keys_help_replay",  # not the table's: no hint, 托管 or skip in a replay
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.board.render(self.view()), (0, 0))
        draw_buttons(surface, self.buttons, self.layout.font["button"], self.hover, None)
        zone = self.layout.zones["prompt"]
        small, body = self.layout.font["small"], self.layout.font["body"]
        # Between the plate above and the top row of buttons (two or three rows when they do not fit in one).
        bottom = min([zone.bottom, *(b.rect.top - 6 for b in self.buttons)])
        ceiling = self.layout.zones["plate1"].bottom + 4
        caption = S.tr("replay_step", step=self.step, steps=len(self.stops) - 1).split(" · ")
        step = [(caption[0], small, pal.TEXT, False)]
        keys = [(line, small, pal.TEXT, False) for line in T.pack(caption[1:], small, zone.width)]
        title, small_title = (
            [(line, size, pal.TEXT_GOLD, True) for line in T.pack(self.title.split(" · "), size, zone.width, bold=True)]
            for size in (body, small)
        )
        # What does not fit goes, the key hints first (the buttons say the same); then the title shrinks to the
        # small size before any of it goes, since its last words say whether the hand was a practice one.
        options = (title + step + keys, title + step, small_title + step, small_title[:1] + step, step)
        for lines in options:
            if sum(T.shadowed(text, size).get_height() for text, size, _, _ in lines) <= bottom - ceiling:
                break
        for text, size, colour, bold in reversed(lines):
            pic = T.fit(text, size, zone.width, colour, bold=bold)
            surface.blit(pic, pic.get_rect(bottomright=(zone.right, bottom)))
            bottom -= pic.get_height()
