"""What the calculator draws besides its controls: the title, each seat's heading and tile count, the problem
lines, and the status line with where the palette's tiles go."""

from __future__ import annotations

import pygame

from game.calculator.sheet import MAX_CONCEALED
from ui.calculator.calc_state import CalcState
from ui.calculator.header import title_picture
from ui.calculator.naming import seat_heading, target_name
from ui.calculator.seat_rows import HEAD_WIDTH
from ui.kit.metrics import plate
from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.words import strings as S

PLATE_FILL = (10, 30, 22, 170)


def _seat_plate(s: CalcState, surface: pygame.Surface, i: int, block: pygame.Rect) -> None:
    """Seat `i`'s plate: its heading, the dealer's badge, and how many tiles it holds of how many it should."""
    m, calc = s.m, s.calc
    plate(surface, block, m, PLATE_FILL)
    head = T.shadowed(seat_heading(i, calc.players), m.body, pal.TEXT_GOLD, bold=True)
    surface.blit(head, (block.left + m.px(10), block.top + m.px(8)))
    y = block.top + m.px(8) + head.get_height()
    if i == calc.dealer:
        badge = T.shadowed(S.tr("dealer_badge"), m.small, pal.INK_RED, bold=True)
        surface.blit(badge, (block.left + m.px(10), y))
        y += badge.get_height()
    seat = calc.seats[i]
    have = len(seat.hand) + 3 * len(seat.melds)
    want = MAX_CONCEALED  # a winner's too: its 14th tile is 胡的牌, entered there
    colour = pal.TEXT if have == want else pal.TEXT_MUTED
    words = S.tr("calc_count", n=have, want=want)
    if i in calc.stand_ins():
        words, colour = S.tr("calc_stand_in"), pal.TEXT_GOLD  # a stand-in hand: no count to make up
    count = T.fit(words, m.small, m.px(HEAD_WIDTH - 12), colour)  # ending before the rows and the problem line
    surface.blit(count, (block.left + m.px(10), y))


def mark_size(s: CalcState) -> int:
    """The side of the crosses and ticks that mark problems and a hand that stands."""
    return max(10, round(s.m.small * 0.95))


def _problem_lines(s: CalcState, surface: pygame.Surface) -> None:
    """Each problem's words in red after a cross: the cross says it is a problem to an eye that misses the red."""
    m = s.m
    line_h = round(m.small * 1.3)
    cross = marks.cross(mark_size(s))
    indent = cross.get_width() + m.px(4)
    for rect, lines in s.problem_lines:
        y = rect.top
        for n, text in enumerate(lines):
            pic = T.fit(text, m.small, rect.width - indent, pal.TEXT_RED)
            if n and y + pic.get_height() > rect.bottom:
                break  # (the first line always shows: its rows leave it the room)
            surface.blit(cross, cross.get_rect(midleft=(rect.left, y + pic.get_height() // 2)))
            surface.blit(pic, (rect.left + indent, y))
            y += line_h


def marked(s: CalcState) -> list[pygame.Rect]:
    """The controls framed in red: each one that a problem of the hand belongs to."""
    return [s.widgets[n].rect for n, key in enumerate(s.keys) if s.by_key.get(key)]


def draw_marks(s: CalcState, surface: pygame.Surface) -> None:
    """A red frame over each control with a problem, a cross on its corner (the frame of the control being typed in
    is gold: the cross tells the two apart without their colours), drawn over the controls so nothing hides them."""
    m = s.m
    cross = marks.cross_badge(round(mark_size(s) * 1.3))
    for rect in marked(s):
        frame = rect.inflate(m.px(4), m.px(4))
        pygame.draw.rect(surface, pal.TEXT_RED, frame, max(2, m.px(2)), m.px(8))
        surface.blit(cross, cross.get_rect(center=(frame.right - m.px(3), frame.top + m.px(3))))


def status(s: CalcState) -> tuple[str, pal.RGB]:
    """The status line and its colour: the last notice, else whether the hand stands (its problems are each
    shown in red at their controls, those of no control at the foot of the panel)."""
    if s.notice.text:
        return s.notice.text, pal.TEXT_RED if s.notice.bad else pal.TEXT_GOLD
    if not any(seat.hand or seat.melds or seat.discards for seat in s.calc.seats):
        return S.tr("calc_start"), pal.TEXT_GOLD
    if s.problems:
        return S.tr("calc_impossible", n=len(s.problems)), pal.TEXT_MUTED
    return S.tr("calc_ok"), pal.TEXT_GOLD


def status_mark(s: CalcState) -> pygame.Surface | None:
    """The mark before the status line: a cross for a failed step or a hand with problems, a tick for a hand that
    stands or a step done, none while nothing is entered."""
    if s.notice.text:
        return marks.cross(mark_size(s)) if s.notice.bad else marks.tick(mark_size(s))
    if not any(seat.hand or seat.melds or seat.discards for seat in s.calc.seats):
        return None
    return marks.cross(mark_size(s)) if s.problems else marks.tick(mark_size(s))


def _status_line(s: CalcState, surface: pygame.Surface) -> None:
    m = s.m
    w, h = s.size
    text, colour = status(s)
    where = target_name(s.target, s.calc.players)
    place = T.fit(S.tr("calc_target", place=where), m.small, m.px(360), pal.TEXT_MUTED)
    surface.blit(place, place.get_rect(topright=(w - m.px(16), s.status_y)))
    words = T.fit(text, m.small, w - m.px(400), colour)
    x = m.px(16)
    sign = status_mark(s)
    if sign is not None:
        surface.blit(sign, sign.get_rect(midleft=(x, s.status_y + words.get_height() // 2)))
        x += sign.get_width() + m.px(4)
    surface.blit(words, (x, s.status_y))
    hint = T.fit(S.tr("calc_keys"), m.small, w - 2 * m.px(16), pal.TEXT_MUTED)  # the row under the buttons
    surface.blit(hint, hint.get_rect(bottomright=(w - m.px(16), h - m.px(8))))


def draw_calculator(s: CalcState, surface: pygame.Surface) -> None:
    """Everything of the calculator but its controls, under them."""
    m = s.m
    title = title_picture(m)
    surface.blit(title, (m.px(16), m.px(10) + (m.px(34) - title.get_height()) // 2))
    for i, block in enumerate(s.seat_rects):
        _seat_plate(s, surface, i, block)
    plate(surface, s.panel_rect, m, PLATE_FILL)
    _problem_lines(s, surface)
    _status_line(s, surface)
