"""The settlement screen as other screens ask for it by name: its parts for the table ("settlement"), and the
screen of one settled hand on its own ("hand_settlement", as the calculator shows it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import pygame

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.engine.events import HandSettled
from game.rules.loader import builtin_ruleset_names
from ui.settlement.scene import SettlementScene
from ui.settlement.sheet import sheet_backdrop, sheet_canvas, sheet_jobs
from ui.settlement.whatif import builtin_ruleset
from ui.stage import screens
from ui.stage.scene import Host
from ui.table.model import WinView
from ui.table.settlement_port import SettlementPanel, SettlementParts


class TableSettlement(SettlementParts):
    """The settlement screen's maker and its pictures, for the table."""

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
        """The settlement screen of a settled hand."""
        return SettlementScene(
            host,
            settled,
            ledger,
            win,
            viewer,
            on_close,
            auto_close,
            result=result,
            rules=rules,
            hand_no=hand_no,
            on_leave=on_leave,
            seat_label=seat_label,
            canvas=canvas,
            leave_question=leave_question,
            on_review=on_review,
        )

    def sheet_canvas(self, size: tuple[int, int], players: int) -> pygame.Surface:
        """A picture to draw the sheet (a row a player) of a window of `size` on."""
        return sheet_canvas(size, players)

    def sheet_jobs(self, result: HandResult, size: tuple[int, int], rules: Ruleset) -> Iterator[Callable[[], object]]:
        """The pictures the sheet of `result` will show, to draw ahead."""
        return sheet_jobs(result, size, rules)

    def prewarm_jobs(self) -> Iterator[Callable[[], object]]:
        """The shade behind the sheet, then the rulesets the sheet compares under."""
        yield sheet_backdrop
        for name in builtin_ruleset_names():
            yield partial(builtin_ruleset, name)


screens.register("settlement", TableSettlement())
screens.register("hand_settlement", SettlementScene)
