"""The hand file's shapes as written (HandDraft and its seats and win) and the problems a hand file can have.

The reader (game.handfile.reader) fills a HandDraft from YAML; check_hand (game.handfile.rules) checks it
against the rules; both report what is wrong through the types here, each problem tied to its field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

import yaml

from game.core.melds import Meld
from game.core.tiles import Tile
from game.handfile.codes import ENGLISH, english


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


# A hand file describes a table of four (docs/hand-file.md); the smaller tables of docs/rules.md §15.2 have no
# hand file yet, so the score calculator, which writes hand files, enters hands of four.
HAND_FILE_PLAYERS = 4


@dataclass
class HandDraft:
    """A whole hand as written, before it is checked against the rules: what check_hand reads."""

    ruleset: str = ""  # the ruleset's name as written; check_hand is given the Ruleset itself
    dealer: int = 0
    seats: list[SeatDraft] = field(default_factory=lambda: [SeatDraft() for _ in range(HAND_FILE_PLAYERS)])
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
    """What makes a hand impossible: the field it belongs to (`win.tile`, `seats[2]`), a code from
    game.handfile.codes.ENGLISH with its arguments, and the seat it is about when there is one."""

    field: str
    code: str
    # `field` above is the problem's field; the dataclass helper is reached through its module.
    args: Mapping[str, object] = dataclasses.field(default_factory=dict, hash=False)
    seat: int | None = None

    def __post_init__(self) -> None:
        # A code with no words would only fail when shown; refuse it where it is made.
        if self.code not in ENGLISH:
            raise ValueError(f"no problem code {self.code!r}")

    @property
    def message(self) -> str:
        """The problem in English, as `settle FILE` prints it."""
        return english(self.code, self.field, self.args)


class HandProblems(ValueError):
    """check_hand's refusal: every problem found, each with its field."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(p.message for p in problems))


class BadValue(Exception):
    """One problem at one place while reading the YAML: the node and the message in words."""

    def __init__(self, where: yaml.Node | str | None, message: str) -> None:
        self.where = where
        self.message = message


class Refused(Exception):
    """check_hand's one problem with one check: raised by the check, collected with the others."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem
