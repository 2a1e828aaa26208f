"""The settlement sheet's geometry, its shade over the table, the pictures drawn ahead of it, and its small marks."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from game.core.result import HandResult
from game.core.ruleset import MAX_PLAYERS, Ruleset
from game.core.settlement import Ledger
from game.core.settlement.chickens import chicken_tiles
from game.core.tiles import Tile
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.look.surface_cache import display_ready
from ui.look.tile_art import Look, get_tile_art
from ui.settlement.hands import fit_tile_width, hand_slots
from ui.words import strings as S

BACKDROP: pal.RGBA = (0, 0, 0, 150)
# The sheet itself is opaque: a score sheet with the table's text showing between its rows is hard to read.
SHEET_RGB: pal.RGB = (10, 30, 22)
SHEET: pal.RGBA = (*SHEET_RGB, 255)


def sheet_rect(size: tuple[int, int], players: int) -> pygame.Rect:
    """Where the sheet lies on a window of `size`: a row a player, each as tall as at a table of four, so a table of
    three or two (docs/rules.md §15.2) has a shorter sheet, in the middle of the window."""
    margin = round(14 * compute_layout(size).scale)
    full = pygame.Rect(margin, margin, size[0] - 2 * margin, size[1] - 2 * margin)
    _head, body, _foot = _parts(size, full.size)
    rect = full.inflate(0, -(MAX_PLAYERS - players) * (body.height // MAX_PLAYERS))
    rect.centery = full.centery
    return rect


def sheet_radius(scale: float) -> int:
    """The radius of the sheet's rounded corners."""
    return round(16 * scale)


def sheet_canvas(size: tuple[int, int], players: int) -> pygame.Surface:
    """A picture to draw the sheet of a window of `size` on, in the format the display blits fastest."""
    model = pygame.Surface((1, 1), pygame.SRCALPHA)
    if display_ready():
        model = model.convert_alpha()
    return pygame.Surface(sheet_rect(size, players).size, pygame.SRCALPHA, model)


def draw_empty_sheet(surface: pygame.Surface, scale: float) -> None:
    """The sheet's rounded plate and border over all of `surface` (cleared first; only its clip is drawn)."""
    rect = surface.get_rect()
    pygame.draw.rect(surface, SHEET, rect, border_radius=sheet_radius(scale))
    pygame.draw.rect(surface, pal.PANEL_BORDER, rect, width=2, border_radius=sheet_radius(scale))


SHADE_TILE = 256  # px: the shade is laid in squares of this size


def sheet_backdrop() -> pygame.Surface:
    """A square of the shade over the table behind the sheet (it is one colour: squares of it cover any area)."""
    return T.cached(("settle-backdrop", SHADE_TILE), lambda: _filled((SHADE_TILE, SHADE_TILE), BACKDROP))


def shade(surface: pygame.Surface, areas: list[pygame.Rect]) -> None:
    """Lay the shade over `areas` of `surface`."""
    tile = sheet_backdrop()
    for area in areas:
        for y in range(area.top, area.bottom, SHADE_TILE):
            for x in range(area.left, area.right, SHADE_TILE):
                surface.blit(
                    tile, (x, y), pygame.Rect(0, 0, min(SHADE_TILE, area.right - x), min(SHADE_TILE, area.bottom - y))
                )


def shaded_areas(window: pygame.Rect, sheet: pygame.Rect, radius: int) -> list[pygame.Rect]:
    """The parts of `window` the sheet at `sheet` does not cover with its opaque middle: the margins and the
    bands of its rounded corners."""
    top, bottom = sheet.top + radius, sheet.bottom - radius
    areas = [
        pygame.Rect(window.left, window.top, window.width, top - window.top),
        pygame.Rect(window.left, bottom, window.width, window.bottom - bottom),
        pygame.Rect(window.left, top, sheet.left - window.left, bottom - top),
        pygame.Rect(sheet.right, top, window.right - sheet.right, bottom - top),
    ]
    return [a for a in areas if a.width > 0 and a.height > 0]


def sheet_parts(size: tuple[int, int], players: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The sheet's header, body (a row a seat) and footer, in the sheet's own coordinates."""
    return _parts(size, sheet_rect(size, players).size)


def _parts(size: tuple[int, int], sheet: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The header, body and footer of a sheet `sheet` px large on a window of `size`."""
    layout = compute_layout(size)
    fonts, s = layout.font, layout.scale
    pad = round(18 * s)
    inner = pygame.Rect((0, 0), sheet).inflate(-2 * pad, -2 * pad)
    head_h = round(fonts["title"] * 1.45 + fonts["small"] * 2.1)
    foot_h = round(fonts["body"] * 1.5 + fonts["small"] * 1.5)
    body = pygame.Rect(inner.left, inner.top + head_h, inner.width, inner.height - head_h - foot_h)
    head = pygame.Rect(inner.left, inner.top, inner.width, head_h)
    return head, body, pygame.Rect(inner.left, body.bottom, inner.width, foot_h)


def row_widths(body: pygame.Rect, s: float) -> tuple[int, int, int]:
    """(seat info, gap, hand) widths of a row."""
    info_w = round(175 * s)
    gap = round(14 * s)
    return info_w, gap, round((body.width - info_w - 2 * gap) * 0.56)


def sheet_rows(result: HandResult | None, players: int = MAX_PLAYERS) -> list[list[tuple[int, Tile | None, bool]]]:
    """Each seat's tiles as the sheet lays them out (see hand_slots): a row per seat of the hand's table, or
    `players` empty rows when there is no hand to show."""
    if result is None:
        return [[] for _ in range(players)]
    win = result.win
    rows: list[list[tuple[int, Tile | None, bool]]] = []
    for seat in range(len(result.seats)):
        winning = win.tile if win is not None and seat in win.winners else None
        rows.append(hand_slots(result.seats[seat], winning))
    return rows


def row_height(body: pygame.Rect, players: int) -> int:
    """The height of a seat's row: the body shared among the seats (docs/rules.md §15.2)."""
    return body.height // players


def sheet_tile_width(rows: list[list[tuple[int, Tile | None, bool]]], size: tuple[int, int], players: int) -> int:
    """The width of the tiles on the sheet: the largest at which the longest row fits."""
    s = compute_layout(size).scale
    _head, body, _foot = sheet_parts(size, players)
    _info, _gap, hand_w = row_widths(body, s)
    count = max((len(r) for r in rows), default=14)
    groups = max((len({g for g, _t, _w in r}) for r in rows), default=1)
    return fit_tile_width(count, groups, hand_w, round(row_height(body, players) * 0.74), round(42 * s))


def sheet_jobs(result: HandResult, size: tuple[int, int], rules: Ruleset | None) -> Iterator[Callable[[], object]]:
    """The tile pictures the sheet of `result` will show, to draw ahead while the hand's end plays out."""
    rows = sheet_rows(result)
    art = get_tile_art(sheet_tile_width(rows, size, len(result.seats)))
    chickens = (
        chicken_tiles(rules, result.flip, result.weekday)
        if rules is not None and result.win is not None
        else frozenset()
    )
    for row in rows:
        for _group, tile, winning in row:
            if tile is None:
                yield from art.parts("back")
                continue
            look = (Look.CHICKEN if tile in chickens else Look.NORMAL) | (Look.WINNING if winning else Look.NORMAL)
            yield from art.parts("face", tile, look=look)
    small = get_tile_art(max(16, round(26 * compute_layout(size).scale)))
    if result.flip is not None:
        yield from small.parts("face", result.flip)
    for tile in sorted(chickens):
        yield from small.parts("face", tile, look=Look.CHICKEN)


def draw_note(ledger: Ledger | None, viewer: int) -> str:
    """What a drawn hand would pay under the ruleset shown: each seat's net, or that nobody pays."""
    nets = ledger.nets() if ledger is not None else ()
    if not any(nets):
        return S.tr("settle_draw_free")
    players = len(nets)
    order = [(viewer + k) % players for k in range(players)]
    parts = [f"{S.wind(seat, players)} {signed(nets[seat])}" for seat in order]
    return S.tr("settle_draw_pays", nets="  ".join(parts))


def note_fields(fields: dict[str, object], label: Callable[[int], str]) -> dict[str, object]:
    """A note's fields made readable: seats as their labels, pattern ids as names."""
    out = dict(fields)
    seat = fields.get("seat")
    if isinstance(seat, int):
        out["seat"] = label(seat)
    pattern = fields.get("pattern")
    if isinstance(pattern, str):
        out["pattern"] = S.pattern_label(pattern)
    return out


def triangle(surface: pygame.Surface, r: pygame.Rect, pointing_left: bool) -> None:
    """A small arrow head in `r`, pointing left or right (the ruleset arrows)."""
    cx, cy = r.center
    h = r.height * 0.26
    if pointing_left:
        pts = [(cx - h, cy), (cx + h * 0.8, cy - h), (cx + h * 0.8, cy + h)]
    else:
        pts = [(cx + h, cy), (cx - h * 0.8, cy - h), (cx - h * 0.8, cy + h)]
    pygame.draw.polygon(surface, pal.TEXT_GOLD, pts)


def _filled(size: tuple[int, int], colour: pal.RGBA) -> pygame.Surface:
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill(colour)
    return out


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"
