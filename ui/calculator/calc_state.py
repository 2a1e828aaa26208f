"""What the calculator's parts (its header, seat rows, end-of-hand panel, tool rows, tile input, hand files
and picture) may use of the calculator scene. The scene is one of these; the parts never import it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.calculator.files import HandStore
from game.calculator.sheet import Calculator
from game.core.melds import KongKind
from game.core.ruleset import Ruleset
from game.core.tiles import Tile
from game.handfile import Problem
from ui.kit.metrics import Metrics
from ui.kit.widgets import Widget
from ui.stage.scene import Host


@dataclass
class Notice:
    """The status line: a message and whether it is bad news."""

    text: str = ""
    bad: bool = False


class CalcState(Protocol):
    """The calculator scene as its parts see it."""

    host: Host
    m: Metrics
    size: tuple[int, int]
    calc: Calculator
    rulesets: list[tuple[Ruleset, str]]
    store: HandStore | None
    keep_recent: bool
    widgets: list[Widget]
    keys: list[str]
    focus: int | None
    target: str
    meld_kind: KongKind | None
    meld_from: int
    meld_late: bool
    notice: Notice
    problems: list[Problem]
    by_key: dict[str, list[Problem]]
    left: list[int]  # copies of each tile kind not yet placed
    seat_rects: list[pygame.Rect]
    panel_rect: pygame.Rect
    problem_lines: list[tuple[pygame.Rect, list[str]]]
    status_y: int
    unsaved_for: float | None

    def add(self, widget: Widget, key: str, rect: pygame.Rect) -> Widget:
        """Place `widget` at `rect` under `key`."""
        ...

    def change(self, action: Callable[[], object]) -> None:
        """Run one change of the hand, then check and lay out again."""
        ...

    def typed(self, action: Callable[[], bool]) -> bool:
        """Run one typed change of the hand, lay out again, and say whether it was taken."""
        ...

    def refresh(self) -> None:
        """Check the hand again and lay the screen out for it."""
        ...

    def rebuild(self) -> None:
        """Build again, keeping the keyboard on the control with the same key."""
        ...

    def is_target(self, key: str) -> bool:
        """Whether the palette's tiles go to the control `key`."""
        ...

    def set_target(self, key: str) -> None:
        """Send the palette's tiles to the control `key`."""
        ...

    def pick(self, tile: Tile) -> None:
        """A tile from the palette, into the target field."""
        ...

    def settle(self) -> None:
        """Settle the hand, or say what stands in the way."""
        ...

    def save(self) -> None:
        """Write the hand as a hand file."""
        ...

    def open(self) -> None:
        """Choose a saved or recent hand to open."""
        ...

    def clear(self) -> None:
        """Start an empty hand."""
        ...

    def back(self) -> None:
        """Leave the calculator."""
        ...
