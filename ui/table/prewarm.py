"""Pictures, fonts and files prepared ahead of need, so a first appearance never stalls a frame.

The table prepares what its opening shows behind a short loading banner before the first hand,
and the rest (tile faces in every look, the rulesets the settlement screen compares) a few
milliseconds per frame after that, and again after the window changes size.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from functools import partial

import pygame

from game.core import suit_tables
from game.core.ruleset import Ruleset
from game.core.settlement.chickens import fixed_chickens
from game.core.tiles import NUM_KINDS
from game.engine.wall import side_lengths
from ui.look import palette as pal
from ui.look import text as T
from ui.look.fonts import get_font, warm_font
from ui.look.layout import Layout
from ui.look.tile_art import TURNS, Look, get_tile_art
from ui.table.actors import banner_jobs, banner_picture, callout_jobs, chip_picture
from ui.table.board import Board
from ui.table.dice import ANGLES, die_picture
from ui.table.jobs import Job
from ui.table.panels import panel_tile_width
from ui.table.placement import banner_fit, chip_size, dice_size
from ui.table.plates import plate_text_jobs
from ui.table.rotation import per_place, table_places
from ui.table.seat_words import two_line_size
from ui.table.settlement_port import settlement_parts
from ui.table.wall_view import wall_side_picture
from ui.words import strings as S


def wall_layouts(rules: Ruleset) -> set[tuple[int, ...]]:
    """The stacks per place the wall may be built with at this table: each dealer's, on the table turned for each
    seat (the walls' pictures depend on them)."""
    n = rules.players
    return {
        per_place(tuple(side_lengths(rules.table, dealer, rules.wall_size)), by, 0)
        for dealer in range(n)
        for by in range(n)
    }


def _caption_width(layout: Layout) -> int:
    return round(layout.zones["compass"].width * 1.6)


def draw_loading(surface: pygame.Surface, layout: Layout, board: Board, caption: str) -> None:
    """While the table loads: the felt (a plain cloth until it is drawn) and the loading caption on a ribbon."""
    felt = board.felt(layout)
    if felt is None:
        surface.fill(pal.TABLE_GREEN_DARK)
        return  # the caption's font opens in a later loading frame, not in the first one
    surface.blit(felt, (0, 0))
    pic = banner_picture(caption, layout.font["title"], _caption_width(layout))
    surface.blit(pic, pic.get_rect(center=layout.centre))


def opening_jobs(layout: Layout, board: Board, rules: Ruleset, caption_text: str) -> Iterator[Job]:
    """What the opening of the first hand shows, drawn while the table loads: the felt, the fonts at the
    layout's sizes, the callouts, the dice, the wall's sides and the backs of the tiles."""
    # The felt in two halves, the loading caption's font and picture between them (it shows with the felt).
    caption: Iterator[Job] = itertools.chain(
        [partial(warm_font, layout.font["title"], True)],
        banner_jobs(caption_text, layout.font["title"], _caption_width(layout)),
    )
    yield from board.prepare(layout, caption)
    for size in sorted(set(layout.font.values())):
        for bold in (False, True):
            yield partial(get_font, size, bold)  # opening the face, then drawing with it: each takes a while
            yield partial(warm_font, size, bold)
    plate = layout.font["plate"]
    small = max(T.MIN_TEXT - 1, round(plate * 0.8))
    for size in (small, round(plate * 1.1), round(plate * 1.25)):
        yield partial(warm_font, size, True)  # the plates' badges and wind discs
    yield partial(warm_font, small)  # the dealer's streak
    for size in range(plate - 1, min(plate, two_line_size(plate)) - 1, -1):
        yield partial(warm_font, size, True)  # a long name shrinks to fit its plate, or takes two lines
    for key in ("call_pung", "call_kong", "call_win", "call_self_draw", "call_ready", "call_pass"):
        yield from callout_jobs(S.tr(key), layout.font["callout"])
    text = S.tr("banner_hand", n=1)  # the first hand's banner shows as the table opens
    yield from banner_jobs(text, *banner_fit(text, layout))
    die = dice_size(layout)
    for value in range(1, 7):
        for angle in ANGLES:
            yield partial(die_picture, value, die, angle)
    for stacks in sorted(wall_layouts(rules)):
        for k in table_places(rules.players):
            yield partial(wall_side_picture, layout, stacks, k)
    t = layout.tiles
    other, side, wall = get_tile_art(t.other), get_tile_art(t.side), get_tile_art(t.wall)
    yield from other.parts("back")
    yield partial(side.edge, "left")
    yield partial(side.edge, "right")
    for turn in TURNS:
        yield from wall.parts("lying_back", turn=turn)


def art_jobs(layout: Layout, rules: Ruleset) -> Iterator[Job]:
    """Every picture the table is likely to show at this layout and the tables the AI players read, in the
    order they are first needed: the player's tiles, the hand tables, the tiles of play, what the end of a
    hand shows (with the rulesets the settlement screen compares under), then the rarer looks."""
    hand = get_tile_art(layout.tiles.hand)
    for tile in range(NUM_KINDS):  # first: the deal lays the player's tiles face up
        yield from hand.parts("face", tile)
    rng = random.Random(12)
    for _ in range(SUIT_BATCHES):  # then the AI players think from the first discard on
        yield partial(_suit_rows, [_suit_key(rng) for _ in range(SUIT_BATCH)])
    yield from plate_text_jobs(layout, table_places(rules.players))
    small = get_tile_art(panel_tile_width(layout))  # the waits and chicken panels
    for tile in range(NUM_KINDS):
        yield from small.parts("face", tile)
        yield from small.parts("face", tile, look=Look.CHICKEN)
    yield from _tile_jobs(layout)
    # What the end of the first hand shows: the settlement screen's shade and the rulesets it compares under,
    # the payments' coins and the next hand's banner.
    yield from settlement_parts().prewarm_jobs()
    for amount in range(1, 25):
        yield partial(chip_picture, amount, chip_size(layout))
    for number in range(1, 33):
        text = S.tr("banner_hand", n=number)
        yield from banner_jobs(text, *banner_fit(text, layout))
    yield from _rare_tile_jobs(layout, rules)


# The hand tables fill lazily (game/core/suit_tables.py): a suit layout seen for the first time costs a
# millisecond or more. Layouts like those of real hands, looked up in quiet frames, fill most of them: 3,000
# of them, a few per job (a new layout takes up to half a millisecond).
SUIT_BATCHES = 375
SUIT_BATCH = 8


def _suit_key(rng: random.Random) -> tuple[int, ...]:
    """The nine counts of one suit in a plausible hand: up to 14 tiles, at most four of a rank."""
    counts = [0] * 9
    for _ in range(rng.choice((1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 11, 14))):
        rank = rng.randrange(9)
        if counts[rank] < 4:
            counts[rank] += 1
    return tuple(counts)


def _suit_rows(keys: list[tuple[int, ...]]) -> None:
    for key in keys:
        suit_tables.suit_info(key)
        suit_tables.both_code(key)


def _tile_jobs(layout: Layout) -> Iterator[Job]:
    """The tiles of the play of a hand, in every look it gives them."""
    t = layout.tiles
    hand, pond, meld = get_tile_art(t.hand), get_tile_art(t.pond), get_tile_art(t.meld)
    other, side, other_meld, wall = (get_tile_art(w) for w in (t.other, t.side, t.other_meld, t.wall))
    yield from other.parts("back")
    yield partial(side.edge, "left")
    yield partial(side.edge, "right")
    for turn in TURNS:
        yield from wall.parts("lying_back", turn=turn)
        yield from other_meld.parts("lying_back", turn=turn)
        yield from meld.parts("lying_back", turn=turn)
    for tile in range(NUM_KINDS):
        yield from hand.parts("face", tile)
        yield from hand.parts("face", tile, look=Look.SELECTED)
        for turn in TURNS:
            yield from pond.parts("lying", tile, turn)
    for tile in range(NUM_KINDS):
        yield from hand.parts("face", tile, look=Look.DIMMED)
        yield from pond.parts("lying", tile, 0, Look.CLAIMABLE)
        for turn in (0, 90, 270):
            yield from meld.parts("lying", tile, turn)
        for turn in TURNS:
            yield from other_meld.parts("lying", tile, turn)


def _rare_tile_jobs(layout: Layout, rules: Ruleset) -> Iterator[Job]:
    """The looks of the end of a hand: chickens and winning tiles."""
    t = layout.tiles
    hand, other_meld, wall = get_tile_art(t.hand), get_tile_art(t.other_meld), get_tile_art(t.wall)
    for tile, _fan in fixed_chickens(rules):
        for look in (Look.CHICKEN, Look.CHICKEN | Look.SELECTED, Look.CHICKEN | Look.DIMMED):
            yield from hand.parts("face", tile, look=look)
    for tile in range(NUM_KINDS):
        for turn in TURNS:
            yield from wall.parts("lying", tile, turn, Look.WINNING)
            yield from other_meld.parts("lying", tile, turn, Look.CHICKEN)
        yield from hand.parts("face", tile, look=Look.CHICKEN)
        yield from hand.parts("face", tile, look=Look.WINNING)
