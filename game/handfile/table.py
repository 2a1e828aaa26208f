"""The table a hand file's hand was played at: as many seats as the ruleset's players, seat numbers of that
table only, and tiles of the suits in play only (docs/rules.md §15.1, §15.2).

check_hand (game.handfile.rules) asks these first: the other checks read seats by number and count copies
by kind, which means nothing for a seat or a tile the table does not have.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from game.core.ruleset import Ruleset
from game.core.tiles import SUITS, Tile, format_tile
from game.handfile.draft import HandDraft, Problem


def seats_count_problem(found: int, rules: Ruleset) -> Problem | None:
    """The problem of a hand with `found` seats at `rules`' table (one seat per player), or None."""
    if found == rules.players:
        return None
    return Problem("seats", "seats_count", {"players": rules.players, "ruleset": rules.name, "found": found})


def seat_problem(field: str, seat: int, rules: Ruleset) -> Problem:
    """Seat number `seat` written at `field`, which `rules`' table does not have."""
    args = {"seat": seat, "players": rules.players, "ruleset": rules.name, "last": rules.players - 1}
    return Problem(field, "seat_not_at_table", args, _seat_of(field))


def tile_problem(field: str, tiles: Iterable[Tile], rules: Ruleset) -> Problem | None:
    """The first of `tiles` (written at `field`) whose suit `rules` does not play, as a problem; None when every
    one is in play (docs/rules.md §15.1)."""
    stray = next((t for t in tiles if SUITS[t // 9] not in rules.suits), None)
    if stray is None:
        return None
    args = {"ruleset": rules.name, "suit": SUITS[stray // 9], "tile": stray}
    return Problem(field, "tile_not_in_play", args, _seat_of(field))


def table_problems(draft: HandDraft, rules: Ruleset) -> list[Problem]:
    """Each seat number the table does not have and each tile of a suit not in play, at its field; the
    seat count first, alone, when it is wrong."""
    count = seats_count_problem(len(draft.seats), rules)
    if count is not None:
        return [count]
    out = [seat_problem(field, seat, rules) for field, seat in _seat_numbers(draft) if not 0 <= seat < rules.players]
    stray = (tile_problem(field, tiles, rules) for field, tiles in _tile_fields(draft))
    return out + [p for p in stray if p is not None]


def _seat_numbers(draft: HandDraft) -> Iterator[tuple[str, int]]:
    """Every seat number the draft writes, with its field."""
    yield "dealer", draft.dealer
    win = draft.win
    if win is not None:
        yield from (("win.by", s) for s in win.by or ())
        if isinstance(win.source, int):
            yield "win.from", win.source
    for i, seat in enumerate(draft.seats):
        for j, meld in enumerate(seat.melds):
            if meld.source is not None:
                yield f"seats[{i}].melds[{j}]", meld.source
    for t, s in draft.first_chicken.items():
        yield f"first_chicken.{format_tile(t)}", s
    for t, s in draft.first_chicken_claimed_by.items():
        yield f"first_chicken_claimed_by.{format_tile(t)}", s
    yield from (("baopai", s) for s in draft.baopai or ())


def _tile_fields(draft: HandDraft) -> Iterator[tuple[str, Iterable[Tile]]]:
    """Every tile the draft writes, field by field."""
    for i, seat in enumerate(draft.seats):
        yield f"seats[{i}].hand", seat.hand
        for j, meld in enumerate(seat.melds):
            yield f"seats[{i}].melds[{j}]", (meld.tile,)
        yield f"seats[{i}].discards", seat.discards
    win = draft.win
    if win is not None:
        yield "win.tile", () if win.tile is None else (win.tile,)
        yield "win.hot_kong", () if win.hot_kong is None else (win.hot_kong,)
    yield "flip", () if draft.flip is None else (draft.flip,)
    for t in draft.first_chicken:
        yield f"first_chicken.{format_tile(t)}", (t,)
    for t in [*draft.first_chicken_claimed_by, *sorted(draft.first_chicken_unclaimed)]:
        yield f"first_chicken_claimed_by.{format_tile(t)}", (t,)


def _seat_of(field: str) -> int | None:
    """The seat a field of `seats[N]` belongs to."""
    if field.startswith("seats[") and "]" in field:
        number = field[6 : field.index("]")]
        return int(number) if number.isdigit() else None
    return None
