"""The compass in the middle: the winds of the seats that play facing them, whose turn it is, and the tiles left.

At three players the side across the table is empty and the compass names no one there; at two only the
bottom and the top are named (docs/rules.md §15.2)."""

from __future__ import annotations

import pygame

from ui.look import palette as pal
from ui.look import text as T
from ui.table.view import TableView
from ui.words import strings as S


def compass_signature(view: TableView) -> tuple[object, ...]:
    """What the compass shows."""
    m = view.model
    return (
        m.turn,
        m.remaining,
        m.dealer,
        m.hand_no,
        m.stacks is not None,
        view.dice,
        view.language,
        view.layout.size,
        m.turned_by,
    )


def draw_compass(surface: pygame.Surface, view: TableView, rect: pygame.Rect) -> None:
    """Draw the compass into `rect`."""
    m = view.model
    s = view.layout.scale
    radius = max(6, round(14 * s))
    surface.blit(T.panel(rect.size, radius, (6, 26, 18, 215), pal.PANEL_BORDER, max(1, round(2 * s))), rect.topleft)
    inner = rect.inflate(-round(10 * s), -round(10 * s))
    surface.blit(T.panel(inner.size, max(4, radius - 4), (0, 0, 0, 0), (255, 255, 255, 34), 1), inner.topleft)
    size = view.layout.font["compass"]
    bar = max(3, round(5 * s))
    for seat in m.places:
        is_turn = m.turn == seat
        if is_turn:
            _turn_bar(surface, rect, seat, bar, s)
        if view.dice:
            continue  # the dice roll in the middle of the table: the winds make way
        colour = pal.TEXT_RED if seat == m.dealer else (pal.TEXT_GOLD if is_turn else pal.TEXT_MUTED)
        if is_turn:
            # Dark on a gold chip: the turn reads by its lightness and shape, not by its gold alone.
            colour = pal.INK_RED_DARK if seat == m.dealer else pal.TEXT_DARK
        # Upright for everyone at the screen: a turned W reads as M, a turned 北 as a stranger's glyph.
        wind = S.wind(m.engine(seat), m.players)
        pic = T.label(wind, size, colour, bold=True) if is_turn else T.shadowed(wind, size, colour, bold=True)
        margin = round(8 * s) + bar
        pr = pic.get_rect()
        if seat == 0:
            pr.midbottom = (rect.centerx, rect.bottom - margin)
        elif seat == 1:
            pr.midright = (rect.right - margin, rect.centery)
        elif seat == 2:
            pr.midtop = (rect.centerx, rect.top + margin)
        else:
            pr.midleft = (rect.left + margin, rect.centery)
        if is_turn:
            chip = pr.inflate(round(10 * s), round(2 * s))
            chip.width = max(chip.width, chip.height + round(6 * s))
            chip.center = pr.center
            pygame.draw.rect(surface, pal.TEXT_GOLD, chip, border_radius=max(3, round(5 * s)))
            if seat == m.dealer:
                pygame.draw.rect(surface, pal.TEXT_RED, chip, max(1, round(2 * s)), border_radius=max(3, round(5 * s)))
        elif seat == m.dealer:
            # The dealer's wind is red, and ringed: the hue alone is lost on an eye weak in red.
            ring = max(pr.width, pr.height) // 2 + max(3, round(5 * s))
            pygame.draw.circle(surface, pal.TEXT_RED, pr.center, ring, max(1, round(2 * s)))
        surface.blit(pic, pr)
    if m.stacks is not None and not view.dice:
        big = T.shadowed(str(m.remaining), view.layout.font["count"], pal.TEXT, bold=True)
        surface.blit(big, big.get_rect(center=rect.center))


def _turn_bar(surface: pygame.Surface, rect: pygame.Rect, seat: int, bar: int, s: float) -> None:
    """A lit bar along the side of the compass facing the seat whose turn it is."""
    inset = round(16 * s)
    if seat == 0:
        r = pygame.Rect(rect.left + inset, rect.bottom - bar - 2, rect.width - 2 * inset, bar)
    elif seat == 2:
        r = pygame.Rect(rect.left + inset, rect.top + 2, rect.width - 2 * inset, bar)
    elif seat == 1:
        r = pygame.Rect(rect.right - bar - 2, rect.top + inset, bar, rect.height - 2 * inset)
    else:
        r = pygame.Rect(rect.left + 2, rect.top + inset, bar, rect.height - 2 * inset)
    glow = pygame.Surface(r.inflate(6, 6).size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (*pal.TEXT_GOLD, 70), glow.get_rect(), border_radius=bar + 3)
    surface.blit(glow, r.inflate(6, 6).topleft)
    pygame.draw.rect(surface, pal.TEXT_GOLD, r, border_radius=bar)
