"""Hints for the player (the H key): the quick one at once, the expert's worked out beside the frame loop."""

from __future__ import annotations

from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation
from ui.match.opponents import Suggestion, deep_hint, hint
from ui.table.player_move import PlayerMove
from ui.table.table_state import TableState
from ui.table.thinker import Thinker
from ui.words import strings as S


class Hints:
    """Hints for the player (the H key): the quick one at once, the expert's worked out beside the frame loop."""

    def __init__(self, table: TableState, moves: PlayerMove) -> None:
        self.t = table
        self.moves = moves
        self.deep_hint: Thinker | None = None  # the expert's hint, while it is worked out
        self.deep_hint_for: tuple[Observation | None, list[Suggestion | None]] = (None, [])

    def show_hint(self) -> None:
        """Suggest a move (the H key): select the tile to discard or light the button to press."""
        obs = self.t.obs
        if not self.t.host.settings.hints:
            self.t.message = S.tr("hints_off")
            return
        if obs is None:
            self.t.message = S.tr("hint_none")
            return
        if self.t.hinted_action is not None and self.deep_hint is None:
            self.start_deep_hint(obs)  # a second H: ask the expert
            return
        self.show_suggestion(hint(obs, self.t.rules))

    def start_deep_hint(self, obs: Observation) -> None:
        """Work out the expert's move for the player beside the frame loop; shown when ready."""
        found: list[Suggestion | None] = []
        think_ms = self.t.host.settings.think_ms
        rules = self.t.rules

        def work(o: Observation) -> Action:
            found.append(deep_hint(o, rules, think_ms))
            got = found[-1]
            if got is None:
                raise ValueError("no deeper hint")
            return got.action

        self.deep_hint = Thinker()
        self.deep_hint.start(obs.seat, work, obs)
        self.deep_hint_for = (obs, found)
        self.t.message = S.tr("hint_deep_wait")
        self.t.detail = ""

    def collect_deep_hint(self) -> None:
        if self.deep_hint is None or not self.deep_hint.done():
            return
        self.deep_hint.take()
        self.deep_hint = None
        obs, found = self.deep_hint_for
        if self.t.obs is obs and found and found[-1] is not None:
            self.show_suggestion(found[-1])

    def show_suggestion(self, suggestion: Suggestion | None) -> None:
        """Select the suggested tile or light the suggested button, with the reason under the message."""
        action = suggestion.action if suggestion is not None else None
        self.t.hinted_action = action
        if suggestion is not None:
            self.t.detail = suggestion.reason_zh if S.language() == "zh" else suggestion.reason_en
        if action is None:
            self.t.message = S.tr("hint_none")
        elif action.kind is ActionKind.DISCARD and action.tile is not None:
            if action.declare and not self.t.declare_mode:
                self.t.declare_mode = True
                self.moves.build_buttons()
            idx = self.moves.tile_index(action.tile, prefer_drawn=True)
            self.t.selected = idx
            self.t.message = S.tr("hint_discard", tile=S.tile_label(action.tile))
            if action.declare:
                self.t.message += f" ({S.tr('call_ready')})"
        else:
            label = next((b.label for b in self.t.buttons if b.action == action), action.kind.value)
            self.t.message = S.tr("hint_action", action=label)
