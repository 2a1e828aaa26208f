"""Replays: every finished hand kept as its event log, the list of them, and the viewer (ui/replays/viewer.py).

The hands are kept by game.records.replaylog (one log file per match and an index of the hands). The list
marks the hands people played, and at which seats, and deletes a match (its log and its hands in
the index) after asking.
"""

from __future__ import annotations

import pygame

from game.engine.actions import Action
from game.files.safe_paths import UnsafeName, inside
from game.files.userdirs import UserDirError, user_dirs
from game.match.replay import hand_result, load_hand
from game.records.gamelog import LogError
from game.records.replaylog import REPLAY_FOLDER, DeleteError, HandEntry, delete_match, read_index
from game.rules.loader import RulesetError
from game.rules.refs import load_ruleset_ref
from ui.kit.buttons import Button, draw_buttons, lay_out_buttons
from ui.kit.dialogs import ConfirmScene, NoticeScene
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import DEFAULT_SIZE, compute_layout
from ui.replays.viewer import PLAY_STEP, ReplayViewerScene, model_at, stops
from ui.stage import screens
from ui.stage.scene import Host, Scene
from ui.words import keys as K
from ui.words import strings as S

__all__ = ["PLAY_STEP", "ReplayListScene", "ReplayViewerScene", "model_at", "open_replays", "stops"]


def open_replays(app: Host) -> None:
    """Show the list of finished hands (the viewer opens from it)."""
    app.stack.push(ReplayListScene(app))


def seat_called(entry: HandEntry, seat: int) -> str:
    """A seat in the list of hands: its wind, with the person's name when they gave one (东·Ann)."""
    name = entry.names[seat] if seat < len(entry.names) else ""
    wind = S.wind(seat, entry.players)
    return f"{wind}·{name}" if name else wind


class ReplayListScene(Scene):
    """The finished hands, newest first: click one (or Enter) to watch it, R to review its match against the expert,
    Delete to delete its match; Esc goes back."""

    key_lines = K.REPLAY_LIST

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.entries = list(reversed(read_index()))
        self._titles: dict[str, tuple[str, str]] = {}
        self.first = 0  # the topmost row shown
        self.selected = 0
        self.hover: int | None = None
        self.size = host.stack.size if host.stack.size != (0, 0) else DEFAULT_SIZE
        self.rows: list[pygame.Rect] = []
        self.buttons: list[Button] = []
        self.resize(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        layout = compute_layout(size)
        s = layout.scale
        self.font, self.title_font = layout.font["body"], layout.font["title"]
        self.small = layout.font["small"]
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40, round(900 * s)), h - round(60 * s))
        self.panel.center = (w // 2, h // 2)
        # Two lines a row: the hand and how it ended, then when and under which rules.
        self.row_h = round(self.font * 1.5 + self.small * 1.5 + 8)
        top = self.panel.top + round(self.title_font * 2.6)
        bottom = self.panel.bottom - round(80 * s)
        n = max(1, (bottom - top) // self.row_h)
        inner = self.panel.inflate(-round(40 * s), 0)
        self.rows = [pygame.Rect(inner.left, top + i * self.row_h, inner.width, self.row_h - 4) for i in range(n)]
        area = pygame.Rect(inner.left, self.panel.bottom - round(66 * s), inner.width, round(48 * s))
        self.button_font = layout.font["button"]
        specs: list[tuple[str, str, Action | None, str, int | None]] = [
            (S.tr("replay_close"), "pass", None, "close", pygame.K_ESCAPE)
        ]
        if self.entries:
            specs.append((S.tr("replay_delete"), "plain", None, "delete", pygame.K_DELETE))
            specs.append((S.tr("rv_button"), "win", None, "review", pygame.K_r))
        self.buttons = lay_out_buttons(specs, area, self.button_font)

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
        # The table's own panel names the ruleset and the hand: the title says when and how it ended.
        title = f"{entry.time} · {self.outcome(entry)}"
        self.host.stack.push(ReplayViewerScene(self.host, rules, events, title, hand_result(entry), entry.names))

    def review(self, k: int) -> None:
        """Review entry `k`'s match for the seat the person played (ui.review), its hand chosen first."""
        entry = self.entries[k]
        try:
            path = inside(user_dirs().logs / REPLAY_FOLDER, entry.file, what="log file name")
        except (UnsafeName, UserDirError) as exc:
            self.host.stack.push(NoticeScene(self.host, S.tr("replay_bad_title"), str(exc)))
            return
        seat = entry.people[0] if entry.people else 0
        title = f"{self.ruleset_title(entry.ruleset)} · {entry.time}"
        screens.push(self.host, "review", path, seat, entry.players, title, entry.hand)

    def ask_delete(self, k: int) -> None:
        """Ask before deleting the match of entry `k` (every hand of it goes)."""
        file = self.entries[k].file
        hands = sum(1 for e in self.entries if e.file == file)
        message = S.tr("replay_delete_ask", n=hands, when=self.entries[k].time)
        self.host.stack.push(ConfirmScene(self.host, message, S.tr("replay_delete"), lambda: self.delete(file)))

    def delete(self, file: str) -> None:
        """Delete the match logged in `file`; if that fails, say why (the list and the files stay as they were)."""
        try:
            delete_match(file)
        except DeleteError as exc:
            self.host.stack.push(NoticeScene(self.host, S.tr("replay_delete_failed"), str(exc)))
            return
        self.entries = list(reversed(read_index()))
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self.first = max(0, min(self.first, self.selected))
        self.resize(self.size)

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

    @staticmethod
    def outcome(e: HandEntry) -> str:
        """How a hand ended: 东胡 · 练习, 黄庄."""
        who = S.names(seat_called(e, w) for w in e.winners) if e.winners else S.tr("replay_drawn")
        won = S.tr("replay_won", who=who) if e.winners else who
        return f"{won} · {S.tr('replay_practice')}" if e.practice else won

    def headline(self, e: HandEntry) -> str:
        """Which hand and how it ended: 第3局 · 东胡 · 练习."""
        return f"{S.tr('replay_hand', n=e.hand)} · {self.outcome(e)}"

    def describe(self, e: HandEntry) -> str:
        """One line about a hand: when, which ruleset, which hand, who won."""
        return f"{e.time} · {self.ruleset_title(e.ruleset)} · {self.headline(e)}"

    @staticmethod
    def mine(e: HandEntry) -> str:
        """The marker of a hand people played: at which seats ("" for a table of AIs)."""
        if not e.people:
            return ""
        return S.tr("replay_mine", seats=S.names(S.wind(p, e.players) for p in e.people))

    def _command(self, command: str) -> None:
        if command == "close":
            self.host.stack.remove(self)
        elif command == "delete" and self.entries:
            self.ask_delete(self.selected)
        elif command == "review" and self.entries:
            self.review(self.selected)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rows) if r.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self._command(b.command)
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
                self._command("close")
            elif event.key == pygame.K_DELETE:
                self._command("delete")
            elif event.key == pygame.K_r:
                self._command("review")
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
            self._draw_row(surface, rect, self.entries[k], k == self.selected or i == self.hover)
        draw_buttons(surface, self.buttons, self.button_font, None, None)

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, e: HandEntry, lit: bool) -> None:
        if lit:
            surface.blit(T.panel(rect.size, 8, (255, 255, 255, 28), pal.PANEL_BORDER, 1), rect.topleft)
        inner = rect.inflate(-24, -8)
        right_w = inner.width * 2 // 5
        left_w = inner.width - right_w - 12
        top = T.fit(self.headline(e), self.font, left_w, pal.TEXT, bold=lit)
        surface.blit(top, (inner.left, inner.top))
        when = T.fit(f"{e.time} · {self.ruleset_title(e.ruleset)}", self.small, left_w, pal.TEXT_MUTED)
        surface.blit(when, when.get_rect(bottomleft=inner.bottomleft))
        nets = "  ".join(f"{S.wind(s, e.players)} {n:+d}" for s, n in enumerate(e.nets))
        np = T.fit(nets, self.font, right_w, pal.TEXT_GOLD if lit else pal.TEXT_MUTED)
        surface.blit(np, np.get_rect(topright=inner.topright))
        mine = self.mine(e)
        if mine:
            tag = T.fit(mine, self.small, right_w, pal.TEXT_GOLD, bold=True)
            surface.blit(tag, tag.get_rect(bottomright=inner.bottomright))
