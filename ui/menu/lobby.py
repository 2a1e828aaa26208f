"""The lobby of a network table: the code and addresses to share, who has sat down, the host's start button;
when the first hand is dealt the table opens under the network overlay."""

from __future__ import annotations

from functools import partial

import pygame

from game.net.client.thread import HostThread, NetLink
from game.net.wire.discovery import Announcer
from game.net.wire.protocol import StartRule
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.widgets import Button
from ui.look import palette as pal
from ui.look import text as T
from ui.menu.lan_parts import table_rules
from ui.menu.lan_words import ruleset_words, seat_text, seat_wind
from ui.menu.optional import optional_module
from ui.stage.scene import Host
from ui.table.net_overlay import NetOverlay
from ui.table.net_session import NetSession
from ui.table.scene import TableScene
from ui.words.net import link_words, t, t_count


class LobbyScene(MenuScene):
    """The players gather: the code and address to share, the seats, the host's start button."""

    def __init__(
        self,
        host: Host,
        ruleset: str,
        link: NetLink,
        hosting: HostThread | None,
        announcer: Announcer | None,
        urls: list[str],
        code: str,
    ) -> None:
        super().__init__(host)
        self.ruleset = ruleset
        self.link = link
        self.hosting = hosting
        self.announcer = announcer
        self.urls = urls
        self.code = code
        self.session: NetSession | None = None
        self.opened = False
        self.starts: StartRule = "host"  # what starts the match, as the host's welcome says

    def _session(self) -> NetSession | None:
        if self.session is None and self.link.welcome is not None:
            welcome = self.link.welcome
            rules = table_rules(welcome.ruleset, welcome.players)
            self.session = NetSession(rules, self.link, welcome.seat)
            self.session.hosting = self.hosting is not None
            self.ruleset = welcome.ruleset
            self.starts = welcome.starts
        return self.session

    def update(self, dt: float) -> None:
        session = self._session()
        if session is None:
            return
        session.pump()
        # A resumed match holds its hand until it starts: the lobby (and its start button) stays until then.
        if session.in_hand and not self.opened and session.status is not None and session.status.started:
            self.opened = True
            table = TableScene(self.host, session.rules, "network", session=session)
            overlay = NetOverlay(self.host, table, session)
            table.on_leave = partial(self.leave_table, overlay)  # Escape at the table, confirmed
            table.end_match = partial(self.match_ended, overlay)
            self.host.stack.push(overlay)
        if session.status is not None and not self.widgets:
            self.rebuild()

    def build(self) -> None:
        m = self.m
        w, h = self.size
        bw, bh = m.px(200), m.px(48)
        by = h - m.margin - bh + m.px(6)
        # A guest's one button stands in the middle; the host's Leave and Start side by side about it.
        left = w // 2 - m.gap - bw if self.hosting is not None else w // 2 - bw // 2
        self.widgets.append(Button(t("leave"), self.back, "pass", pygame.Rect(left, by, bw, bh)))
        if self.hosting is not None:
            self.widgets.append(Button(t("start"), self.start, "win", pygame.Rect(w // 2 + m.gap, by, bw, bh)))
        self.focus = len(self.widgets) - 1

    def leave_table(self, overlay: NetOverlay) -> None:
        """Leave the table and the lobby for the menu (the seat's token keeps it at the host)."""
        stack = self.host.stack.scenes()
        if self in stack:
            for scene in reversed(stack[stack.index(self) + 1 :]):  # the table and whatever is over it
                self.host.stack.remove(scene)
        self.host.stack.remove(overlay)
        self.back()

    def match_ended(self, overlay: NetOverlay) -> bool:
        """After the last settlement: the match's summary, as at one computer (True); before it, False."""
        session = self.session
        if session is None or session.over is None:
            return False
        self.leave_table(overlay)
        summary = optional_module("ui.settlement.summary")
        push = getattr(summary, "push_match_summary", None) if summary is not None else None
        if push is not None:
            seat = session.seat if session.seat is not None else 0
            push(self.host, tuple(session.over.scores), list(session.ledgers), seat, lambda: None)
        return True

    def start(self) -> None:
        """The host starts the match: empty seats are played by the AI until someone takes them."""
        if self.hosting is not None:
            self.hosting.start_match()

    def back(self) -> None:
        self.link.close()
        if self.announcer is not None:
            self.announcer.stop()
        if self.hosting is not None:
            self.hosting.stop()
        super().back()

    def draw_content(self, surface: pygame.Surface) -> None:
        y = self.title(surface, t("lobby_title"))
        m = self.m
        w, _h = self.size
        panel = pygame.Rect(m.margin + m.px(120), y + m.gap, w - 2 * (m.margin + m.px(120)), m.px(420))
        plate(surface, panel, m)
        x = panel.left + m.px(24)
        yy = panel.top + m.px(18)
        if self.code:
            pic = T.shadowed(f"{t('code')}  {self.code}", m.heading + m.px(8), pal.TEXT_GOLD, bold=True)
            surface.blit(pic, (x, yy))
            yy += pic.get_height() + m.gap
        for url in self.urls[:3]:
            pic = T.shadowed(f"{t('address')}  {url.removeprefix('ws://')}", m.body, pal.TEXT)
            surface.blit(pic, (x, yy))
            yy += pic.get_height() + m.px(4)
        if self.code:
            pic = T.shadowed(t("share"), m.small, pal.TEXT_MUTED)
            surface.blit(pic, (x, yy))
            yy += pic.get_height()
        yy += m.gap * 2
        session = self.session
        notice = self.link_notice()
        if notice:
            pic = T.shadowed(notice, m.body, pal.TEXT_GOLD)
            surface.blit(pic, (x, yy))
            return
        if session is None or session.status is None:
            pic = T.shadowed(t("connecting", url=self.urls[0] if self.urls else ""), m.body, pal.TEXT_MUTED)
            surface.blit(pic, (x, yy))
            return
        for seat, info in enumerate(session.status.seats):
            if info.kind == "ai":
                who, colour = seat_text(f"ai:{info.level}"), (150, 170, 200)
            elif info.taken:
                who = info.name
                colour = (90, 210, 120) if info.connected else (220, 90, 80)
            else:
                who, colour = t("empty_seat"), pal.TEXT_MUTED
            r = max(5, m.px(6))
            pic = T.shadowed(f"{seat_wind(seat, len(session.status.seats))}   {who}", m.body, pal.TEXT)
            pygame.draw.circle(surface, colour, (x + r, yy + pic.get_height() // 2), r)
            surface.blit(pic, (x + 3 * r, yy))
            yy += pic.get_height() + m.px(8)
        yy += m.gap
        hint = t("waiting_players") if self.hosting is not None else t(f"starts_{self.starts}")
        length = session.status.length
        how_long = t_count(f"length_{length.kind}", length.n)
        line = f"{ruleset_words(self.ruleset)}  ·  {how_long}  ·  {hint}"
        surface.blit(T.fit(line, m.small, panel.right - m.px(24) - x, pal.TEXT_MUTED), (x, yy))

    def link_notice(self) -> str:
        """A refusal or a lost connection, in words."""
        notice = self.link.ended
        if notice is None:
            return ""
        return link_words(notice.kind, notice.code, notice.text)
