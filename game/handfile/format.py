"""The hand file's text forms: a meld in words, and a whole hand written back out (docs/hand-file.md)."""

from __future__ import annotations

from game.core.melds import KongKind, Meld
from game.core.result import HandResult, WinHow
from game.core.ruleset import MAX_PLAYERS
from game.core.tiles import SUITS, Tile, TileSyntaxError, format_tile, format_tiles, parse_tile
from game.handfile.codes import MELD_FAULTS
from game.handfile.draft import HandDraft, SeatDraft, WinDraft


class MeldSyntaxError(ValueError):
    """A meld that does not parse: `code` (game.handfile.codes.MELD_FAULTS) and `values` its arguments."""

    def __init__(self, code: str, values: dict[str, object]) -> None:
        super().__init__(MELD_FAULTS[code].format(**values))
        self.code = code
        self.values = values


def parse_meld(text: str, seat: int, players: int = MAX_PLAYERS) -> Meld:
    """A meld in hand-file form (`pung 5m from 2`, `kong 7p concealed`, `kong 9s added late`) of `seat` at a table
    of `players`; MeldSyntaxError if bad."""
    words = text.split()
    if len(words) < 2 or words[0] not in ("pung", "kong"):
        raise MeldSyntaxError("meld_unknown", {"meld": text})
    try:
        tile = parse_tile(words[1])
    except TileSyntaxError as exc:
        values = {"meld": text, "text": exc.text, "position": exc.position + 1, **exc.values}
        raise MeldSyntaxError(f"meld_tile_{exc.fault}", values) from None
    rest = words[2:]
    source: int | None = None
    if "from" in rest:
        i = rest.index("from")
        if i + 1 >= len(rest) or rest[i + 1] not in [str(s) for s in range(players)]:
            raise MeldSyntaxError("meld_from_seat", {"meld": text, "last": players - 1})
        source = int(rest[i + 1])
        if source == seat:
            raise MeldSyntaxError("meld_own_discard", {"meld": text})
        del rest[i : i + 2]
    late = "late" in rest
    if late:
        rest.remove("late")
    if words[0] == "pung":
        if rest or source is None or late:
            raise MeldSyntaxError("meld_pung_form", {"meld": text, "text": words[1]})
        return Meld(tile, None, source)
    if rest == ["concealed"] and source is None:
        return Meld(tile, KongKind.CONCEALED, None, late)
    if rest == ["added"]:
        return Meld(tile, KongKind.ADDED, source, late)
    if not rest and source is not None and not late:
        return Meld(tile, KongKind.EXPOSED, source)
    raise MeldSyntaxError("meld_unknown", {"meld": text})


def format_meld(meld: Meld) -> str:
    """A meld in hand-file form; an added kong keeps its pung's source when known."""
    text = meld.describe()
    if meld.kong is KongKind.ADDED and meld.source is not None:
        text += f" from {meld.source}"
    return text


def draft_of(result: HandResult) -> HandDraft:
    """The HandDraft a HandResult was (or would be) read from: check_hand gives the result back."""
    seats = [
        SeatDraft(list(s.concealed), list(s.melds), list(s.discards), s.declared_ready, s.missing) for s in result.seats
    ]
    win = None
    if result.win is not None:
        w = result.win
        how = w.how.value if w.how in (WinHow.AFTER_KONG, WinHow.ROB_KONG) else None
        win = WinDraft(
            by=w.winners,
            tile=w.tile,
            source="self" if w.discarder is None else w.discarder,
            how=how,
            hot=w.hot,
            hot_kong=result.hot_kong.tile if w.hot and result.hot_kong is not None else None,
            first_turn=w.first_turn,
            robbed_late=result.robbed_kong is not None and result.robbed_kong.late,
        )
    return HandDraft(
        ruleset=result.ruleset,
        dealer=result.dealer,
        seats=seats,
        streak=result.streak,
        win=win,
        flip=result.flip,
        first_chicken=dict(result.first_chicken),
        first_chicken_claimed_by=dict(result.first_chicken_claimed_by),
        # Not claimed, though a meld could suggest it: written `null`, so a reader infers nothing.
        first_chicken_unclaimed={
            t
            for t, d in result.first_chicken.items()
            if t not in result.first_chicken_claimed_by
            and any(m.tile == t and m.source == d for s in result.seats for m in s.melds)
        },
        baopai=tuple(result.baopai) if result.baopai else None,
        weekday=result.weekday,
        dealer_followed=result.dealer_followed,
    )


def _tiles_text(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    return format_tiles(tiles, sort=False, spaced=True) if tiles else '""'


def _tile_map(m: dict[Tile, int]) -> str:
    return "{" + ", ".join(f"{format_tile(t)}: {s}" for t, s in m.items()) + "}"


def write_hand_file(result: HandResult) -> str:
    """The hand-file text of a HandResult; read_hand_file gives the same result back."""
    return write_hand_draft(draft_of(result))


def write_hand_draft(draft: HandDraft) -> str:
    """The hand-file text of a HandDraft, checked or not (values left out stay out)."""
    lines = [f"ruleset: {draft.ruleset}", f"dealer: {draft.dealer}", f"streak: {draft.streak}", "seats:"]
    for s in draft.seats:
        lines.append(f"  - hand: {_tiles_text(s.hand)}")
        lines.append(f"    melds: [{', '.join(format_meld(m) for m in s.melds)}]")
        lines.append(f"    discards: {_tiles_text(s.discards)}")
        lines.append(f"    declared_ready: {str(s.declared_ready).lower()}")
        if s.dingque >= 0:
            lines.append(f"    dingque: {SUITS[s.dingque]}")
    win = draft.win
    if win is not None:
        parts = []
        if win.by is not None:
            parts.append(f"by: [{', '.join(str(w) for w in win.by)}]")
        if win.tile is not None:
            parts.append(f"tile: {format_tile(win.tile)}")
        if win.source is not None:
            parts.append(f"from: {win.source}")
        if win.how in ("after_kong", "rob_kong"):
            parts.append(f"how: {win.how}")
        if win.hot:
            parts.append("hot: true")
        if win.hot_kong is not None:
            parts.append(f"hot_kong: {format_tile(win.hot_kong)}")
        if win.first_turn:
            parts.append("first_turn: true")
        if win.robbed_late:
            parts.append("robbed_late: true")
        lines.append("win: {" + ", ".join(parts) + "}")
    if draft.flip is not None:
        lines.append(f"flip: {format_tile(draft.flip)}")
    if draft.first_chicken:
        lines.append(f"first_chicken: {_tile_map(draft.first_chicken)}")
    # The claimers in first_chicken's order; `null` where a first chicken was not claimed though a meld could
    # suggest it (a reader would infer a claimer otherwise).
    named = draft.first_chicken_claimed_by
    order = dict.fromkeys([*draft.first_chicken, *named, *sorted(draft.first_chicken_unclaimed)])
    claimed = [
        f"{format_tile(t)}: {named.get(t, 'null')}" for t in order if t in named or t in draft.first_chicken_unclaimed
    ]
    if claimed:
        lines.append("first_chicken_claimed_by: {" + ", ".join(claimed) + "}")
    if draft.baopai is not None:
        lines.append(f"baopai: [{', '.join(str(s) for s in draft.baopai)}]")
    if draft.weekday is not None:
        lines.append(f"weekday: {draft.weekday}")
    if draft.dealer_followed:
        lines.append("dealer_followed: true")
    return "\n".join(lines) + "\n"
