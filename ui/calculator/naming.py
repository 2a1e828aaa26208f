"""Names the calculator shows and keys it files things under: seats, the palette's target, and the control
each problem of the hand is shown under."""

from __future__ import annotations

from game.calculator.sheet import Calculator
from game.core.ruleset import seat_wind
from ui.words import strings as S

# A problem's field in the hand file -> the key of the control it is shown under.
FIELD_KEYS = {
    "win": "winners",
    "win.by": "winners",
    "win.tile": "win_tile",
    "win.from": "from",
    "win.how": "how",
    "win.hot": "hot",
    "win.hot_kong": "hot_kong",
    "win.first_turn": "first_turn",
    "win.robbed_late": "robbed_late",
    "flip": "flip",
    "baopai": "baopai",
    "weekday": "weekday",
    "dealer_followed": "dealer_followed",
    "dealer": "dealer",
    "streak": "streak",
}

# Where a target that is not a seat's field sends the palette's tiles, in words.
TARGET_NAMES = {"win_tile": "calc_win_tile", "flip": "calc_flip", "hot_kong": "calc_hot_kong"}


def wind(players: int, seat: int) -> str:
    """A seat's wind at a table of `players` in the language shown: 东 / E (docs/rules.md §15.2: 东南西 at three,
    东西 at two); a seat number beyond the table, which a hand entered at a larger one still names, by its
    number (3号座 / seat 3), so it is never taken for a seat of the table."""
    return S.wind(seat, players) if seat < players else S.tr("calc_seat_gone", n=seat)


def seat_choices(calc: Calculator, *held: int | None) -> list[tuple[int, str]]:
    """The seats a control offers, by their winds: those at the table, and any seat beyond it that the hand still
    names in `held` (a larger table's, refused at its field until the ruleset or the value changes, docs/rules.md
    §15.2)."""
    seats = set(range(calc.players)) | {s for s in held if s is not None and s >= 0}
    return [(i, wind(calc.players, i)) for i in sorted(seats)]


def seat_name(seat: int, players: int) -> str:
    """A seat as the calculator names it at a table of `players`: 东家 / East, or 3号座 / seat 3 beyond it."""
    if seat >= players:
        return S.tr("calc_seat_gone", n=seat)
    return S.tr("calc_seat_names").split()[seat_wind(players, seat)]


def seat_heading(seat: int, players: int) -> str:
    """A seat row's heading: its number in the hand file and its wind."""
    return S.tr("calc_seat", n=seat, wind=wind(players, seat))


def field_widget_key(field: str) -> str:
    """The key of the control a problem's field is shown under (see CalculatorScene.keys)."""
    if field.startswith("seats["):
        seat = field[6]
        for part in ("melds", "discards", "declared_ready", "ready", "chickens"):
            if field.startswith(f"seats[{seat}].{part}"):
                return f"{part}:{seat}"
        return f"hand:{seat}"
    if field.startswith("first_chicken"):
        return field  # one control per followed tile: first_chicken.1s, first_chicken_claimed_by.1s
    return FIELD_KEYS.get(field, "general")


def target_name(target: str, players: int) -> str:
    """Where the palette's tiles go (the target's key) at a table of `players`, in words."""
    kind, _, seat = target.partition(":")
    if seat.isdigit():
        return S.tr(f"calc_place_{kind}", seat=seat_name(int(seat), players))
    return S.tr(TARGET_NAMES.get(kind, "calc_win_tile"))
