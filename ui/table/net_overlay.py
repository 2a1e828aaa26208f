"""What a network table adds over the table scene: who is connected or thinking, the clock, chat, drops.

It wraps the TableScene (drawing it, passing it the input and the time). Every frame it takes in
the network's news (never waiting on it), draws a mark at each seat's name plate, the turn timer,
the phrases the seats say (at their plates, for a few seconds) and a notice while the table waits
for a dropped player. F1-F8 say a phrase; every other input goes to the table.
"""

from __future__ import annotations

import pygame

from game.net.chat import PHRASES, phrase_text
from ui import palette as pal
from ui import strings as S
from ui import text as T
from ui.net_text import t
from ui.scene import Host, Scene
from ui.table.net_session import NetSession
from ui.table.scene import TableScene

CHAT_SHOWN = 4.0  # seconds a phrase stays at its seat
CHAT_KEYS = (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6, pygame.K_F7, pygame.K_F8)
ONLINE = (90, 210, 120)
OFFLINE = (220, 90, 80)
AI_MARK = (150, 170, 200)


class NetOverlay(Scene):
    """Seat marks, clock, chat and drop notices over a network table."""

    opaque = True  # it draws the table itself, then its marks over it

    def __init__(self, host: Host, table: TableScene, session: NetSession) -> None:
        super().__init__(host)
        self.table = table
        self.session = session
        self.now = 0.0
        self.turn_left: float | None = None
        self.wait_left: float | None = None
        self._status_seen: object = None
        self._rebuilt = session.rebuilt

    # ------------------------------------------------------------------ input and time

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in CHAT_KEYS:
            phrases = list(PHRASES)
            index = CHAT_KEYS.index(event.key)
            if index < len(phrases) and self.session.seat is not None:
                self.session.link.chat(phrases[index])
            return
        self.table.handle_event(event)

    def update(self, dt: float) -> None:
        self.now += dt
        self.session.pump(self.now)
        if self.session.rebuilt != self._rebuilt:
            # A snapshot after a rejoin: draw the hand afresh from what the host sent.
            self._rebuilt = self.session.rebuilt
            self.table.session.look(self.table.view_seat, self.table.view_seat)
            self.table.rebuild_view()
        status = self.session.status
        if status is not None:
            # The plates name people as people, though this computer plays only its own seat.
            people = frozenset(i for i, info in enumerate(status.seats) if info.kind == "human" and info.taken)
            if self.table.model.people != people:
                self.table.model.people = people
                self.table.board.invalidate()
        if status is not None and status is not self._status_seen:
            self._status_seen = status
            self.turn_left, self.wait_left = status.turn_left, status.wait_left
        else:
            self.turn_left = None if self.turn_left is None else max(0.0, self.turn_left - dt)
            self.wait_left = None if self.wait_left is None else max(0.0, self.wait_left - dt)
        self.table.update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)

    def enter(self) -> None:
        self.table.enter()

    def leave(self) -> None:
        self.table.leave()

    # ------------------------------------------------------------------ drawing

    def _plate(self, seat: int) -> pygame.Rect:
        """The name plate of engine seat `seat` on the turned table."""
        k = (seat - self.table.view_seat) % 4
        return self.table.layout.zones[f"plate{k}"]

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        status = self.session.status
        s = self.table.layout.scale
        small = max(11, round(14 * s))
        body = max(13, round(17 * s))
        if status is not None:
            for seat, info in enumerate(status.seats):
                plate = self._plate(seat)
                if info.ai_playing and info.kind == "ai":
                    colour, word = AI_MARK, t("mark_ai")
                elif info.connected:
                    colour, word = ONLINE, t("mark_online")
                elif info.taken:
                    colour, word = OFFLINE, t("mark_offline")
                else:
                    colour, word = AI_MARK, t("mark_ai")
                if info.ai_playing and info.kind == "human" and info.taken:
                    word = f"{word} · {t('mark_ai')}"
                if seat in status.moving:
                    word = f"{word} · {t('mark_thinking')}"
                if info.kind == "human" and not info.taken:
                    name, word = t("empty_seat"), ""
                else:
                    name = info.name
                label = T.shadowed(f"{name}  {word}".strip(), small, pal.TEXT)
                dot_r = max(4, round(5 * s))
                x, y = plate.left, plate.top - label.get_height() - round(4 * s)
                if y < 0:
                    y = plate.bottom + round(4 * s)
                pygame.draw.circle(surface, colour, (x + dot_r, y + label.get_height() // 2), dot_r)
                surface.blit(label, (x + 3 * dot_r, y))
            if status.claims:
                pic = T.shadowed(t("mark_claims"), small, pal.TEXT_MUTED)
                centre = self.table.layout.zones["compass"]
                surface.blit(pic, pic.get_rect(midtop=(centre.centerx, centre.bottom + round(4 * s))))
        if self.turn_left is not None:
            pic = T.shadowed(t("turn_left", left=round(self.turn_left)), body, pal.TEXT_GOLD, bold=True)
            centre = self.table.layout.zones["compass"]
            surface.blit(pic, pic.get_rect(midbottom=(centre.centerx, centre.top - round(4 * s))))
        for seat, phrase, when in self.session.chat:
            if self.now - when > CHAT_SHOWN:
                continue
            plate = self._plate(seat)
            bubble = T.shadowed(phrase_text(phrase, S.language()), body, (40, 30, 10), bold=True)
            box = bubble.get_rect().inflate(round(18 * s), round(10 * s))
            box.midbottom = (plate.centerx, plate.top - round(26 * s))
            box.clamp_ip(surface.get_rect())
            surface.blit(T.panel(box.size, round(10 * s), (250, 236, 200, 235), pal.PANEL_BORDER, 2), box.topleft)
            surface.blit(bubble, bubble.get_rect(center=box.center))
        if status is not None and status.waiting_for is not None:
            info = status.seats[status.waiting_for]
            left = round(self.wait_left if self.wait_left is not None else 0)
            text = t("dropped_notice", name=info.name or S.seat_name(status.waiting_for), left=left)
            pic = T.shadowed(text, body, pal.TEXT, bold=True)
            box = pic.get_rect().inflate(round(36 * s), round(18 * s))
            box.midtop = (surface.get_width() // 2, round(12 * s))
            surface.blit(T.panel(box.size, round(12 * s), (90, 24, 20, 235), pal.PANEL_BORDER, 2), box.topleft)
            surface.blit(pic, pic.get_rect(center=box.center))
        welcome = self.session.link.welcome
        if welcome is not None and welcome.chat and self.session.seat is not None:
            hint = T.shadowed(t("chat_keys"), small, pal.TEXT_MUTED)
            surface.blit(
                hint,
                hint.get_rect(bottomright=(surface.get_width() - round(8 * s), surface.get_height() - round(6 * s))),
            )
        notice = self.session.notice
        if notice is not None and notice.kind != "joined":
            word = t("refused", reason=notice.text) if notice.kind == "refused" else t("lost", reason=notice.text)
            if self.session.over is not None:
                word = t("match_over")
            pic = T.shadowed(word, body, pal.TEXT_GOLD, bold=True)
            surface.blit(pic, pic.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - round(8 * s))))
