"""The side panels: the hand's information, the live chicken panel and the player's waits."""

from __future__ import annotations

import pygame

from game.core.rulings import golden_chickens
from game.core.settlement.chickens import charge_kinds
from game.core.tiles import Tile
from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import Layout
from ui.look.tile_art import MIN_WIDTH, Look, get_tile_art
from ui.table.seat_words import seat_label, seat_word
from ui.table.view import TableView
from ui.words import strings as S


def _frame(
    surface: pygame.Surface, view: TableView, rect: pygame.Rect, title: str, icon: pygame.Surface | None = None
) -> tuple[int, int, int]:
    """Draw a panel with a title (and an icon after it); returns (x, y, width) of the space below the title."""
    s = view.layout.scale
    surface.blit(T.panel(rect.size, max(6, round(12 * s))), rect.topleft)
    pad = round(10 * s)
    y = rect.top + pad // 2
    if title:
        t = T.fit(title, view.layout.font["title"], rect.width - 2 * pad, pal.TEXT_GOLD, bold=True)
        surface.blit(t, (rect.left + pad, y))
        if icon is not None:
            surface.blit(
                icon, icon.get_rect(midleft=(rect.left + pad + t.get_width() + pad // 2, y + t.get_height() // 2))
            )
        y += t.get_height() + pad // 3
    return rect.left + pad, y, rect.width - 2 * pad


def _small_art_width(view: TableView) -> int:
    return panel_tile_width(view.layout)


def panel_tile_width(layout: Layout) -> int:
    """The width of the small standing tiles of the waits and chicken panels."""
    return max(18, round(layout.tiles.pond * 0.85))


def _tile(
    surface: pygame.Surface,
    view: TableView,
    tile: Tile,
    x: int,
    y: int,
    look: Look = Look.NORMAL,
    star: bool = False,
    width: int = 0,
) -> int:
    """A small standing tile at (x, y) (`width` px wide, or the panels' own width), starred when it is a golden
    chicken (金鸡); returns its width."""
    art = get_tile_art(width or _small_art_width(view))
    surface.blit(art.face(tile, look), art.blit_pos(x, y))
    if star:
        # Its gold ring is any chicken's: the star says it is the golden one.
        marks.pin(surface, marks.star(marks.tile_mark_size(art.width)), pygame.Rect((x, y), art.body_size))
    return art.width


def info_signature(view: TableView) -> tuple[object, ...]:
    """What the info panel shows."""
    m = view.model
    return (
        view.rules.name,
        m.hand_no,
        view.speed_name,
        view.autoplay,
        view.language,
        view.layout.size,
        view.practice,
        m.watching,
    )


def draw_info(surface: pygame.Surface, view: TableView, rect: pygame.Rect) -> None:
    """Ruleset, hand number, speed and the keys."""
    title = view.rules.title(view.language)
    x, y, w = _frame(surface, view, rect, title)
    fs = view.layout.font["body"]
    line = S.tr("hand_no", n=view.model.hand_no) if view.model.hand_no else S.tr("title")
    pic = T.fit(line, fs, w)
    surface.blit(pic, (x, y))
    small = view.layout.font["small"]
    sp = T.fit(S.tr("speed", name=view.speed_name), small, w, pal.TEXT_MUTED)
    if pic.get_width() + 10 + sp.get_width() > w:  # beside a long line (the title before the first hand): under it
        y += pic.get_height() - 2
        pic = sp
    surface.blit(sp, (x + w - sp.get_width(), y + pic.get_height() - sp.get_height()))
    y += pic.get_height() + 2
    if view.model.watching:
        # One who joined to watch holds no seat: the bottom of the table is the seat watched from, not theirs.
        pic = T.fit(S.tr("watching_seatless"), small, w, pal.TEXT_GOLD, bold=True)
        surface.blit(pic, (x, y))
        y += pic.get_height() - 2
    watched = S.tr("autoplay_on", count=S.table_word(view.rules.players, "count"))
    note = watched if view.autoplay else S.tr(_keys_help(view))
    # The key hints go on as many lines as they need rather than shrink below a readable size.
    for line in T.pack(note.split(" · "), small, w):
        pic = T.fit(line, small, w, pal.TEXT_MUTED)
        if y + pic.get_height() > rect.bottom:
            break
        surface.blit(pic, (x, y))
        y += pic.get_height() - 2


def _keys_help(view: TableView) -> str:
    """Which keys line the info panel shows (a key of ui.words.strings)."""
    if view.keys_help:
        return view.keys_help
    if view.model.watching:
        return "keys_help_watching"
    return "keys_help_practice" if view.practice else "keys_help"


def chickens_signature(view: TableView) -> tuple[object, ...]:
    """What the chicken panel shows."""
    flip = (view.model.flip.tile, view.model.flip.chicken) if view.model.flip is not None else None
    return (view.chicken_info, flip, view.language, view.layout.size)


def _chicken_label_width(width: int, font: int) -> int:
    """The chicken panel's label column: as wide as its longest word (冲锋鸡, "Charging"), 3/10 to 2/5 of `width`."""
    labels = ("chickens_flip", "chickens_fixed", "chickens_charge", "chickens_liable", "chickens_mine")
    widest = max(T.shadowed(S.tr(k), font, pal.TEXT_MUTED).get_width() for k in labels) + max(4, font // 2)
    return max(round(width * 0.3), min(widest, round(width * 0.4)))


def draw_chickens(surface: pygame.Surface, view: TableView, rect: pygame.Rect) -> None:
    """The live chicken panel (docs/rules.md §8)."""
    badge = get_tile_art(max(24, round(view.layout.font["title"] * 1.6))).chicken_badge()
    x, y, w = _frame(surface, view, rect, S.tr("chickens_title"), badge)
    info = view.chicken_info
    fs = view.layout.font["body"]
    small = view.layout.font["small"]
    art_w = _small_art_width(view)
    art = get_tile_art(art_w)
    row_h = art.body_size[1] + max(3, round(4 * view.layout.scale))
    label_w = _chicken_label_width(w, small)

    def row_label(text: str, yy: int) -> None:
        surface.blit(T.fit(text, small, label_w, pal.TEXT_MUTED), (x, yy + (art.body_size[1] - small) // 2 - 2))

    flip = view.model.flip
    if flip is not None and view.model.ended:
        row_label(S.tr("chickens_flip"), y)
        cx = x + label_w
        cx += _tile(surface, view, flip.tile, cx, y) + 4
        arrow = T.shadowed("→", fs, pal.TEXT_GOLD)
        surface.blit(arrow, (cx, y + (art.body_size[1] - arrow.get_height()) // 2))
        cx += arrow.get_width() + 4
        _tile(surface, view, flip.chicken, cx, y, Look.CHICKEN, flip.chicken in golden_chickens(flip.tile, view.rules))
        y += row_h
    if info is None:
        return
    row_label(S.tr("chickens_fixed"), y)
    cx = x + label_w
    for tile, value in info.fixed:
        cx += _tile(surface, view, tile, cx, y) + 3
        v = T.shadowed(S.tr("chickens_value", n=value), small, pal.TEXT)
        surface.blit(v, (cx, y + (art.body_size[1] - v.get_height()) // 2))
        cx += v.get_width() + 8
    y += row_h
    if charge_kinds(view.rules):
        row_label(S.tr("chickens_charge"), y)
        cx = x + label_w
        if not info.charge:
            surface.blit(T.shadowed(S.tr("chickens_none"), small, pal.TEXT_MUTED), (cx, y + 4))
        for tile, seat in info.charge:
            cx += _tile(surface, view, tile, cx, y) + 3
            # Chicken seats come from the observation: engine seats, so name them from the viewer's engine seat.
            who = T.shadowed(seat_label(view.model, seat), small, pal.TEXT)
            surface.blit(who, (cx, y + (art.body_size[1] - who.get_height()) // 2))
            cx += who.get_width() + 8
        y += row_h
    if view.rules.chickens.liability:
        row_label(S.tr("chickens_liable"), y)
        cx = x + label_w
        if not info.liable:
            surface.blit(T.shadowed(S.tr("chickens_none"), small, pal.TEXT_MUTED), (cx, y + 4))
        for tile, claimer, discarder in info.liable:
            cx += _tile(surface, view, tile, cx, y) + 3
            text = S.tr(
                "chickens_claimed",
                claimer=seat_word(view.model, claimer),
                seat=seat_word(view.model, discarder),
            )
            who = T.fit(text, small, max(20, x + w - cx), pal.TEXT)
            surface.blit(who, (cx, y + (art.body_size[1] - who.get_height()) // 2))
            cx += who.get_width() + 8
        y += row_h
    # One who only watches holds no chickens: the row is the bottom seat's, called by its wind.
    watched = seat_word(view.model, view.model.engine(view.model.viewer))
    row_label(S.tr("chickens_of", seat=watched) if view.model.watching else S.tr("chickens_mine"), y)
    cx = x + label_w
    if not info.mine:
        surface.blit(T.shadowed(S.tr("chickens_none"), small, pal.TEXT_MUTED), (cx, y + 4))
    state = S.tr("chickens_counts") if info.counting else S.tr("chickens_not_counting")
    colour = pal.TEXT_GOLD if info.counting else pal.TEXT_MUTED
    state_pic = T.fit(state, small, w - label_w, colour)
    step, state_at = mine_row(cx, y, x + w - cx, art_w, art.body_size[1], len(info.mine), state_pic.get_size())
    for i, tile in enumerate(info.mine):
        _tile(surface, view, tile, cx + i * step, y, Look.CHICKEN if info.counting else Look.DIMMED)
    if info.mine:
        # Whether they count, beside them: ready (or winning) seats collect for their chickens.
        surface.blit(state_pic, state_at)


def mine_row(
    x: int, y: int, width: int, tile_w: int, tile_h: int, n: int, state: tuple[int, int]
) -> tuple[int, pygame.Rect]:
    """The step between the player's `n` chickens laid from (x, y) in `width`, and where the words on whether
    they count go: beside the tiles when the tiles still show at least half of each, else under them."""
    room = width - state[0] - 6
    beside = tile_w + (n - 1) * max(6, tile_w // 2) <= room
    if not beside:
        room = width  # the words go under the tiles, which may use the whole row
    step = tile_w if n * tile_w <= room else max(6, (room - tile_w) // max(1, n - 1))
    at = pygame.Rect((0, 0), state)
    if beside:
        at.midright = (x + width, y + tile_h // 2)
    else:
        at.topright = (x + width, y + tile_h + 2)
    return step, at


def waits_signature(view: TableView) -> tuple[object, ...]:
    """What the waits panel shows."""
    return (view.waits, view.language, view.layout.size)


def draw_waits(surface: pygame.Surface, view: TableView, rect: pygame.Rect) -> None:
    """The player's waits: each with the copies still unseen and whether a discard of it may be won on."""
    info = view.waits
    if not info.waits and not info.note:
        return
    title = S.tr("waits_title")
    if info.discard is not None and info.waits:
        title = S.tr("waits_after", tile=S.tile_label(info.discard))
    x, y, w = _frame(surface, view, rect, title)
    small = view.layout.font["small"]
    if not info.waits:
        surface.blit(T.fit(S.tr(info.note), small, w, pal.TEXT_MUTED), (x, y))
        return
    width = _small_art_width(view)
    # A short panel (the largest hand in a small window) shows its waits on smaller tiles rather than none.
    while width > MIN_WIDTH and get_tile_art(width).body_size[1] + 3 > rect.bottom - y:
        width -= 1
    art = get_tile_art(width)
    col_w = max(art.width * 3, round(w / 2) - 4)
    cols = max(1, w // col_w)
    row_h = art.body_size[1] + max(3, round(4 * view.layout.scale))
    for i, wait in enumerate(info.waits):
        cx = x + (i % cols) * col_w
        cy = y + (i // cols) * row_h
        if cy + row_h > rect.bottom:
            break
        look = Look.NORMAL if wait.unseen else Look.DIMMED
        cx += _tile(surface, view, wait.tile, cx, cy, look, width=width) + 4
        left = T.shadowed(S.tr("wait_left", n=wait.unseen), small, pal.TEXT if wait.unseen else pal.TEXT_MUTED)
        surface.blit(left, (cx, cy))
        how = S.tr("wait_any") if wait.off_discard else S.tr("wait_self_only")
        hc = pal.TEXT_GOLD if wait.off_discard else pal.TEXT_MUTED
        if cy + 2 * left.get_height() - 2 <= rect.bottom:
            surface.blit(T.fit(how, small, col_w - art.width - 8, hc), (cx, cy + left.get_height() - 2))
