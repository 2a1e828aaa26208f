"""Name plates: each seat's wind, who sits there, the dealer mark 庄, 报听, the score, whose turn, an AI thinking."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import pygame

from ui import palette as pal
from ui import strings as S
from ui import text as T
from ui.layout import Layout
from ui.table.view import TableView

DEALER_RED = (200, 40, 36)
READY_BLUE = (40, 110, 190)
WIN_ORANGE = (230, 120, 30)
COUNT_GOLD = (176, 122, 20)
THINKING_GREEN = (40, 140, 90)


def plate_score(view: TableView, seat: int) -> int:
    """The score `seat`'s plate shows now (counting up while payments land)."""
    return view.scores[seat] if view.scores is not None else view.model.scores[seat]


def plate_signature(view: TableView, seat: int) -> tuple[object, ...]:
    """What seat `seat`'s plate shows."""
    m = view.model
    counted = view.counted[1] if view.counted is not None and view.counted[0] == seat else None
    won = m.win is not None and seat in m.win.winners
    ready = m.ready[seat] if m.ready is not None else None
    return (
        plate_score(view, seat),
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
        m.names,
        m.thinking == seat,
    )


def plate_name(seat: int, viewer: int, ai: bool, given: str = "") -> str:
    """The name on `seat`'s plate as `viewer` sees it: the person's own name when they gave one, else how the
    viewer calls the seat, marked when an AI plays it."""
    if given and not ai:
        return given
    name = S.seat_name(seat, viewer)
    if ai:
        name = f"{name}·{S.tr('ai_name')}" if S.language() == "zh" else f"{name} ({S.tr('ai_name')})"
    return name


def plate_text_jobs(layout: Layout) -> Iterator[Callable[[], object]]:
    """The plates' names at the sizes they shrink to beside their marks, and the dealer's streak: drawn ahead,
    as a new hand changes the marks on every plate at once."""
    fs = layout.font["plate"]
    small = max(T.MIN_TEXT - 1, round(fs * 0.8))
    for seat in range(4):
        for ai in (True, False):
            for size in range(fs, fs - 4, -1):
                yield partial(T.shadowed, plate_name(seat, 0, ai), size, pal.TEXT, True)
    for streak in range(1, 4):
        yield partial(T.shadowed, S.tr("streak", n=streak), small, pal.TEXT_GOLD)
    for key, colour in (("dealer_badge", DEALER_RED), ("declared_badge", READY_BLUE)):
        yield partial(_badge, S.tr(key), small, colour)


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
    number = view.counted[1] if counted and view.counted is not None and view.counted[1] > 0 else None
    if number is not None:
        # The count around the table shows in the seat's disc, where nothing else is drawn.
        disc = _badge(str(number), round(fs * 1.25), COUNT_GOLD)
    else:
        disc = _badge(S.wind(m.engine(seat)), round(fs * 1.25), (150, 30, 30) if seat == m.dealer else (30, 70, 55))
    disc_rect = disc.get_rect(center=(rect.left + pad + d // 2, rect.centery))
    surface.blit(disc, disc_rect)
    x = disc_rect.right + pad
    engine = m.engine(seat)
    given = m.names[engine] if engine < len(m.names) else ""
    name = plate_name(seat, view.model.viewer, view.autoplay or engine not in m.people, given)
    small = max(T.MIN_TEXT - 1, round(fs * 0.8))
    marks: list[pygame.Surface] = []  # after the name: 庄, its streak, 听
    if seat == m.dealer:
        marks.append(_badge(S.tr("dealer_badge"), small, DEALER_RED))
        if m.streak:
            marks.append(T.shadowed(S.tr("streak", n=m.streak), small, pal.TEXT_GOLD))
    if m.declared[seat]:
        marks.append(_badge(S.tr("declared_badge"), small, READY_BLUE))
    if m.thinking == seat:
        # An AI deciding off the frame loop: the table goes on drawing while it thinks.
        marks.append(_badge(S.tr("thinking_badge"), small, THINKING_GREEN))
    marks_w = sum(p.get_width() + 2 for p in marks)
    # The name gives way to the marks, which keep clear of the plate's edge.
    name_pic = T.fit(name, fs, max(10, rect.right - pad - x - marks_w - pad // 2), pal.TEXT, bold=True)
    surface.blit(name_pic, (x, rect.top + pad // 2))
    bx = x + name_pic.get_width() + pad // 2
    for pic in marks:
        surface.blit(pic, (bx, rect.top + pad // 2 + (name_pic.get_height() - pic.get_height()) // 2))
        bx += pic.get_width() + 2
    score = plate_score(view, seat)
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
