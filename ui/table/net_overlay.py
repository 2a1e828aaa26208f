"""What a network table adds over the table scene: who is connected or thinking, the clock, chat, drops.

It wraps the TableScene (drawing it, passing it the input and the time). Every frame it takes in
the network's news (never waiting on it), draws a mark at each seat's name plate, the turn timer,
the phrases the seats say (at their plates, for a few seconds) and a notice while the table waits
for a dropped player. The chat button in the corner opens the quick phrases (F1-F8 say them too);
every other input goes to the table.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.net.wire import protocol as P
from game.net.wire.chat import PHRASES, phrase_text
from ui.kit.dialogs import NoticeScene
from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.stage.scene import Host, Scene
from ui.table.bubbles import bubble_rect
from ui.table.net_session import NetSession
from ui.table.plates import score_row_width
from ui.table.rotation import turned_seat
from ui.table.scene import TableScene
from ui.words import keys as K
from ui.words import strings as S
from ui.words.net import link_words, t

log = logging.getLogger(__name__)

CHAT_SHOWN = 4.0  # seconds a phrase stays at its seat
CHAT_KEYS = K.CHAT.codes  # F1-F8, as the network table's key help lists them
PHRASE_FILL = (24, 44, 34, 240)
PHRASE_LIT = (250, 236, 200, 245)  # the phrase under the pointer: a paper slip like the chat bubbles
PHRASE_LIT_TEXT = (40, 30, 10)
CHAT_OPEN_FILL = (60, 48, 20, 235)
DROPPED = (90, 24, 20, 235)
NEXT_HAND = (24, 60, 90, 235)


class LinkEnded(NoticeScene):
    """The connection to the table ended for good (the host left, or it could not be got back): OK leaves the table."""

    def __init__(self, host: Host, title: str, message: str, on_close: Callable[[], None] | None) -> None:
        super().__init__(host, title, message)
        self.on_close = on_close

    def close(self) -> None:
        """Take the notice away and leave the table for the menu."""
        super().close()
        if self.on_close is not None:
            self.on_close()


class NetOverlay(Scene):
    """Seat marks, clock, chat and drop notices over a network table."""

    opaque = True  # it draws the table itself, then its marks over it

    def __init__(self, host: Host, table: TableScene, session: NetSession) -> None:
        super().__init__(host)
        self.table = table
        table.front = self  # the table's frame is this scene's: what it draws over the table is marked as its own
        self.session = session
        self.chat_open = False  # the phrases are shown above the chat button
        self.pointed_phrase: str | None = None
        self.now = 0.0
        self._rebuilt = session.rebuilt
        self.told = False  # the dialog about the connection's end has been shown
        table.tuoguan.corner = self.chat_button  # the 托管 button sits over the chat button
        table.tuoguan.send = session.link.auto_play  # the host's AI plays the seat; its status says so
        self._status_told: object = None
        host.stack.watchers.append(self._watch)

    def key_help(self) -> tuple[K.KeyLine, ...]:
        """The table's keys; where the seats may chat, F1-F8 say the quick phrases instead of F1's guide."""
        if not self.chat_allowed():
            return self.table.key_help()
        return K.NET_TABLE

    # ------------------------------------------------------------------ input and time

    def handle_event(self, event: pygame.event.Event) -> None:
        # F1-F8 say the quick phrases where the seats may chat; elsewhere F1 is the table's own (the guide).
        if event.type == pygame.KEYDOWN and event.key in CHAT_KEYS and self.chat_allowed():
            phrases = list(PHRASES)
            index = CHAT_KEYS.index(event.key)
            if index < len(phrases):
                self.say(phrases[index])
            return
        if self.chat_open and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.chat_open = False
            return
        if event.type == pygame.MOUSEMOTION and self.chat_open:
            self.pointed_phrase = self.phrase_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._chat_click(event.pos):
            return
        self.table.handle_event(event)

    # ------------------------------------------------------------------ the chat button and its phrases

    def chat_allowed(self) -> bool:
        """True when this computer holds a seat at a table whose host lets the seats chat."""
        welcome = self.session.link.welcome
        return welcome is not None and welcome.chat and self.session.seat is not None

    def say(self, phrase: str) -> None:
        """Send a quick phrase; it shows at our plate when the host passes it round."""
        self.session.link.chat(phrase)
        self.chat_open = False

    def chat_button(self) -> pygame.Rect | None:
        """The chat button in the bottom right corner (None when chat is off or we only watch)."""
        if not self.chat_allowed():
            return None
        layout = self.table.layout
        w, h = layout.size
        font = layout.font["body"]
        label = T.shadowed(t("chat_button"), font, pal.TEXT, bold=True)
        rect = pygame.Rect(0, 0, label.get_width() + 2 * font, max(32, round(font * 2.2)))
        rect.bottomright = (w - layout.gap, h - layout.gap)
        return rect

    def phrase_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where each phrase's button sits while the phrases are open: two columns above the chat button."""
        button = self.chat_button()
        if button is None:
            return []
        layout = self.table.layout
        font = layout.font["body"]
        lang = S.language()
        widest = max(
            T.shadowed(self._phrase_label(i, p, lang), font, pal.TEXT).get_width() for i, p in enumerate(PHRASES)
        )
        cell_w, cell_h = widest + 2 * font, max(30, round(font * 2.0))
        rows = (len(PHRASES) + 1) // 2
        gap = max(4, layout.gap // 2)
        right, bottom = button.right, button.top - gap
        out = []
        for i, phrase in enumerate(PHRASES):
            col, row = divmod(i, rows)
            x = right - (2 - col) * cell_w - (1 - col) * gap
            y = bottom - (rows - row) * cell_h - (rows - 1 - row) * gap
            out.append((phrase, pygame.Rect(x, y, cell_w, cell_h)))
        return out

    @staticmethod
    def _phrase_label(index: int, phrase: str, lang: str) -> str:
        return f"F{index + 1}  {phrase_text(phrase, lang)}"

    def phrase_at(self, pos: tuple[int, int]) -> str | None:
        """The phrase whose button is at `pos`, if the phrases are open."""
        if not self.chat_open:
            return None
        return next((p for p, r in self.phrase_rects() if r.collidepoint(pos)), None)

    def _chat_click(self, pos: tuple[int, int]) -> bool:
        """A click on the chat button or the phrases (True: it was ours, the table does not get it)."""
        button = self.chat_button()
        if button is None:
            self.chat_open = False
            return False
        if button.collidepoint(pos):
            self.chat_open = not self.chat_open
            self.pointed_phrase = None
            return True
        if not self.chat_open:
            return False
        phrase = self.phrase_at(pos)
        if phrase is not None:
            self.say(phrase)
        self.chat_open = False  # a click anywhere else closes the phrases and does nothing more
        return True

    def notices(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        """The notices across the top: a dropped player waited for; our seat played by the AI until the next deal."""
        status = self.session.status
        out: list[tuple[str, tuple[int, int, int, int]]] = []
        if status is None:
            return out
        if status.waiting_for is not None:
            info = status.seats[status.waiting_for]
            wait_left = self.session.wait_left()
            left = round(wait_left if wait_left is not None else 0)
            out.append((t("dropped_notice", name=info.name or self._seat_name(status.waiting_for), left=left), DROPPED))
        seat = self.session.seat
        if seat is not None and status.started:
            mine = status.seats[seat]
            # Connected and still played by the AI: the seat was taken in the middle of a hand.
            if mine.kind == "human" and mine.connected and mine.ai_playing and not mine.tuoguan:
                out.append((t("seat_next_hand"), NEXT_HAND))
        return out

    def _draw_chat(self, surface: pygame.Surface) -> None:
        button = self.chat_button()
        mark = self.table.repaint.mark
        if button is None:
            return
        layout = self.table.layout
        font = layout.font["body"]
        radius = max(6, button.height // 3)
        fill = CHAT_OPEN_FILL if self.chat_open else pal.PANEL
        mark(surface.blit(T.panel(button.size, radius, fill, pal.PANEL_BORDER, 2), button.topleft))
        label = T.shadowed(t("chat_button"), font, pal.TEXT_GOLD if self.chat_open else pal.TEXT, bold=True)
        mark(surface.blit(label, label.get_rect(center=button.center)))
        if not self.chat_open:
            return
        lang = S.language()
        for i, (phrase, rect) in enumerate(self.phrase_rects()):
            lit = phrase == self.pointed_phrase
            mark(
                surface.blit(
                    T.panel(rect.size, radius, (250, 236, 200, 245) if lit else (24, 44, 34, 240), pal.PANEL_BORDER, 2),
                    rect.topleft,
                )
            )
            text = T.fit(
                self._phrase_label(i, phrase, lang), font, rect.width - font, (40, 30, 10) if lit else pal.TEXT
            )
            mark(surface.blit(text, text.get_rect(center=rect.center)))

    def update(self, dt: float) -> None:
        self.now += dt
        self.session.pump(self.now)
        if self.session.rebuilt != self._rebuilt:
            # A snapshot after a rejoin: draw the hand afresh from what the host sent.
            self._rebuilt = self.session.rebuilt
            self.table.moves.clear_controls()  # a question asked before the gap is asked again if it stands
            self.table.session.look(self.table.view_seat, self.table.view_seat)
            self.table.rebuild_view()
        status = self.session.status
        if status is not None:
            # The plates name people as people, with the names they joined with, though this computer plays only
            # its own seat (the settlement and the hand-off read the names too).
            people = frozenset(i for i, info in enumerate(status.seats) if info.kind == "human" and info.taken)
            names = tuple(info.name if i in people else "" for i, info in enumerate(status.seats))
            self.table.names = names
            self.table.model.people, self.table.model.names = people, names
        if status is not None and status is not self._status_told and self.session.seat is not None:
            self._status_told = status
            self.table.tuoguan.told(status.seats[self.session.seat].tuoguan)  # the clock may have put it there
        self.table.update(dt)
        if self.table.obs is not None:
            # The table asks the player now, its animations done: only now may the host's clock run.
            self.session.tell_shown()
        elif self.session.status is not None and self.session.status.claims and self.table.presenter.idle:
            # The discard the table answers is on the screen. Every window says so, claim or no claim (saying it
            # tells no one anything): the answering clock, the same for everyone, waits for all of them.
            self.session.tell_shown(answering=True)
        self._tell_link()
        if self.session.over is not None and self.table.phase == "hand" and not self.session.in_hand:
            # The host's word that the match is over came after the last settlement screen had closed:
            # the table would wait for a hand that is never dealt. The match ends now instead.
            end = self.table.end_match
            if end is not None:
                end()

    def _watch(self) -> None:
        """Every frame, whatever is on top (a settlement sheet, a dialog): the link's end is told at once."""
        if self not in self.host.stack.scenes():
            self.host.stack.watchers.remove(self._watch)  # the table was left: nothing more to tell
            return
        self._tell_link()

    def _tell_link(self) -> None:
        """The host closed the table, or the line could not be got back: a dialog says so, then the menu."""
        notice = self.session.link.ended  # set by the network thread: read without taking the messages in
        if notice is None or self.told or notice.kind not in ("lost", "host_left"):
            return
        self.told = True
        log.info("the table's connection ended (%s): %s", notice.kind, notice.text)
        title = t("host_left_title" if notice.kind == "host_left" else "lost_title")
        words = link_words(notice.kind, notice.code, notice.text)
        self.host.stack.push(LinkEnded(self.host, title, words, self.table.on_leave))

    def damage(self) -> list[pygame.Rect] | None:
        return self.table.damage()  # the overlay marks all it draws in the table's repaint

    def frame_rate(self) -> int | None:
        return None if self.chat_open else self.table.frame_rate()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)

    def enter(self) -> None:
        self.table.enter()

    def leave(self) -> None:
        self.table.leave()

    # ------------------------------------------------------------------ drawing

    def _place(self, seat: int) -> int:
        """Where engine seat `seat` sits on the turned table."""
        return turned_seat(seat, self.table.view_seat, self.table.rules.players)

    def _seat_name(self, seat: int) -> str:
        """How this window's player calls engine seat `seat` (你, 下家, 对家, 上家)."""
        return S.seat_name(seat, self.table.view_seat, self.table.rules.players)

    def _plate(self, seat: int) -> pygame.Rect:
        """The name plate of engine seat `seat` on the turned table."""
        return self.table.layout.zones[f"plate{self._place(seat)}"]

    def _mark(self, seat: int, info: P.SeatInfo, status: P.Status) -> tuple[marks.LinkState, str]:
        """The seat's link mark (ui/look/marks.py link_dot) and the words at its plate: only what the plate (its
        name, 电脑) does not say."""
        parts: list[str] = []
        state: marks.LinkState
        if info.kind == "ai":
            state = "ai"  # the plate already says 电脑
        elif not info.taken:
            state = "ai"
            parts.append(t("mark_empty"))
        else:
            # The plate names the person and the full disc says they are connected: words only for a drop.
            state = "connected" if info.connected else "dropped"
            if not info.connected:
                parts.append(t("mark_offline"))
            elif info.ai_playing:
                state = "ai"  # on the line, and the computer plays for them (托管, or until the next deal)
            # At our own plate the prompt says it is our move.
            if info.ai_playing:
                parts.append(t("mark_tuoguan") if info.tuoguan else t("mark_ai"))
        if seat in status.moving and seat != self.session.seat:
            parts.append(t("mark_thinking"))
        return state, " · ".join(p for p in parts if p)

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        mark = self.table.repaint.mark
        status = self.session.status
        s = self.table.layout.scale
        small = max(11, round(14 * s))
        body = max(13, round(17 * s))
        # While the table loads its pictures it shows only its loading banner: no plates to mark yet.
        if status is not None and not self.table.loading:
            view = self.table.view()
            for seat, info in enumerate(status.seats):
                plate = self._plate(seat)
                state, text = self._mark(seat, info, status)
                # Inside the plate, on its score row at the right: the plates of the side column sit too
                # close together for a line between them.
                dot_r = max(5, round(6 * s))
                pad = max(4, round(8 * s))
                # Clear of the wind's disc and the score at the row's left.
                room = plate.width - 3 * pad - score_row_width(view, self._place(seat)) - 3 * dot_r
                label = T.fit(text or " ", small, room, pal.TEXT)
                right, bottom = plate.right - pad, plate.bottom - pad
                x, y = right - (label.get_width() if text else 0), bottom - label.get_height()
                dot = marks.link_dot(2 * dot_r + 2, state)
                mark(surface.blit(dot, dot.get_rect(center=(x - 2 * dot_r, y + label.get_height() // 2))))
                mark(surface.blit(label, (x, y)))
            if status.claims and not self.table.message and not self.table.buttons:
                # In the prompt's place (empty while we have no claim of our own): under the compass it
                # ran into the pond.
                zone = self.table.layout.zones["prompt"]
                pic = T.fit(t("mark_claims"), body, zone.width, pal.TEXT_MUTED)
                mark(surface.blit(pic, pic.get_rect(bottomright=zone.bottomright)))
        # Over the compass, where the dice tumble during the opening: it waits for them to settle.
        # The host's clock, counted down from its last word: never one of this window's own.
        turn_left = self.session.turn_left()
        if turn_left is not None and not self.table.presenter.dice_showing():
            pic = T.shadowed(t("turn_left", left=round(turn_left)), body, pal.TEXT_GOLD, bold=True)
            centre = self.table.layout.zones["compass"]
            mark(surface.blit(pic, pic.get_rect(midbottom=(centre.centerx, centre.top - round(4 * s)))))
        for seat, phrase, when in self.session.chat:
            if self.now - when > CHAT_SHOWN:
                continue
            plate = self._plate(seat)
            bubble = T.shadowed(phrase_text(phrase, S.language()), body, (40, 30, 10), bold=True)
            size = bubble.get_rect().inflate(round(18 * s), round(10 * s)).size
            box = bubble_rect(surface.get_size(), size, plate, self.table.layout.zones, round(8 * s))
            mark(surface.blit(T.panel(box.size, round(10 * s), (250, 236, 200, 235), pal.PANEL_BORDER, 2), box.topleft))
            mark(surface.blit(bubble, bubble.get_rect(center=box.center)))
        top = round(12 * s)
        for text, fill in self.notices():
            pic = T.shadowed(text, body, pal.TEXT, bold=True)
            box = pic.get_rect().inflate(round(36 * s), round(18 * s))
            box.midtop = (surface.get_width() // 2, top)
            mark(surface.blit(T.panel(box.size, round(12 * s), fill, pal.PANEL_BORDER, 2), box.topleft))
            mark(surface.blit(pic, pic.get_rect(center=box.center)))
            top = box.bottom + round(6 * s)
        self._draw_chat(surface)
        notice = self.session.notice
        shown = self.table.phase != "hand" or not self.session.in_hand
        if notice is not None and self.session.over is not None and shown:
            # A lost connection or a closed table is told in a dialog (see _tell_link); the match's end here,
            # once the table has shown the last hand's end (the host may finish it before the animation does).
            pic = T.shadowed(t("match_over"), body, pal.TEXT_GOLD, bold=True)
            mark(
                surface.blit(
                    pic, pic.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - round(8 * s)))
                )
            )
