"""What the table needs of the settlement screen; ui.settlement provides it under the name "settlement"."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.engine.events import HandSettled
from ui.stage import screens
from ui.stage.scene import Host, Scene
from ui.table.model import WinView


class SettlementPanel(Scene):
    """The settlement screen as the table shows it: drawn a part per frame before it shows, its picture
    handed on to the next one once closed."""

    opaque = False
    # Set by the table while the player's seat is in 托管: T on the sheet gives it back before the next hand.
    stop_tuoguan: Callable[[], None] | None = None

    def render_steps(self) -> Iterator[None]:
        """Draw the sheet a part at a time."""
        raise NotImplementedError

    def canvas_left(self) -> pygame.Surface | None:
        """The sheet's picture once the screen is closed; None while open."""
        raise NotImplementedError


class SettlementParts:
    """The settlement screen's maker and the pictures the table draws for it ahead of need."""

    def panel(
        self,
        host: Host,
        settled: HandSettled,
        ledger: Ledger,
        win: WinView | None,
        viewer: int,
        on_close: Callable[[], None],
        auto_close: float | None,
        *,
        result: HandResult | None,
        rules: Ruleset,
        hand_no: int,
        on_leave: Callable[[], None] | None,
        canvas: pygame.Surface | None,
        leave_question: str | None = None,
        seat_label: Callable[[int], str] | None = None,
        on_review: Callable[[], None] | None = None,
    ) -> SettlementPanel:
        """The settlement screen of a settled hand; `seat_label` names an engine seat (default: as the viewer
        calls it); `on_review` opens the review of the player's play so far (a 复盘 button when set)."""
        raise NotImplementedError

    def sheet_canvas(self, size: tuple[int, int], players: int) -> pygame.Surface:
        """A picture to draw the sheet (a row a player) of a window of `size` on."""
        raise NotImplementedError

    def sheet_jobs(self, result: HandResult, size: tuple[int, int], rules: Ruleset) -> Iterator[Callable[[], object]]:
        """The pictures the sheet of `result` will show, to draw ahead."""
        raise NotImplementedError

    def prewarm_jobs(self) -> Iterator[Callable[[], object]]:
        """What the end of any hand shows, to prepare before the first one ends."""
        raise NotImplementedError


def settlement_parts() -> SettlementParts:
    """The settlement screen's parts, found by name."""
    return screens.part("settlement", SettlementParts)
