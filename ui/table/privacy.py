"""The hand-off screen between people sharing one screen: it covers the whole table until the
seat named on it clicks, so no one glimpses another's concealed tiles."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.ruleset import Ruleset
from ui.kit.background import render_background
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import DEFAULT_SIZE, table_layout
from ui.stage.scene import Host, Scene
from ui.words import keys as K
from ui.words import strings as S


class PrivacyScene(Scene):
    """Covers the table (opaque: nothing below is drawn) and names the seat to play; a click or a key shows it."""

    opaque = True
    key_lines = K.HANDOFF

    def __init__(
        self,
        host: Host,
        seat: int,
        rules: Ruleset,
        name: str,
        on_reveal: Callable[[], None],
        on_escape: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(host)
        self.on_escape = on_escape  # Esc: what the table's Esc does (offer to leave), over this cover
        self.seat = seat
        self.rules = rules  # the table's: the seat's wind at its size (docs/rules.md §15.2), the felt's playing area
        self.players = rules.players
        self.name = name
        self.on_reveal = on_reveal
        self.size = host.stack.size if host.stack.size != (0, 0) else DEFAULT_SIZE
        self._felt: pygame.Surface | None = None

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.size = size
            self._felt = None

    def reveal(self) -> None:
        """Take the screen away and show the table to the seat."""
        self.host.stack.remove(self)
        self.on_reveal()

    def handle_event(self, event: pygame.event.Event) -> None:
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # The question opens over this screen, which stays: no hand shows while it is asked.
            if self.on_escape is not None:
                self.on_escape()
            return
        if clicked or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        ):
            self.reveal()

    def lines(self) -> list[tuple[str, str]]:
        """(style, text) of each line shown: the call, who may look, and how to go on."""
        wind = S.wind(self.seat, self.players)
        out = [("title", S.tr("privacy_call", wind=wind))]
        if self.name:
            out.append(("name", self.name))
        out += [("body", S.tr("privacy_only", wind=wind)), ("hint", S.tr("privacy_click"))]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        layout = table_layout(self.size, self.rules, self.host.settings.tile_size)
        if self._felt is None or self._felt.get_size() != self.size:
            felt = render_background(layout)
            shade = pygame.Surface(self.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            felt.blit(shade, (0, 0))
            self._felt = felt
        surface.blit(self._felt, (0, 0))
        s = layout.scale
        sizes = {
            "title": round(layout.font["banner"] * 1.3),
            "name": layout.font["title"],
            "body": layout.font["title"],
            "hint": layout.font["body"],
        }
        colours = {"title": pal.TEXT_GOLD, "name": pal.TEXT, "body": pal.TEXT, "hint": pal.TEXT_MUTED}
        pics = [T.shadowed(text, sizes[style], colours[style], bold=style == "title") for style, text in self.lines()]
        gap = round(18 * s)
        w = max(p.get_width() for p in pics) + round(120 * s)
        h = sum(p.get_height() for p in pics) + gap * (len(pics) - 1) + round(90 * s)
        box = pygame.Rect(0, 0, min(w, self.size[0] - 20), h)
        box.center = (self.size[0] // 2, self.size[1] // 2)
        surface.blit(T.panel(box.size, round(20 * s), pal.PANEL, pal.PANEL_BORDER, 2), box.topleft)
        # The seat's wind in a large disc above the text, so it reads from across the room.
        r = round(44 * s)
        disc = pygame.Rect(0, 0, 2 * r, 2 * r)
        disc.center = (box.centerx, box.top)
        pygame.draw.circle(surface, (150, 30, 30), disc.center, r)
        pygame.draw.circle(surface, pal.PANEL_BORDER, disc.center, r, max(2, round(3 * s)))
        wind = T.shadowed(S.wind(self.seat, self.players), round(r * 1.1), pal.TEXT, bold=True)
        surface.blit(wind, wind.get_rect(center=disc.center))
        y = box.top + round(55 * s)
        for pic in pics:
            surface.blit(pic, pic.get_rect(midtop=(box.centerx, y)))
            y += pic.get_height() + gap
