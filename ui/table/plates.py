"""Name plates: each seat's wind, who sits there, the dealer mark 庄, 报听, the score, whose turn, an AI thinking."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import pygame

from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import Layout
from ui.table.seat_words import fit_plate, plate_parts, seat_word
from ui.table.view import TableView
from ui.words import strings as S

DEALER_RED = marks.DEALER
READY_BLUE = marks.READY  # lighter than DEALER_RED, and square: the two badges part without their hues
WIN_ORANGE = (230, 120, 30)
COUNT_GOLD = (176, 122, 20)
THINKING_GREEN = (40, 140, 90)
DINGQUE_PURPLE = (120, 70, 150)  # the suit a seat named in 定缺


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
        m.missing[seat],
        m.turn == seat,
        counted,
        won,
        ready,
        view.autoplay,
        view.language,
        m.watching,
        view.layout.size,
        m.turned_by,
        m.people,
        m.names,
        m.thinking == seat,
    )


def plate_words(view: TableView, seat: int) -> tuple[str, str]:
    """The words on the plate at table place `seat` (0 the bottom), in their two parts (ui/table/seat_words.py)."""
    m = view.model
    engine = m.engine(seat)
    given = m.names[engine] if engine < len(m.names) else ""
    word = seat_word(m, engine)
    return plate_parts(word, view.autoplay or engine not in m.people, given)


def disc_font(plate_font: int) -> int:
    """The type of the wind in the plate's disc."""
    return round(plate_font * 1.25)


def plate_text_jobs(layout: Layout, places: tuple[int, ...]) -> Iterator[Callable[[], object]]:
    """The plates' words as the seats are called (a person, an AI, from the bottom seat's view), the marks and the
    dealer's streak: drawn ahead, as a new hand changes the marks on every plate at once."""
    fs = layout.font["plate"]
    small = max(T.MIN_TEXT - 1, round(fs * 0.8))
    for place in places:
        room = layout.zones[f"plate{place}"].width - 2 * round(8 * layout.scale)
        for ai in (True, False):
            yield partial(_words_picture, S.place_name(place), ai, fs, room)
    for streak in range(1, 4):
        yield partial(T.shadowed, S.tr("streak", n=streak), small, pal.TEXT_GOLD)
    for key, colour in (("dealer_badge", DEALER_RED), ("declared_badge", READY_BLUE)):
        yield partial(_badge, S.tr(key), small, colour, key == "declared_badge")
    yield partial(marks.pointer, pointer_size(fs), "left")


def _words_picture(word: str, ai: bool, fs: int, room: int) -> None:
    fitted = fit_plate(*plate_parts(word, ai, ""), fs, room, 0)
    for line in fitted.lines:
        T.shadowed(line, fitted.size, pal.TEXT, True)


def _badge(text: str, size: int, colour: tuple[int, int, int], square: bool = False) -> pygame.Surface:
    """A letter in a disc, or in a rounded square (报听: told apart from 庄 by its shape as well as its hue); words
    longer than that in a pill."""

    def make() -> pygame.Surface:
        label = T.label(text, size, pal.TEXT, bold=True)
        tall = label.get_height() + 4
        # Words longer than a letter or two (缺条, "no Bam."): a pill as tall as the letters, not a disc as wide as
        # the words, which would stand far out of the plate.
        pill = not square and label.get_width() + 4 > tall * 1.25
        h = tall if pill else max(label.get_width(), label.get_height()) + 4
        out = pygame.Surface((label.get_width() + h // 2 if pill else h, h), pygame.SRCALPHA)
        box = out.get_rect()
        if square or pill:
            radius = h // 2 if pill else max(2, h // 5)
            pygame.draw.rect(out, colour, box, border_radius=radius)
            pygame.draw.rect(out, (255, 230, 200), box, 1, border_radius=radius)
        else:
            pygame.draw.circle(out, colour, box.center, h // 2)
            pygame.draw.circle(out, (255, 230, 200), box.center, h // 2, 1)
        out.blit(label, label.get_rect(center=box.center))
        return out

    return T.cached(("badge", text, size, colour, square), make)


def pointer_size(plate_font: int) -> int:
    """The side of the pointer at the plate of the seat whose turn it is."""
    return max(11, round(plate_font * 1.1))


def draw_plate(surface: pygame.Surface, view: TableView, seat: int, rect: pygame.Rect) -> None:
    """Draw `seat`'s plate at the bottom of `rect`: its words (one line or two) over the score row, the plate as
    tall as they need (the zone is tall enough for two lines)."""
    m = view.model
    s = view.layout.scale
    pad = round(8 * s)
    fs = view.layout.font["plate"]
    badges = _marks(view, seat, max(T.MIN_TEXT - 1, round(fs * 0.8)))
    lit = m.turn == seat or (view.counted is not None and view.counted[0] == seat)
    # Whose turn it is shows by a shape as well as the gold border: a pointer after the marks. Its room is kept on
    # every plate, so that the words do not shift when the turn comes round.
    tip = marks.pointer(pointer_size(fs), "left")
    room = rect.width - 2 * pad
    fitted = fit_plate(*plate_words(view, seat), fs, room, sum(p.get_width() + 2 for p in badges) + tip.get_width())
    row = _score_row_parts(view, seat)
    row_h = max(row[0].get_height(), row[1].get_height())
    pics = [T.fit(line, fitted.size, room, pal.TEXT, bold=True) for line in fitted.lines]
    step = [p.get_height() - max(1, fitted.size // 16) for p in pics]  # each line under the last, shadows apart
    height = min(rect.height, pad // 2 + sum(step) + pad // 3 + row_h + pad // 2)
    plate = pygame.Rect(rect.left, rect.bottom - height, rect.width, height)
    border = pal.TEXT_GOLD if lit else pal.PANEL_BORDER
    surface.blit(T.panel(plate.size, max(6, round(12 * s)), pal.PANEL, border, 3 if lit else 1), plate.topleft)
    row_mid, row_right = _draw_score_row(surface, row, plate, pad)
    x, y = plate.left + pad, plate.top + pad // 2
    for pic, h in zip(pics, step, strict=True):
        surface.blit(pic, (x, y))
        y += h
    # The marks follow the last line, or the score row when the words leave no room for them.
    if fitted.marks_below:
        bx, mid = row_right + pad // 2, row_mid
    else:
        bx, mid = x + pics[-1].get_width() + pad // 2, y - step[-1] // 2
    for pic in badges:
        surface.blit(pic, pic.get_rect(midleft=(bx, mid)))
        bx += pic.get_width() + 2
    if lit:
        surface.blit(tip, tip.get_rect(midleft=(bx, mid)))


def _marks(view: TableView, seat: int, small: int) -> list[pygame.Surface]:
    """What follows the plate's words: 庄 and the dealer's streak, 听, and 思 while an AI thinks."""
    m = view.model
    out: list[pygame.Surface] = []
    if seat == m.dealer:
        out.append(_badge(S.tr("dealer_badge"), small, DEALER_RED))
        if m.streak:
            out.append(T.shadowed(S.tr("streak", n=m.streak), small, pal.TEXT_GOLD))
    if m.declared[seat]:
        out.append(_badge(S.tr("declared_badge"), small, READY_BLUE, square=True))
    if m.missing[seat] >= 0:
        # 定缺 (docs/rules.md §15.3): the suit the seat named, once known.
        out.append(_badge(S.tr("dingque_badge", suit=S.suit_short(m.missing[seat])), small, DINGQUE_PURPLE))
    if m.thinking == seat:
        # An AI deciding off the frame loop: the table goes on drawing while it thinks.
        out.append(_badge(S.tr("thinking_badge"), small, THINKING_GREEN))
    return out


def _score_row_parts(view: TableView, seat: int) -> tuple[pygame.Surface, pygame.Surface, pygame.Surface | None]:
    """The pictures of the plate's bottom row: the wind in its disc (or the count around the table), the score, and
    胡 or 听 once the hand is over."""
    m = view.model
    fs = view.layout.font["plate"]
    counted = view.counted[1] if view.counted is not None and view.counted[0] == seat else 0
    if counted > 0:
        # The count around the table shows in the seat's disc, where nothing else is drawn.
        disc = _badge(str(counted), disc_font(fs), COUNT_GOLD)
    else:
        disc = _badge(
            S.wind(m.engine(seat), m.players), disc_font(fs), (150, 30, 30) if seat == m.dealer else (30, 70, 55)
        )
    score = plate_score(view, seat)
    colour = pal.TEXT_GOLD if score > 0 else (pal.TEXT_RED if score < 0 else pal.TEXT_MUTED)
    sc = T.shadowed(f"{score:+d}" if score else "0", view.layout.font["score"], colour, bold=True)
    tag = None
    if m.win is not None and seat in m.win.winners:
        tag = _badge(S.tr("call_win"), round(fs * 1.1), WIN_ORANGE)
    elif m.ready is not None and m.ready[seat]:
        tag = _badge(S.tr("declared_badge"), round(fs * 1.1), READY_BLUE, square=True)
    return disc, sc, tag


def score_row_width(view: TableView, seat: int) -> int:
    """How far the plate's bottom row reaches from the plate's inner left edge (what else goes on the row keeps
    clear of it)."""
    pad = round(8 * view.layout.scale)
    disc, sc, tag = _score_row_parts(view, seat)
    return disc.get_width() + pad // 2 + sc.get_width() + (pad + tag.get_width() if tag is not None else 0)


def _draw_score_row(
    surface: pygame.Surface,
    row: tuple[pygame.Surface, pygame.Surface, pygame.Surface | None],
    plate: pygame.Rect,
    pad: int,
) -> tuple[int, int]:
    """The plate's bottom row (_score_row_parts). Returns its middle and where it ends on the right."""
    disc, sc, tag = row
    mid = plate.bottom - pad // 2 - max(disc.get_height(), sc.get_height()) // 2
    right = surface.blit(disc, disc.get_rect(midleft=(plate.left + pad, mid))).right
    right = surface.blit(sc, sc.get_rect(midleft=(right + pad // 2, mid))).right
    if tag is not None:
        right = surface.blit(tag, tag.get_rect(midleft=(right + pad, mid))).right
    return mid, right
