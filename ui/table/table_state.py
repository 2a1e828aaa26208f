"""What the parts of the table (its input, turn flow, timers, hints, panels and frame work) may use of the table
scene: its state and a few of its moves. The scene is one of these; the parts never import it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.engine.actions import Action
from game.engine.events import HandSettled
from game.engine.observation import Observation
from game.match.agents import Agent
from ui.kit.buttons import Button
from ui.look.layout import Layout
from ui.sound import TableSounds
from ui.stage.scene import Host
from ui.table.board import Board
from ui.table.jobs import FrameJobs
from ui.table.model import TableModel
from ui.table.presenter import Presenter
from ui.table.privacy import PrivacyScene
from ui.table.settlement_port import SettlementPanel, SettlementParts
from ui.table.source import TableSource
from ui.table.tuoguan import Tuoguan
from ui.table.view import TableView


class TableState(Protocol):
    """The table scene as its parts see it."""

    host: Host
    rules: Ruleset
    session: TableSource
    settlement: SettlementParts
    model: TableModel
    layout: Layout
    presenter: Presenter
    board: Board
    sounds: TableSounds
    jobs: FrameJobs
    loading_caption: str  # what the loading banner says, in the player's language
    shared: bool
    view_seat: int
    handoff: PrivacyScene | None
    autopilot: Agent | None
    tuoguan: Tuoguan
    pause_autopilot: Callable[[], bool] | None
    on_panel: Callable[[SettlementPanel], None] | None
    on_settled: Callable[[], None] | None
    end_match: Callable[[], bool] | None
    on_leave: Callable[[], None] | None
    claim_left: float | None
    obs: Observation | None
    selected: int | None
    hover: int | None
    hover_button: int | None
    hover_takeback: bool
    declare_mode: bool
    hinted_action: Action | None
    message: str
    detail: str
    buttons: list[Button]
    panel_obs: Observation | None
    phase: str
    think_left: float | None
    settled: HandSettled | None
    ledger: Ledger | None
    result: HandResult | None
    hands_done: int
    player_moves: int
    step_budget: float | None

    def speed(self) -> float:
        """The animation speed's factor (0 at instant speed)."""
        ...

    def viewer_at_rest(self) -> int:
        """Whose tiles show while no person decides."""
        ...

    def look(self, viewer: int) -> None:
        """Rebuild the table at once for `viewer`."""
        ...

    def seat_label(self, seat: int) -> str:
        """How the settlement names engine seat `seat`."""
        ...

    def offer_leave(self) -> None:
        """Esc: ask whether to leave the match, where the table may be left."""
        ...

    def hand_off(self, seat: int) -> None:
        """Cover the table until `seat`'s person clicks."""
        ...

    def skip(self) -> None:
        """Finish the running animations and any AI pause now."""
        ...

    def takeback_button(self) -> Button | None:
        """The 悔牌 button beside the hand in a practice game, or None."""
        ...

    def take_back(self) -> bool:
        """Practice: undo the player's last discard."""
        ...

    def tuoguan_buttons(self) -> list[Button]:
        """The 托管 / 取消托管 buttons in the corner."""
        ...

    def press_tuoguan(self, button: Button) -> None:
        """A 托管 button pressed (or T)."""
        ...

    def view(self) -> TableView:
        """The snapshot of this frame that the board draws."""
        ...
