"""Names the calculator shows and keys it files things under: seats, the palette's target, and the control
each problem of the hand is shown under."""

from __future__ import annotations

from game.handfile import HAND_FILE_PLAYERS
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


def calc_wind(seat: int) -> str:
    """A seat's wind at the calculator's table: the hand file's table of four (game.handfile.HAND_FILE_PLAYERS)."""
    return S.wind(seat, HAND_FILE_PLAYERS)


def seat_name(seat: int) -> str:
    """A seat as the calculator names it: 东家 / East (seat numbers are the hand file's 0-3)."""
    return S.tr("calc_seat_names").split()[seat]


def seat_heading(seat: int) -> str:
    """A seat row's heading: its number in the hand file and its wind."""
    return S.tr("calc_seat", n=seat, wind=calc_wind(seat))


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


def target_name(target: str) -> str:
    """Where the palette's tiles go (the target's key), in words."""
    kind, _, seat = target.partition(":")
    if seat.isdigit():
        return S.tr(f"calc_place_{kind}", seat=seat_name(int(seat)))
    return S.tr(TARGET_NAMES.get(kind, "calc_win_tile"))
