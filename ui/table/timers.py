"""The clocks of the table: the pause before an AI seat acts and the time left to answer a claim."""

from __future__ import annotations

from game.engine.actions import ActionKind
from ui.table.player_move import PlayerMove
from ui.table.table_state import TableState


class TableTimers:
    """The clocks of the table: the pause before an AI seat acts and the time left to answer a claim."""

    def __init__(self, table: TableState, moves: PlayerMove) -> None:
        self.t = table
        self.moves = moves

    def tick_claim_timer(self, dt: float) -> None:
        """Count the claim timer down while the player decides; at zero the claim is passed."""
        obs = self.t.obs
        if self.t.claim_left is None or obs is None:
            return
        self.t.claim_left -= dt
        if self.t.claim_left > 0:
            return
        self.t.claim_left = None
        passing = next((a for a in obs.legal_actions if a.kind is ActionKind.PASS), None)
        if passing is not None:
            self.moves.commit(passing)

    def auto_answer(self) -> bool:
        """Play the player's move alone when the settings say so (True if it did); else start the claim timer."""
        obs = self.t.obs
        if obs is None or self.t.autopilot is not None:
            return False
        settings = self.t.host.settings
        only = obs.legal_actions[0] if len(obs.legal_actions) == 1 else None
        # Nothing to decide: a lone pass, or the one discard a declared (报听) hand is allowed. At a shared screen
        # a lone pass still waits for its click, or the onlookers would see who could claim.
        kinds = (ActionKind.DISCARD,) if self.t.shared else (ActionKind.PASS, ActionKind.DISCARD)
        if settings.auto_pass and only is not None and only.kind in kinds:
            self.moves.commit(only)
            return True
        if settings.claim_timer > 0 and obs.phase in ("claims", "rob"):
            self.t.claim_left = float(settings.claim_timer)
        return False
