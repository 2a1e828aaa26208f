"""A snapshot of everything the table shows in one frame, handed to the drawing code.

The scene builds it from the model, the presenter's running animations and the player's
selection; drawing reads it and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.ruleset import Ruleset
from game.core.settlement.chickens import pond_counts
from ui.look.layout import Layout
from ui.table.insight import ChickenInfo, Wait
from ui.table.model import TableModel

# Keys of tiles the presenter is flying somewhere: the board leaves their places empty meanwhile.
HiddenKey = tuple[object, ...]


@dataclass(frozen=True, slots=True)
class HandUi:
    """The player's hand controls: indices into the concealed tiles, the drawn tile last."""

    selected: int | None = None
    hover: int | None = None
    dimmed: frozenset[int] = frozenset()
    hinted: int | None = None
    chicken_kinds: frozenset[int] = frozenset()  # tiles shown with the chicken mark while playing
    dragged: int | None = None  # the tile the player drags (drawn under the pointer; its place is left empty)


@dataclass(frozen=True, slots=True)
class WaitsInfo:
    """The waits panel: the waits of the hand (or of the selected discard), or why there are none."""

    waits: tuple[Wait, ...] = ()
    discard: int | None = None  # the selected tile these waits follow from
    note: str = ""  # a key of ui.words.strings shown when there are no waits


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything one frame of the table shows."""

    layout: Layout
    model: TableModel
    rules: Ruleset
    hidden: frozenset[HiddenKey] = frozenset()
    hand_ui: HandUi = field(default_factory=HandUi)
    wall_gap: float = 0.0
    marked_stacks: int = 0  # skipped stacks marked so far while the wall is being broken
    counted: tuple[int, int] | None = None  # (seat, number) lit by the count around the table
    lit: int = 0  # chickens lit so far at the end of a hand
    dice: bool = False  # dice are rolling or resting in the middle of the table
    walls_hidden: bool = False  # the wall is being shuffled and built by an animation over the board
    scores: tuple[int, ...] | None = None  # the plates' scores while payments fly in (None: the model's)
    chickens: frozenset[int] = frozenset()  # tiles that score as chickens once a tile is turned
    claimable: bool = False  # the last discard can be claimed by the player
    chicken_info: ChickenInfo | None = None
    waits: WaitsInfo = field(default_factory=WaitsInfo)
    speed_name: str = ""
    autoplay: bool = False
    language: str = "zh"
    practice: bool = False  # a practice game: the keys' line names the take-back key
    keys_help: str = ""  # the info panel's keys line (a key of ui.words.strings) where not the table's own

    def chickens_lit(self, seat: int) -> bool:
        """Whether the chickens at place `seat` are lit now: the end of a hand, lit place by place, for seats that
        collect."""
        places = self.model.places
        if seat not in places or places.index(seat) >= self.lit or not self.chickens:
            return False
        ready = self.model.ready
        if self.rules.chickens.collectors == "every_seat":
            return True
        return ready is not None and ready[seat]

    def chicken_look_in_ponds(self) -> bool:
        """Whether discards count as chickens (内外鸡 / 死鸡 scope)."""
        return pond_counts(self.rules)
