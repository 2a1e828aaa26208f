"""The board: the felt and every zone of the table, kept in one surface and redrawn zone by zone.

Each zone has a signature, a cheap tuple of what it shows. A frame compares signatures and
redraws only the zones whose signature changed, onto a fresh copy of the felt under them;
the rest of the board is reused as it is. The surface is a cache, so drawing stays free of
side effects on the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import pygame

from ui.kit.background import cloth_steps, render_background
from ui.look.layout import BOARD_ZONES, Layout, bands
from ui.table.compass import compass_signature, draw_compass
from ui.table.jobs import Job, each_step
from ui.table.panels import chickens_signature, draw_chickens, draw_info, draw_waits, info_signature, waits_signature
from ui.table.plates import draw_plate, plate_signature
from ui.table.pond_view import draw_pond, pond_signature
from ui.table.rack_view import draw_rack, rack_signature
from ui.table.view import TableView
from ui.table.wall_view import draw_wall, wall_signature

Signature = Callable[[TableView], tuple[object, ...]]
Drawer = Callable[[pygame.Surface, TableView, pygame.Rect], None]


def _zone_functions(name: str) -> tuple[Signature, Drawer]:
    kind, index = name.rstrip("0123"), name[-1]
    if index.isdigit():
        return _place_zone(kind, int(index))
    table: dict[str, tuple[Signature, Drawer]] = {
        "compass": (compass_signature, draw_compass),
        "info": (info_signature, draw_info),
        "chickens": (chickens_signature, draw_chickens),
        "waits": (waits_signature, draw_waits),
    }
    return table[name]


def _place_zone(kind: str, k: int) -> tuple[Signature, Drawer]:
    """The signature and drawer of a zone of place `k`: its wall side, pond, rack or plate; at a place where no one
    sits (docs/rules.md §15.2) the felt alone."""
    signature, drawer = _place_functions(kind, k)

    def seated_signature(v: TableView) -> tuple[object, ...]:
        return signature(v) if k in v.model.places else ("empty",)

    def seated_drawer(s: pygame.Surface, v: TableView, r: pygame.Rect) -> None:
        if k in v.model.places:
            drawer(s, v, r)

    return seated_signature, seated_drawer


def _place_functions(kind: str, k: int) -> tuple[Signature, Drawer]:
    if kind == "wall":
        return (lambda v: wall_signature(v, k)), (lambda s, v, r: draw_wall(s, v, k))
    if kind == "pond":
        return (lambda v: pond_signature(v, k)), (lambda s, v, r: draw_pond(s, v, k))
    if kind == "rack":
        return (lambda v: rack_signature(v, k)), (lambda s, v, r: draw_rack(s, v, k))
    assert kind == "plate", kind
    return (lambda v: plate_signature(v, k)), (lambda s, v, r: draw_plate(s, v, k, r))


ZONES: dict[str, tuple[Signature, Drawer]] = {name: _zone_functions(name) for name in BOARD_ZONES}


class Board:
    """The cached static layer of the table."""

    def __init__(self) -> None:
        self._size: tuple[int, int] | None = None
        self._felt: pygame.Surface | None = None
        self._surface: pygame.Surface | None = None
        self._signatures: dict[str, tuple[object, ...]] = {}
        self.redraws = 0  # zones redrawn so far (for the frame benchmark)
        # Where the board changed since the screen last took it (None: all of it, a new felt).
        self._changed: list[pygame.Rect] | None = None

    def _ensure(self, view: TableView) -> None:
        self._ensure_size(view.layout)

    def _ensure_size(self, layout: Layout) -> None:
        if self._size != layout.size or self._felt is None or self._surface is None:
            self._set_felt(layout, render_background(layout))

    def _set_felt(self, layout: Layout, felt: pygame.Surface) -> None:
        for _ in self._felt_steps(layout, [felt]):
            pass

    def _felt_steps(self, layout: Layout, made: list[pygame.Surface]) -> Iterator[None]:
        """Take the drawn cloth in `made` as the felt, in the display's format (fast to blit), and a copy of it as
        the board: each a picture of the window's size, made and filled a band per step."""
        felt = made[0] if made else render_background(layout)
        display = pygame.display.get_surface() if pygame.display.get_init() else None
        shown = felt
        if display is not None and not _displays_as_is(felt, display):
            shown = pygame.Surface(layout.size, 0, display)
            yield
            for band in bands(layout.size):
                shown.blit(felt, band, band)  # an opaque picture laid on another: the pixels of felt.convert()
                yield
        board = pygame.Surface(layout.size, 0, shown)
        yield
        for band in bands(layout.size):
            board.blit(shown, band, band)
            yield
        self._felt = shown
        self._surface = board
        self._size = layout.size
        self._signatures = {}
        self._changed = None

    def prepare(self, layout: Layout, between: Iterable[Job] = ()) -> Iterator[Job]:
        """Jobs drawing the felt for `layout` a part at a time (loading frames), so the table's first frame does
        not; the `between` jobs run once the cloth is drawn, before it becomes the felt."""
        if self._size == layout.size and self._felt is not None:
            yield from between
            return
        made: list[pygame.Surface] = []
        yield from each_step(cloth_steps(layout, made), "cloth")
        yield from between
        yield from each_step(self._felt_steps(layout, made), "felt")

    def felt(self, layout: Layout) -> pygame.Surface | None:
        """The felt for `layout`, if it is drawn already."""
        return self._felt if self._size == layout.size else None

    def render(self, view: TableView) -> pygame.Surface:
        """The board for this frame: only changed zones are redrawn."""
        self._ensure(view)
        for name in ZONES:
            self.render_zone(view, name)
        assert self._surface is not None
        return self._surface

    def render_zone(self, view: TableView, name: str) -> None:
        """Redraw zone `name` if what it shows changed (the table draws its zones while it loads, one a job)."""
        self._ensure(view)
        surface, felt = self._surface, self._felt
        assert surface is not None and felt is not None
        signature, drawer = ZONES[name]
        sig = signature(view)
        if self._signatures.get(name) == sig:
            return
        rect = view.layout.zones[name]
        surface.blit(felt, rect, rect)
        surface.set_clip(rect)
        drawer(surface, view, rect)
        surface.set_clip(None)
        self._signatures[name] = sig
        self.redraws += 1
        if self._changed is not None:
            self._changed.append(rect)

    def take_changed(self) -> list[pygame.Rect] | None:
        """The zones redrawn since the last call (None: the whole board is new); the next call starts afresh."""
        changed, self._changed = self._changed, []
        return changed

    def invalidate(self) -> None:
        """Redraw every zone on the next frame."""
        self._signatures = {}


def _displays_as_is(picture: pygame.Surface, display: pygame.Surface) -> bool:
    """True if opaque `picture` is in the display's pixel format already (converting it would only copy it)."""
    return (
        picture.get_bitsize() == display.get_bitsize()
        and picture.get_masks()[:3] == display.get_masks()[:3]
        and picture.get_masks()[3] == 0
        and not picture.get_flags() & pygame.SRCALPHA
    )
