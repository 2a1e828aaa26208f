"""Replays: every finished hand kept as its event log, a list of them, and a viewer that steps through one.

The hands are kept by game.replaylog (one log file per match and an index of the hands). The viewer
applies a hand's events to a TableModel with nothing hidden: every hand is shown face up.
Stepping back rebuilds the table from the start up to the step before, which is cheap.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.events import Event, HandEnded, TilesDealt
from game.gamelog import LogError
from game.replaylog import HandEntry, hand_result, load_hand, read_index
from game.result import HandResult
from game.ruleset import Ruleset
from game.ruleset_loader import RulesetError
from game.ruleset_refs import load_ruleset_ref
from ui import palette as pal
from ui import screens
from ui import strings as S
from ui import text as T
from ui.kit.buttons import Button, draw_buttons, lay_out_buttons
from ui.kit.dialogs import NoticeScene
from ui.layout import DEFAULT_SIZE, Layout, compute_layout
from ui.scene import Host, Scene
from ui.settings import Speed
from ui.table.board import Board
from ui.table.insight import ChickenInfo, chicken_tiles, final_chickens
from ui.table.model import TableModel
from ui.table.view import TableView


def open_replays(app: Host) -> None:
    """Show the list of finished hands (the viewer opens from it)."""
    app.stack.push(ReplayListScene(app))


def stops(events: list[Event]) -> list[int]:
    """The steps of a replay: how many events are shown at each (the deal's grabs count as one step)."""
    out = [0]
    for i, e in enumerate(events):
        nxt = events[i + 1] if i + 1 < len(events) else None
        if isinstance(e, TilesDealt) and isinstance(nxt, TilesDealt):
            continue
        out.append(i + 1)
    return out


def model_at(events: list[Event], count: int, names: tuple[str, ...] = ("",) * 4) -> TableModel:
    """The table after the first `count` events, every hand face up; the plates carry the people's `names`."""
    model = TableModel(viewer=0)
    model.names = names
    model.people = frozenset(seat for seat, name in enumerate(names) if name) | {0}
    for e in events[:count]:
        model.apply(e)
    if not model.ended:
        for seat in range(1, 4):
            # The other seats' hands are drawn face up once laid open: lay them open, drawn tile last.
            model.revealed[seat] = tuple(model.concealed(seat))
    return model


# Seconds between steps while a replay plays, at normal speed (the speed setting scales it; instant is brisk).
PLAY_STEP = 0.8
INSTANT_STEP = 0.08


def replay_chickens(model: TableModel, rules: Ruleset) -> ChickenInfo:
    """The chicken panel of a replay: the 常鸡 throughout, and East's chickens with the turned tile at the end."""
    during = ChickenInfo(tuple(sorted(rules.chickens.fixed.items())), (), (), (), False)
    if not model.ended:
        return during
    flip = model.flip.tile if model.flip is not None else None
    return final_chickens(model, rules, chicken_tiles(rules, flip), during)


class ReplayViewerScene(Scene):
    """Plays or steps through one hand: P or the middle button plays and pauses, ← back, → forward,
    S the speed, Home / End, Esc to leave."""

    def __init__(
        self,
        host: Host,
        rules: Ruleset,
        events: list[Event],
        title: str,
        result: HandResult | None = None,
        names: tuple[str, ...] = ("",) * 4,
    ) -> None:
        super().__init__(host)
        self.names = names  # the people's names at the hand, by seat, on their plates
        self.playing = False
        self.speed: Speed = host.settings.speed if host.settings.speed is not Speed.INSTANT else Speed.NORMAL
        self.until_step = 0.0
        self.rules = rules
        self.result = result  # how the hand ended: "open in calculator" at the end of the hand
        self.events = events
        self.title = title
        self.stops = stops(events)
        self.step = 0
        self.layout: Layout = compute_layout(host.stack.size if host.stack.size != (0, 0) else DEFAULT_SIZE)
        self.board = Board()
        self.model = model_at(events, 0, names)
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
            self.model = model_at(self.events, self.shown, self.names)
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
            self.layout = compute_layout(size)
        self._lay_out()

    def _lay_out(self) -> None:
        play = S.tr("replay_pause") if self.playing else S.tr("replay_play")
        specs: list[tuple[str, str, Any, str, int | None]] = [
            (S.tr("replay_forward"), "pung", None, "forward", pygame.K_RIGHT),
            (play, "win", None, "play", pygame.K_p),
            (S.tr("replay_back"), "pung", None, "back", pygame.K_LEFT),
            (S.tr("replay_close"), "pass", None, "close", pygame.K_ESCAPE),
        ]
        if self.result is not None and self.step == len(self.stops) - 1:
            specs.insert(0, (S.tr("replay_calculator"), "kong", None, "calculator", pygame.K_c))
        self.buttons = lay_out_buttons(specs, self.layout.zones["buttons"], self.layout.font["button"])

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
        from game.calculator import Calculator

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
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.board.render(self.view()), (0, 0))
        draw_buttons(surface, self.buttons, self.layout.font["button"], self.hover, None)
        zone = self.layout.zones["prompt"]
        caption = S.tr("replay_step", step=self.step, steps=len(self.stops) - 1)
        small = self.layout.font["small"]
        bottom = zone.bottom
        # The step and the keys on as many lines as they need, at a readable size, above the buttons.
        for line in reversed(T.pack(caption.split(" · "), small, zone.width)):
            pic = T.fit(line, small, zone.width, pal.TEXT)
            surface.blit(pic, pic.get_rect(bottomright=(zone.right, bottom)))
            bottom -= pic.get_height()
        title = T.fit(self.title, self.layout.font["body"], zone.width, pal.TEXT_GOLD, bold=True)
        surface.blit(title, title.get_rect(bottomright=(zone.right, bottom)))


def seat_called(entry: HandEntry, seat: int) -> str:
    """A seat in the list of hands: its wind, with the person's name when they gave one (东·Ann)."""
    name = entry.names[seat] if seat < len(entry.names) else ""
    return f"{S.wind(seat)}·{name}" if name else S.wind(seat)


class ReplayListScene(Scene):
    """The finished hands, newest first: click one (or Enter) to watch it; Esc goes back."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.entries = list(reversed(read_index()))
        self._titles: dict[str, tuple[str, str]] = {}
        self.first = 0  # the topmost row shown
        self.selected = 0
        self.hover: int | None = None
        self.size = host.stack.size if host.stack.size != (0, 0) else DEFAULT_SIZE
        self.rows: list[pygame.Rect] = []
        self.back = Button("", pygame.Rect(0, 0, 1, 1), "pass")
        self.resize(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        layout = compute_layout(size)
        s = layout.scale
        self.font, self.title_font = layout.font["body"], layout.font["title"]
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40, round(900 * s)), h - round(60 * s))
        self.panel.center = (w // 2, h // 2)
        self.row_h = round(self.font * 2.2)
        top = self.panel.top + round(self.title_font * 2.6)
        bottom = self.panel.bottom - round(80 * s)
        n = max(1, (bottom - top) // self.row_h)
        inner = self.panel.inflate(-round(40 * s), 0)
        self.rows = [pygame.Rect(inner.left, top + i * self.row_h, inner.width, self.row_h - 4) for i in range(n)]
        area = pygame.Rect(inner.left, self.panel.bottom - round(66 * s), inner.width, round(48 * s))
        self.button_font = layout.font["button"]
        self.back = lay_out_buttons([(S.tr("replay_close"), "pass", None, "close", None)], area, self.button_font)[0]

    def _row_entry(self, i: int) -> int | None:
        k = self.first + i
        return k if k < len(self.entries) else None

    def _scroll_to(self, k: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, k))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + len(self.rows):
            self.first = self.selected - len(self.rows) + 1

    def open(self, k: int) -> None:
        """Watch entry `k` of the list."""
        entry = self.entries[k]
        try:
            rules, events = load_hand(entry)
        except (LogError, RulesetError, ValueError) as exc:
            self.host.stack.push(NoticeScene(self.host, S.tr("replay_bad_title"), str(exc)))
            return
        title = self.describe(entry)
        self.host.stack.push(ReplayViewerScene(self.host, rules, events, title, hand_result(entry), entry.names))

    def ruleset_title(self, name: str) -> str:
        """The ruleset's title as the game shows it; its file name when it no longer loads."""
        if name not in self._titles:
            try:
                rules = load_ruleset_ref(name)
                self._titles[name] = (rules.title_zh, rules.title_en)
            except (RulesetError, OSError, ValueError):
                self._titles[name] = (name, name)
        zh, en = self._titles[name]
        return zh if S.language() == "zh" else en

    def describe(self, e: HandEntry) -> str:
        """One line about a hand: when, which ruleset, which hand, who won."""
        who = "、".join(seat_called(e, w) for w in e.winners) if e.winners else S.tr("replay_drawn")
        won = S.tr("replay_won", who=who) if e.winners else who
        practice = f" · {S.tr('replay_practice')}" if e.practice else ""
        rules = self.ruleset_title(e.ruleset)
        return f"{e.time} · {rules} · {S.tr('replay_hand', n=e.hand)} · {won}{practice}"

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rows) if r.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back.hit(event.pos):
                self.host.stack.remove(self)
                return
            for i, r in enumerate(self.rows):
                k = self._row_entry(i)
                if r.collidepoint(event.pos) and k is not None:
                    self.selected = k
                    self.open(k)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_to(self.selected - event.y)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.host.stack.remove(self)
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self._scroll_to(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.entries:
                self.open(self.selected)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.TABLE_GREEN_DARK)
        surface.blit(T.panel(self.panel.size, 16, pal.PANEL, pal.PANEL_BORDER, 2), self.panel.topleft)
        title = T.shadowed(S.tr("replay_title"), self.title_font, pal.TEXT_GOLD, bold=True)
        surface.blit(title, (self.panel.left + 24, self.panel.top + round(self.title_font * 0.8)))
        if not self.entries:
            pic = T.shadowed(S.tr("replay_none"), self.font, pal.TEXT_MUTED)
            surface.blit(pic, pic.get_rect(center=self.panel.center))
        for i, rect in enumerate(self.rows):
            k = self._row_entry(i)
            if k is None:
                break
            e = self.entries[k]
            lit = k == self.selected or i == self.hover
            if lit:
                surface.blit(T.panel(rect.size, 8, (255, 255, 255, 28), pal.PANEL_BORDER, 1), rect.topleft)
            pic = T.fit(self.describe(e), self.font, rect.width * 2 // 3, pal.TEXT)
            surface.blit(pic, pic.get_rect(midleft=(rect.left + 12, rect.centery)))
            nets = "  ".join(f"{S.wind(s)} {n:+d}" for s, n in enumerate(e.nets))
            np = T.fit(nets, self.font, rect.width // 3 - 16, pal.TEXT_GOLD if lit else pal.TEXT_MUTED)
            surface.blit(np, np.get_rect(midright=(rect.right - 12, rect.centery)))
        draw_buttons(surface, [self.back], self.button_font, None, None)
