"""The calculator's own controls: rows of tiles that take clicks and typed notation, melds, single-tile
slots, the tile palette, and a row of seat picks.

A tile control is a place tiles go: clicking it (or giving it the keyboard) makes it where the
palette's tiles go. While it has the keyboard, typing the notation (`234m 678s 11s`) edits its
tiles as text; Enter applies it, Escape drops the edit, Backspace with no edit takes the last tile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.melds import KongKind, Meld
from game.core.tiles import Tile, format_tiles
from ui.kit.metrics import FIELD_FILL, FIELD_FILL_HOVER, Metrics, focus_ring
from ui.kit.widgets import Field, Widget
from ui.look import palette as pal
from ui.look import text as T
from ui.look.art.shapes import mix
from ui.look.tile_art import Look, TileArt, get_tile_art
from ui.words import strings as S

NOTATION = set("123456789mps ")
MELD_TYPING = set("123456789mpsabcdefghijklnortuwxyz ")
TARGET_FILL = (60, 48, 14, 225)


def tile_art_for(height: int, largest: int) -> TileArt:
    """The largest tile art (at most `largest` px wide) whose upright tile fits `height`."""
    w = max(16, min(largest, int(height / 1.5)))
    while w > 16 and get_tile_art(w).body_size[1] > height:
        w -= 1
    return get_tile_art(w)


def _box(surface: pygame.Surface, rect: pygame.Rect, m: Metrics, hover: bool, target: bool) -> None:
    fill = TARGET_FILL if target else (FIELD_FILL_HOVER if hover else FIELD_FILL)
    border = pal.TEXT_GOLD if target else mix(pal.PANEL_BORDER, (0, 0, 0), 0.35)
    surface.blit(T.panel(rect.size, m.px(8), fill, border, 1), rect.topleft)


class TileTarget(Widget):
    """A control that tiles from the palette go to; `target` names it to the scene."""

    def __init__(self, target: str, is_target: Callable[[str], bool], on_target: Callable[[str], None]) -> None:
        super().__init__()
        self.target = target
        self.is_target = is_target
        self.on_target = on_target
        self.editing: str | None = None

    def apply(self, text: str) -> bool:
        """Take typed text; False keeps the edit open (the problem shows at the field)."""
        return True

    def current_text(self) -> str:
        """The control's value as notation, where a typed edit starts from."""
        return ""

    def clear_one(self) -> None:
        """Backspace with no edit open."""

    def allowed(self) -> set[str]:
        """The characters typing may add."""
        return NOTATION

    def text(self, text: str) -> bool:
        typed = "".join(c for c in text.lower() if c in self.allowed())
        if not typed:
            return False
        if self.editing is None:
            start = self.current_text()
            self.editing = f"{start} " if start else ""
            self.on_target(self.target)
        self.editing = (self.editing + typed)[:80]
        return True

    def key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.editing is not None:
                if self.apply(self.editing.strip()):
                    self.editing = None
            else:
                self.on_target(self.target)
            return True
        if key == pygame.K_BACKSPACE:
            if self.editing is not None:
                self.editing = self.editing[:-1]
            else:
                self.clear_one()
            return True
        if key == pygame.K_ESCAPE and self.editing is not None:
            self.editing = None
            return True
        if key == pygame.K_DELETE:
            self.editing = None
            self.apply("")
            return True
        return False

    def draw_edit(self, surface: pygame.Surface, m: Metrics, box: pygame.Rect) -> None:
        """The typed text with a caret, in place of the tiles."""
        shown = (self.editing or "") + "▏"
        pic = T.fit(shown, m.body, box.width - 2 * m.gap, pal.TEXT_GOLD, bold=True)
        surface.blit(pic, pic.get_rect(midleft=(box.left + m.gap, box.centery)))


class TileRow(TileTarget):
    """A seat's concealed tiles or pond: click a tile to take it out, type the notation to replace them."""

    def __init__(
        self,
        target: str,
        tiles: Callable[[], Sequence[Tile]],
        on_type: Callable[[str], bool],
        on_remove: Callable[[int], None],
        is_target: Callable[[str], bool],
        on_target: Callable[[str], None],
        placeholder: str,
        marked: Callable[[], Tile | None] = lambda: None,
        largest: int = 40,
    ) -> None:
        super().__init__(target, is_target, on_target)
        self.tiles = tiles
        self.on_type = on_type
        self.on_remove = on_remove
        self.placeholder = placeholder
        self.marked = marked
        self.largest = largest

    def current_text(self) -> str:
        return format_tiles(self.tiles(), sort=False, spaced=True)

    def apply(self, text: str) -> bool:
        return self.on_type(text)

    def clear_one(self) -> None:
        if self.tiles():
            self.on_remove(len(self.tiles()) - 1)

    def art(self, m: Metrics) -> TileArt:
        inner = self.rect.inflate(-m.px(6), -m.px(6))
        n = max(1, len(self.tiles()))
        art = tile_art_for(inner.height, m.px(self.largest))
        while art.width > 16 and art.width * n > inner.width:
            art = get_tile_art(art.width - 1)
        return art

    def tile_rects(self, m: Metrics) -> list[pygame.Rect]:
        art = self.art(m)
        inner = self.rect.inflate(-m.px(6), -m.px(6))
        h = art.body_size[1]
        y = inner.top + (inner.height - h) // 2
        return [pygame.Rect(inner.left + i * art.width, y, art.width, h) for i in range(len(self.tiles()))]

    def click(self, pos: tuple[int, int]) -> None:
        self.on_target(self.target)
        for i, r in enumerate(self.tile_rects(_metrics_of(self))):
            if r.collidepoint(pos):
                self.on_remove(i)
                return

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        self._m = m
        _box(surface, self.rect, m, hover, self.is_target(self.target))
        inner = self.rect.inflate(-m.px(6), -m.px(6))
        if self.editing is not None:
            self.draw_edit(surface, m, inner)
        elif not self.tiles():
            pic = T.fit(self.placeholder, m.small, inner.width - m.gap, pal.TEXT_MUTED)
            surface.blit(pic, pic.get_rect(midleft=(inner.left + m.gap, inner.centery)))
        else:
            art = self.art(m)
            marked = self.marked()
            for t, r in zip(self.tiles(), self.tile_rects(m), strict=True):
                look = Look.WINNING if t == marked else Look.NORMAL
                surface.blit(art.face(t, look), art.blit_pos(r.left, r.top))
                marked = None if t == marked else marked
        if focused:
            focus_ring(surface, self.rect, m)


def _metrics_of(widget: Widget) -> Metrics:
    """The metrics the widget was last drawn with (clicks come after a draw)."""
    m: Metrics | None = getattr(widget, "_m", None)
    if m is None:
        from ui.kit.metrics import metrics

        return metrics((1280, 720))
    return m


def meld_caption(meld: Meld, wind: Callable[[int], str]) -> str:
    """A meld's kind and source in words, the source by `wind`: 碰·南, 暗杠, 加杠(憨包)."""
    kind = {
        None: S.tr("calc_pung"),
        KongKind.EXPOSED: S.tr("calc_kong_exposed"),
        KongKind.CONCEALED: S.tr("calc_kong_concealed"),
        KongKind.ADDED: S.tr("calc_kong_added"),
    }[meld.kong]
    if meld.source is not None and meld.kong is not KongKind.CONCEALED:
        kind += "·" + wind(meld.source)
    if meld.late:
        kind += S.tr("calc_late_mark")
    return kind


class MeldRow(TileTarget):
    """A seat's melds: the palette adds one of the kind picked below it; typing `5m` does the same, or a
    whole meld (`pung 5m from 2`); a click on a meld takes it away."""

    def __init__(
        self,
        target: str,
        melds: Callable[[], Sequence[Meld]],
        on_type: Callable[[str], bool],
        on_remove: Callable[[int], None],
        is_target: Callable[[str], bool],
        on_target: Callable[[str], None],
        placeholder: str,
        wind: Callable[[int], str],
    ) -> None:
        super().__init__(target, is_target, on_target)
        self.melds = melds
        self.on_type = on_type
        self.on_remove = on_remove
        self.placeholder = placeholder
        self.wind = wind  # a source seat's name under a meld, by its wind at the table

    def allowed(self) -> set[str]:
        return MELD_TYPING

    def apply(self, text: str) -> bool:
        return self.on_type(text) if text else True

    def clear_one(self) -> None:
        if self.melds():
            self.on_remove(len(self.melds()) - 1)

    def captions_below(self, m: Metrics) -> bool:
        """True when the row holds the tiles with their captions under them; a row too short for both (a small
        window) draws the tiles at its full height and the captions after the last meld, where they fit."""
        inner = self.rect.inflate(-m.px(6), -m.px(6))
        caption_h = round(m.small * 1.1)
        art = tile_art_for(inner.height - caption_h, m.px(26))
        return art.body_size[1] + caption_h <= inner.height + m.px(3)

    def layout(self, m: Metrics) -> tuple[TileArt, list[pygame.Rect]]:
        """The tiles' size and each meld's place: as wide as its tiles, or, with the captions under them, as its
        caption (碰·南, Pung·W) when that is wider, so no caption is cut or runs into the next."""
        inner = self.rect.inflate(-m.px(6), -m.px(6))
        melds = self.melds()
        below = self.captions_below(m)
        caption_h = round(m.small * 1.1) if below else 0
        captions = [
            T.shadowed(meld_caption(meld, self.wind), m.small).get_width() + 2 if below else 0 for meld in melds
        ]
        art = tile_art_for(inner.height - caption_h, m.px(26))
        gap = m.px(6)

        def width(art_w: int) -> int:
            return sum(max(4 * art_w, cap) + gap for cap in captions)

        while art.width > 16 and width(art.width) > inner.width:
            art = get_tile_art(art.width - 1)
        rects = []
        x = inner.left
        for meld, cap in zip(melds, captions, strict=True):
            w = max(meld.size * art.width, cap)
            rects.append(pygame.Rect(x, inner.top, w, inner.height))
            x += w + gap
        return art, rects

    def click(self, pos: tuple[int, int]) -> None:
        self.on_target(self.target)
        _art, rects = self.layout(_metrics_of(self))
        for i, r in enumerate(rects):
            if r.collidepoint(pos):
                self.on_remove(i)
                return

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        self._m = m
        _box(surface, self.rect, m, hover, self.is_target(self.target))
        inner = self.rect.inflate(-m.px(6), -m.px(6))
        if self.editing is not None:
            self.draw_edit(surface, m, inner)
        elif not self.melds():
            pic = T.fit(self.placeholder, m.small, inner.width - m.gap, pal.TEXT_MUTED)
            surface.blit(pic, pic.get_rect(midleft=(inner.left + m.gap, inner.centery)))
        else:
            art, rects = self.layout(m)
            for meld, r in zip(self.melds(), rects, strict=True):
                left = r.left + (r.width - meld.size * art.width) // 2  # the tiles centred over a wider caption
                for k in range(meld.size):
                    x = left + k * art.width
                    back = meld.kong is KongKind.CONCEALED and k in (0, 3)
                    pic = art.back() if back else art.face(meld.tile)
                    surface.blit(pic, art.blit_pos(x, r.top))
                if self.captions_below(m):
                    cap = T.fit(meld_caption(meld, self.wind), m.small, r.width + m.px(4), pal.TEXT_MUTED)
                    # Under the tiles, where a tall row (a table of two, few rows) leaves room below them.
                    bottom = min(r.bottom + m.px(3), r.top + art.body_size[1] + cap.get_height())
                    surface.blit(cap, cap.get_rect(midbottom=(r.centerx, bottom)))
            if not self.captions_below(m):
                self._captions_after(surface, m, pygame.Rect(rects[-1].right, inner.top, 0, inner.height), inner)
        if focused:
            focus_ring(surface, self.rect, m)

    def _captions_after(self, surface: pygame.Surface, m: Metrics, last: pygame.Rect, inner: pygame.Rect) -> None:
        """The melds' captions in order after the last meld, on one or two lines, when they fit there whole (a row
        too full for them shows its tiles alone: a concealed kong still shows its backs)."""
        room = pygame.Rect(last.right + m.px(6), inner.top, inner.right - last.right - m.px(6), inner.height)
        text = " · ".join(meld_caption(meld, self.wind) for meld in self.melds())
        lines = T.wrap(text, m.small, room.width - 2)
        line_h = m.small + 1  # two lines close together: the row is short
        if room.width <= 0 or len(lines) * line_h > room.height + m.px(3):
            return
        if any(T.shadowed(line, m.small).get_width() > room.width for line in lines):
            return
        y = room.centery - len(lines) * line_h // 2
        for line in lines:
            pic = T.shadowed(line, m.small, pal.TEXT_MUTED)
            surface.blit(pic, (room.left, y))
            y += line_h


class TileSlot(TileTarget):
    """One tile (the winning tile, the turned tile, a hot kong), or none: the palette or typing `5s` sets it,
    Backspace clears it."""

    label_share = 0.36

    def __init__(
        self,
        label: str,
        target: str,
        get: Callable[[], Tile | None],
        on_type: Callable[[str], bool],
        is_target: Callable[[str], bool],
        on_target: Callable[[str], None],
        empty: str,
    ) -> None:
        super().__init__(target, is_target, on_target)
        self.label = label
        self.get = get
        self.on_type = on_type
        self.empty = empty

    @property
    def value_rect(self) -> pygame.Rect:
        """Where the tile sits: the right part of the row."""
        lw = round(self.rect.width * self.label_share)
        return pygame.Rect(self.rect.left + lw, self.rect.top, self.rect.width - lw, self.rect.height)

    def apply(self, text: str) -> bool:
        return self.on_type(text)

    def clear_one(self) -> None:
        self.on_type("")

    def click(self, pos: tuple[int, int]) -> None:
        self.on_target(self.target)

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        self._m = m
        lw = round(self.rect.width * self.label_share) - m.gap
        pic = T.fit(self.label, m.body, lw, pal.TEXT)
        surface.blit(pic, pic.get_rect(midleft=(self.rect.left, self.rect.centery)))
        box = self.value_rect
        _box(surface, box, m, hover, self.is_target(self.target))
        inner = box.inflate(-m.px(4), -m.px(4))
        tile = self.get()
        if self.editing is not None:
            self.draw_edit(surface, m, inner)
        elif tile is None:
            pic = T.fit(self.empty, m.small, inner.width - m.gap, pal.TEXT_MUTED)
            surface.blit(pic, pic.get_rect(midleft=(inner.left + m.gap, inner.centery)))
        else:
            art = tile_art_for(inner.height, m.px(30))
            y = inner.top + (inner.height - art.body_size[1]) // 2
            surface.blit(art.face(tile), art.blit_pos(inner.left + m.gap, y))
            name = T.fit(S.tile_label(tile), m.small, inner.width - art.width - 3 * m.gap, pal.TEXT)
            surface.blit(name, name.get_rect(midleft=(inner.left + 2 * m.gap + art.width, inner.centery)))
        if focused:
            focus_ring(surface, box, m)


class Palette(Widget):
    """Every tile kind in play with the copies still free: a click (or Enter on the lit one) places it;
    Left/Right move the light; typed notation places tiles too (`5m`, `123p`: each digit lights its rank, the
    suit letter places them); a kind with no copy left is dimmed."""

    def __init__(self, kinds: Sequence[Tile], left: Callable[[Tile], int], on_pick: Callable[[Tile], None]) -> None:
        super().__init__()
        self.kinds = list(kinds)  # the kinds in play, in tile order (docs/rules.md §15.1)
        self.left = left
        self.on_pick = on_pick
        self.cursor = 0  # the lit kind's place among `kinds`
        self.ranks: list[int] = []  # digits typed, waiting for their suit letter

    def cells(self) -> list[pygame.Rect]:
        """Each kind's cell, in the order of `kinds`."""
        w = self.rect.width / max(1, len(self.kinds))
        return [
            pygame.Rect(round(self.rect.left + i * w), self.rect.top, round(w), self.rect.height)
            for i in range(len(self.kinds))
        ]

    def click(self, pos: tuple[int, int]) -> None:
        for i, r in enumerate(self.cells()):
            if r.collidepoint(pos):
                self.cursor = i
                self.on_pick(self.kinds[i])
                return

    def key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.ranks = []
            self.cursor = (self.cursor + (1 if key == pygame.K_RIGHT else -1)) % len(self.kinds)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.ranks = []
            self.on_pick(self.kinds[self.cursor % len(self.kinds)])
            return True
        return False

    def text(self, text: str) -> bool:
        used = False
        for ch in text.lower():
            if ch.isdigit() and ch != "0":
                self.ranks.append(int(ch))
                # The light goes to the rank in the suit it stands in, so each digit shows where it points.
                self._light(self.kinds[self.cursor % len(self.kinds)] // 9 * 9 + int(ch) - 1)
                used = True
            elif ch in "mps" and self.ranks:
                suit = "mps".index(ch)
                for rank in self.ranks:
                    if self._light(suit * 9 + rank - 1):
                        self.on_pick(self.kinds[self.cursor])
                self.ranks = []
                used = True
        return used

    def _light(self, tile: Tile) -> bool:
        """Light `tile` when it is in play; False when it is not."""
        if tile not in self.kinds:
            return False
        self.cursor = self.kinds.index(tile)
        return True

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        cells = self.cells()
        label_h = round(m.small * 1.25)
        art = tile_art_for(self.rect.height - label_h, m.px(44))
        while art.width > 16 and art.width > cells[0].width - m.px(4):
            art = get_tile_art(art.width - 1)
        for i, (t, cell) in enumerate(zip(self.kinds, cells, strict=True)):
            left = self.left(t)
            x = cell.centerx - art.width // 2
            look = Look.DIMMED if left <= 0 else Look.NORMAL
            if focused and i == self.cursor:
                look |= Look.SELECTED
            surface.blit(art.face(t, look), art.blit_pos(x, cell.top))
            colour = pal.TEXT_MUTED if left > 0 else pal.TEXT_RED
            num = T.shadowed(str(left), m.small, colour)
            surface.blit(num, num.get_rect(midbottom=(cell.centerx, cell.bottom)))


class SeatPicks(Field):
    """Any number of the table's seats picked (the winners, 包牌): a click or Space on the lit seat toggles it."""

    def __init__(
        self,
        label: str,
        seats: Sequence[int],
        picked: Callable[[], Sequence[int]],
        toggle: Callable[[int], None],
        names: Callable[[int], str],
    ) -> None:
        super().__init__(label)
        self.seats = list(seats)  # the seats offered, one segment each
        self.picked = picked
        self.toggle = toggle
        self.names = names
        self.cursor = 0  # the lit seat's place among `seats`
        self.label_share = 0.36

    def segments(self) -> list[pygame.Rect]:
        """Each seat's segment, in the order of `seats`."""
        box = self.value_rect.inflate(-4, -6)
        n = max(1, len(self.seats))
        return [pygame.Rect(box.left + box.width * i // n, box.top, box.width // n - 2, box.height) for i in range(n)]

    def click(self, pos: tuple[int, int]) -> None:
        for i, seg in enumerate(self.segments()):
            if seg.collidepoint(pos):
                self.cursor = i
                self.toggle(self.seats[i])
                return

    def key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor = (self.cursor + (1 if key == pygame.K_RIGHT else -1)) % len(self.seats)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.toggle(self.seats[self.cursor % len(self.seats)])
            return True
        if pygame.K_0 <= key <= pygame.K_9 and key - pygame.K_0 in self.seats:
            self.toggle(key - pygame.K_0)
            return True
        return False

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        super().draw(surface, m, False, hover)
        picked = set(self.picked())
        for i, (seat, seg) in enumerate(zip(self.seats, self.segments(), strict=True)):
            on = seat in picked
            if on:
                surface.blit(T.panel(seg.size, m.px(7), (176, 128, 40, 235), pal.TEXT_GOLD, 1), seg.topleft)
            if focused and i == self.cursor:
                pygame.draw.rect(surface, pal.SELECTED_GLOW, seg.inflate(2, 2), width=2, border_radius=m.px(7))
            pic = T.fit(self.names(seat), m.body, seg.width - 4, pal.TEXT if on else pal.TEXT_MUTED, on)
            surface.blit(pic, pic.get_rect(center=seg.center))
        if focused:
            focus_ring(surface, self.value_rect, m)
