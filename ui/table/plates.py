"""Name plates: each seat's wind, who sits there, the dealer mark 庄, 报听, the score, whose turn, an AI thinking."""

from __future__ import annotations

import pygame

from ui import palette as pal
from ui import strings as S
from ui import text as T
from ui.table.view import TableView

DEALER_RED = (200, 40, 36)
READY_BLUE = (40, 110, 190)
WIN_ORANGE = (230, 120, 30)
THINKING_GREEN = (40, 140, 90)


def plate_signature(view: TableView, seat: int) -> tuple[object, ...]:
    """What seat `seat`'s plate shows."""
    m = view.model
    counted = view.counted[1] if view.counted is not None and view.counted[0] == seat else None
    won = m.win is not None and seat in m.win.winners
    ready = m.ready[seat] if m.ready is not None else None
    return (
        m.scores[seat],
        m.dealer == seat,
        m.streak if m.dealer == seat else 0,
        m.declared[seat],
        m.turn == seat,
        counted,
        won,
        ready,
        view.autoplay,
        view.language,
        view.layout.size,
        m.turned_by,
        m.people,
        m.thinking == seat,
    )


def _badge(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    def make() -> pygame.Surface:
        label = T.label(text, size, pal.TEXT, bold=True)
        d = max(label.get_width(), label.get_height()) + 4
        out = pygame.Surface((d, d), pygame.SRCALPHA)
        pygame.draw.circle(out, colour, (d // 2, d // 2), d // 2)
        pygame.draw.circle(out, (255, 230, 200), (d // 2, d // 2), d // 2, 1)
        out.blit(label, label.get_rect(center=(d // 2, d // 2)))
        return out

    return T.cached(("badge", text, size, colour), make)


def draw_plate(surface: pygame.Surface, view: TableView, seat: int, rect: pygame.Rect) -> None:
    """Draw `seat`'s plate into `rect`."""
    m = view.model
    s = view.layout.scale
    radius = max(6, round(12 * s))
    turn = m.turn == seat
    counted = view.counted is not None and view.counted[0] == seat
    border = pal.TEXT_GOLD if turn or counted else pal.PANEL_BORDER
    surface.blit(T.panel(rect.size, radius, pal.PANEL, border, 3 if turn or counted else 1), rect.topleft)
    pad = round(8 * s)
    fs = view.layout.font["plate"]
    # The wind in a disc.
    d = rect.height - 2 * pad
    disc = _badge(S.wind(m.engine(seat)), round(fs * 1.25), (150, 30, 30) if seat == m.dealer else (30, 70, 55))
    disc_rect = disc.get_rect(center=(rect.left + pad + d // 2, rect.centery))
    surface.blit(disc, disc_rect)
    x = disc_rect.right + pad
    name = S.seat_name(seat, view.model.viewer)
    if view.autoplay or m.engine(seat) not in m.people:
        name = f"{name}·{S.tr('ai_name')}" if S.language() == "zh" else f"{name} ({S.tr('ai_name')})"
    name_pic = T.shadowed(name, fs, pal.TEXT, bold=True)
    surface.blit(name_pic, (x, rect.top + pad // 2))
    bx = x + name_pic.get_width() + pad // 2
    small = max(10, round(fs * 0.8))
    if seat == m.dealer:
        b = _badge(S.tr("dealer_badge"), small, DEALER_RED)
        surface.blit(b, (bx, rect.top + pad // 2 + (name_pic.get_height() - b.get_height()) // 2))
        bx += b.get_width() + 2
        if m.streak:
            st = T.shadowed(S.tr("streak", n=m.streak), small, pal.TEXT_GOLD)
            surface.blit(st, (bx, rect.top + pad // 2 + (name_pic.get_height() - st.get_height()) // 2))
            bx += st.get_width() + 2
    if m.declared[seat]:
        b = _badge(S.tr("declared_badge"), small, READY_BLUE)
        surface.blit(b, (bx, rect.top + pad // 2 + (name_pic.get_height() - b.get_height()) // 2))
        bx += b.get_width() + 2
    if m.thinking == seat:
        # An AI deciding off the frame loop: the table goes on drawing while it thinks.
        b = _badge(S.tr("thinking_badge"), small, THINKING_GREEN)
        surface.blit(b, (bx, rect.top + pad // 2 + (name_pic.get_height() - b.get_height()) // 2))
    score = m.scores[seat]
    colour = pal.TEXT_GOLD if score > 0 else (pal.TEXT_RED if score < 0 else pal.TEXT_MUTED)
    sc = T.shadowed(f"{score:+d}" if score else "0", view.layout.font["score"], colour, bold=True)
    surface.blit(sc, sc.get_rect(bottomleft=(x, rect.bottom - pad // 3)))
    tag = None
    if m.win is not None and seat in m.win.winners:
        tag = _badge(S.tr("call_win"), round(fs * 1.1), WIN_ORANGE)
    elif m.ready is not None and m.ready[seat]:
        tag = _badge(S.tr("declared_badge"), round(fs * 1.1), READY_BLUE)
    if tag is not None:
        # Beside the score, clear of the badges on the name line.
        surface.blit(
            tag, tag.get_rect(midleft=(x + sc.get_width() + pad, rect.bottom - pad // 3 - sc.get_height() // 2))
        )
    if counted and view.counted is not None and view.counted[1] > 0:
        num = T.outlined(str(view.counted[1]), round(fs * 1.6), pal.TEXT_GOLD, (60, 30, 0), max(1, round(2 * s)))
        surface.blit(num, num.get_rect(midright=(rect.right - pad, rect.centery)))
