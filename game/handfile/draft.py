"""The hand file's shapes as written (HandDraft and its seats and win) and the problems a hand file can have.

The reader (game.handfile.reader) fills a HandDraft from YAML; check_hand (game.handfile.rules) checks it
against the rules; both report what is wrong through the types here, each problem tied to its field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from game.core.melds import Meld
from game.core.tiles import Tile


class HandFileError(ValueError):
    """A hand file that does not read; `errors` holds one `file:line: message` per problem."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        super().__init__("\n".join(errors))


@dataclass
class SeatDraft:
    """One seat as written: concealed tiles (a winner's include the winning tile), melds, pond, 报听."""

    hand: list[Tile] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)
    declared_ready: bool = False


@dataclass
class WinDraft:
    """The `win` key as written; a value left out is None (check_hand says which are required)."""

    by: tuple[int, ...] | None = None
    tile: Tile | None = None
    source: int | str | None = None  # a seat number, "self", or None when not given
    how: object = None  # self_draw, after_kong, discard, rob_kong, or None when not given
    hot: bool = False
    hot_kong: Tile | None = None
    first_turn: bool = False
    robbed_late: bool = False


@dataclass
class HandDraft:
    """A whole hand as written, before it is checked against the rules: what check_hand reads."""

    ruleset: str = ""  # the ruleset's name as written; check_hand is given the Ruleset itself
    dealer: int = 0
    seats: list[SeatDraft] = field(default_factory=lambda: [SeatDraft() for _ in range(4)])
    streak: int = 0
    win: WinDraft | None = None
    flip: Tile | None = None
    first_chicken: dict[Tile, int] = field(default_factory=dict)
    first_chicken_claimed_by: dict[Tile, int] = field(default_factory=dict)
    # First chickens written `null` in first_chicken_claimed_by: not claimed, whatever the melds suggest.
    first_chicken_unclaimed: set[Tile] = field(default_factory=set)
    baopai: tuple[int, ...] | None = None  # None: no baopai key
    weekday: int | None = None
    dealer_followed: bool = False  # 开局跟 (docs/rules.md §14)


@dataclass(frozen=True)
class Problem:
    """What makes a hand impossible: the field it belongs to (`win.tile`, `seats[2]`), the seat it is
    about when there is one, and the message in words."""

    field: str
    message: str
    seat: int | None = None


class HandProblems(ValueError):
    """check_hand's refusal: every problem found, each with its field."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(p.message for p in problems))


class BadValue(Exception):
    """One problem at one place: a YAML node while parsing, a field (and seat) while checking."""

    def __init__(self, where: yaml.Node | str | None, message: str, seat: int | None = None) -> None:
        self.where = where
        self.message = message
        self.seat = seat
