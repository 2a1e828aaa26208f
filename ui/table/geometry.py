"""Where every tile of the table sits on screen, for a layout and what the model holds.

Positions are the top-left corner of a tile's body (blit the art at `art.blit_pos(x, y)`).
Each seat has its own frame: the player (seat 0) reads left to right at the bottom; the seat
on the right (1) reads bottom to top, the one across (2) right to left, the one on the left
(3) top to bottom. A tile lying toward seat k uses the art turned 90*k degrees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ui.look.layout import POND_COLUMNS, POND_ROWS, Layout, pond_steps, wall_steps
from ui.look.tile_art import TileArt
from ui.table.model import MeldView

Pos = tuple[int, int]


SIDE_TURNS = (0, 90, 180, 270)  # the art's turn that reads upright from each place: bottom, right, top, left


def seat_turn(seat: int) -> int:
    """The art turn that reads upright for the seat at place `seat`."""
    return SIDE_TURNS[seat]


@dataclass(frozen=True, slots=True)
class Slot:
    """One tile place: its body's top-left, the art it is drawn with, how it lies, face up or down."""

    pos: Pos
    art: TileArt
    turn: int
    face_up: bool = True
    upright: bool = False  # standing (a hand tile) rather than lying
    edge: bool = False  # a standing tile seen edge-on (the side seats' hands)

    @property
    def body(self) -> tuple[int, int]:
        """Body size in px."""
        if self.edge:
            return self.art.edge_body_size
        if self.upright:
            return self.art.body_size
        return self.art.lying_body_size(self.turn)

    @property
    def rect(self) -> pygame.Rect:
        """The body's rectangle on screen."""
        return pygame.Rect(self.pos, self.body)

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the body."""
        w, h = self.body
        return (self.pos[0] + w / 2, self.pos[1] + h / 2)


@dataclass(frozen=True, slots=True)
class MeldSlot:
    """A tile of a meld: its slot and which tile index of the meld it is (the claimed one is sideways)."""

    slot: Slot
    meld: int
    index: int
    sideways: bool


@dataclass(frozen=True, slots=True)
class RackGeometry:
    """A seat's rack: its concealed tiles (drawn one last), and its melds."""

    hand: tuple[Slot, ...]
    drawn: Slot | None
    melds: tuple[MeldSlot, ...]


def _content(zone: pygame.Rect, pad: int) -> pygame.Rect:
    return zone.inflate(-2 * pad, -2 * pad)


def _along_extent(art: TileArt, seat: int, turn: int) -> int:
    """How far a lying tile reaches along `seat`'s row."""
    w, h = art.lying_body_size(turn)
    return w if seat % 2 == 0 else h - art.depth


class _Row:
    """Places bodies along one seat's row in its frame: a cursor runs from the seat's left end."""

    def __init__(self, seat: int, content: pygame.Rect, depth: int) -> None:
        self.seat = seat
        self.c = content
        self.depth = depth

    @property
    def length(self) -> int:
        """How long the row is along the seat's direction, in px."""
        return self.c.width if self.seat % 2 == 0 else self.c.height - self.depth

    def place(self, cursor: float, extent: int, body: tuple[int, int], align: str = "outer") -> Pos:
        """Top-left of a body `extent` long along the row, starting `cursor` px from the seat's left end.

        `align` puts the body against the seat's side of the row ("outer"), the table's side
        ("inner"), or in the middle ("middle").
        """
        c, seat, (bw, bh) = self.c, self.seat, body
        cur = round(cursor)
        if seat == 0:
            x = c.left + cur
            y = c.bottom - bh if align == "outer" else c.top if align == "inner" else c.centery - bh // 2
        elif seat == 2:
            x = c.right - cur - bw
            y = c.top if align == "outer" else c.bottom - bh if align == "inner" else c.centery - bh // 2
        elif seat == 1:
            y = c.bottom - self.depth - cur - extent
            x = c.right - bw if align == "outer" else c.left if align == "inner" else c.centerx - bw // 2
        else:
            y = c.top + cur
            x = c.left if align == "outer" else c.right - bw if align == "inner" else c.centerx - bw // 2
        return (x, y)


def rack_geometry(
    layout: Layout, seat: int, concealed: int, has_drawn: bool, melds: Sequence[MeldView], laid_open: bool = False
) -> RackGeometry:
    """Slots of seat `seat`'s rack holding `concealed` tiles (plus a drawn one) and `melds`.

    `laid_open`: the hand is shown face up at the end, lying toward its seat.
    """
    hand_art = layout.art(("hand", "side", "other", "side")[seat])
    meld_art = layout.art("meld" if seat == 0 else "other_meld")
    pad = max(hand_art.pad, meld_art.pad)
    content = _content(layout.zones[f"rack{seat}"], pad)
    row = _Row(seat, content, max(hand_art.depth, meld_art.depth))

    # The pieces of every meld, the first meld outermost (at the seat's right).
    gap = max(3, meld_art.width // 4)
    pieces = [_meld_pieces(meld, seat) for meld in melds]
    extents = [[_along_extent(meld_art, seat, t) for t, _up, _side in p] for p in pieces]
    melds_len = sum(sum(e) for e in extents) + gap * max(0, len(melds) - 1)

    # The concealed hand: how it is shown, and how far each tile steps along the row.
    n = concealed + has_drawn
    apart = hand_art.width * 0.45 if has_drawn else 0.0
    style = _hand_style(seat, hand_art, meld_art, laid_open)
    art, step, body = style.art, style.step, style.body
    edge = style.edge
    hand_len = n * step + apart
    sep = gap * 2 if melds else 0
    if seat == 0:
        hand_start, meld_start = 0.0, float(row.length - melds_len)
    else:
        # The other seats' racks are centred: hand, then melds at the seat's right.
        hand_start = max(0.0, (row.length - hand_len - sep - melds_len) / 2)
        meld_start = hand_start + hand_len + sep
    align = "middle" if edge else "outer"

    slots: list[Slot] = []
    for i in range(n):
        extra = apart if has_drawn and i == n - 1 else 0.0
        pos = row.place(hand_start + i * step + extra, step, body, align)
        slots.append(Slot(pos, art, style.turn, style.face_up, upright=style.upright, edge=edge))
    drawn = slots.pop() if has_drawn and slots else None

    meld_slots: list[MeldSlot] = []
    cursor = meld_start
    for mi in range(len(melds) - 1, -1, -1):
        for ti, ((t, up, sideways), ext) in enumerate(zip(pieces[mi], extents[mi], strict=True)):
            pos = row.place(cursor, ext, meld_art.lying_body_size(t), "outer")
            meld_slots.append(MeldSlot(Slot(pos, meld_art, t, up), mi, ti, sideways))
            cursor += ext
        cursor += gap
    return RackGeometry(tuple(slots), drawn, tuple(meld_slots))


@dataclass(frozen=True, slots=True)
class _HandStyle:
    art: TileArt
    step: int
    body: tuple[int, int]
    turn: int
    face_up: bool
    upright: bool
    edge: bool


def _hand_style(seat: int, hand_art: TileArt, meld_art: TileArt, laid_open: bool) -> _HandStyle:
    """How a seat's concealed tiles are shown: the player's standing face up, the seat across as
    backs, the side seats edge-on; laid open at the end, face up lying toward their seat."""
    turn = seat_turn(seat)
    if seat == 0 and not laid_open:
        step = hand_art.width + max(1, hand_art.width // 40)
        return _HandStyle(hand_art, step, hand_art.body_size, 0, True, True, False)
    if laid_open:
        art = hand_art if seat == 0 else meld_art
        return _HandStyle(art, _along_extent(art, seat, turn), art.lying_body_size(turn), turn, True, False, False)
    if seat == 2:
        return _HandStyle(hand_art, hand_art.body_size[0], hand_art.body_size, 0, False, True, False)
    body = hand_art.edge_body_size
    return _HandStyle(hand_art, body[1] - hand_art.depth, body, turn, False, False, True)


def _meld_pieces(meld: MeldView, seat: int) -> list[tuple[int, bool, bool]]:
    """(turn, face up, sideways) of each tile of a meld, from the seat's left to its right.

    The claimed tile lies sideways with its top toward the seat it came from: at the left end
    from 上家, in the middle from 对家, at the right end from 下家.
    """
    base = seat_turn(seat)
    if meld.kind == "concealed":
        return [(base, False, False), (base, True, False), (base, True, False), (base, False, False)]
    n = 4 if meld.kind in ("exposed", "added") else 3
    pieces = [(base, True, False)] * n
    # Places round the table, so the tile turns toward where its giver sits (across, at three, for the sides).
    rel = ((meld.source if meld.source is not None else seat) - seat) % len(SIDE_TURNS)
    side_turn = (base + 90) % 360 if rel in (2, 3) else (base + 270) % 360
    at = 0 if rel == 3 else (n - 1 if rel == 1 else 1)
    pieces[at] = (side_turn, True, True)
    return pieces


def pond_slot(layout: Layout, seat: int, index: int, count: int) -> Slot:
    """The slot of discard `index` of seat `seat`'s pond holding `count` tiles (rows of six)."""
    art = layout.art("pond")
    content = _content(layout.zones[f"pond{seat}"], art.pad)
    along, pitch = pond_steps(art, seat)
    rows = max(POND_ROWS, (count + POND_COLUMNS - 1) // POND_COLUMNS)
    if rows > POND_ROWS:
        # More rows than the zone was sized for: they close up rather than spill out.
        pitch = pitch * (POND_ROWS - 1) // (rows - 1)
    i, j = index % POND_COLUMNS, index // POND_COLUMNS
    turn = seat_turn(seat)
    bw, bh = art.lying_body_size(turn)
    if seat == 0:
        pos = (content.left + i * along, content.top + j * pitch)
    elif seat == 2:
        pos = (content.right - (i + 1) * along, content.bottom - bh - j * pitch)
    elif seat == 1:
        pos = (content.left + j * pitch, content.bottom - bh - i * along)
    else:
        pos = (content.right - bw - j * pitch, content.top + i * along)
    return Slot(pos, art, turn, True)


def wall_slot(
    layout: Layout, place: tuple[int, int, int], stacks: Sequence[int], gap: float = 0.0, skipped: int = -1
) -> Slot:
    """The slot of wall place (side, stack, layer) given the stacks per side.

    `gap` opens the wall: on the broken side the `skipped` stacks move `gap` px toward the
    owner's right, away from the first stack drawn.
    """
    side, stack, layer = place
    art = layout.art("wall")
    content = _content(layout.zones[f"wall{side}"], art.pad)
    n = stacks[side]
    step, _thick = wall_steps(art, side)
    a_idx = n - 1 - stack  # the stack's place from the owner's left
    turn = seat_turn(side)
    bh = art.lying_body_size(turn)[1]
    d = art.depth
    # Whole pixels: a half-pixel offset rounds up and down in turn and pairs the stacks off unevenly.
    off = (content.width - n * step) // 2 if side % 2 == 0 else (content.height - n * step - 2 * d) // 2
    shift = 0
    if skipped >= 0:
        # The opened wall stays inside its zone: both ends move out by half the gap at most as far as the margin.
        half = min(round(gap / 2), off + art.pad)
        shift = half if stack < skipped else -half
    if side % 2 == 0:
        y = content.top + d * (1 - layer)
        left = content.left + off + a_idx * step + shift
        right = content.right - off - (a_idx + 1) * step - shift
        return Slot((round(left if side == 0 else right), y), art, turn, False)
    bottom = content.bottom - off - bh - a_idx * step - shift  # side 1 reads from the bottom up
    top = content.top + off + d + a_idx * step + shift
    return Slot((content.left, round((bottom if side == 1 else top) - layer * d)), art, turn, False)
