"""The player's move: the buttons offered, the tiles that may go, the action played."""

from __future__ import annotations

import pygame

from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation
from ui.kit.buttons import Button, lay_out_buttons
from ui.kit.dialogs import ConfirmScene
from ui.table.session import NOBODY
from ui.table.table_state import TableState
from ui.words import strings as S


class PlayerMove:
    """The player's move: the buttons offered, the tiles that may go, the action played."""

    def __init__(self, table: TableState) -> None:
        self.t = table

    def player_to_move(self, obs: Observation) -> None:
        self.t.obs = obs
        self.t.detail = ""
        self.t.selected = None
        self.t.declare_mode = False
        self.t.hinted_action = None
        self.build_buttons()
        if obs.phase == "dingque":
            self.t.message = S.tr("your_dingque")
            self.t.detail = S.tr("dingque_detail")
        elif obs.phase == "turn":
            self.t.message = S.tr("declared_discard") if obs.declared[obs.seat] else S.tr("your_turn")
            if obs.declared[obs.seat] and len(self.selectable()) == 1:
                self.t.selected = self.selectable()[0]  # 报听 leaves one discard: ready to go
        elif obs.phase == "rob" and obs.rob_tile is not None:
            key = "your_rob" if self.only_passing(obs) is None else "their_added_kong"
            who = S.seat_label(obs.turn, obs.seat, self.t.rules.players)
            self.t.message = S.tr(key, seat=who, tile=S.tile_label(obs.rob_tile))
        elif obs.last_discard is not None:
            seat, tile, _hot = obs.last_discard
            who = S.seat_label(seat, obs.seat, self.t.rules.players)
            self.t.message = S.tr("your_claim", seat=who, tile=S.tile_label(tile))
        if obs.phase in ("claims", "rob") and self.only_passing(obs) is not None:
            # At a shared screen every person answers every discard: here there is nothing to take.
            self.t.detail = S.tr("nothing_to_claim")

    @staticmethod
    def only_passing(obs: Observation) -> Action | None:
        """The lone pass when passing is all `obs` allows, else None."""
        legal = obs.legal_actions
        return legal[0] if len(legal) == 1 and legal[0].kind is ActionKind.PASS else None

    def clear_controls(self) -> None:
        self.t.obs = None
        self.t.selected = None
        self.t.declare_mode = False
        self.t.hinted_action = None
        self.t.buttons = []
        self.t.message = ""
        self.t.detail = ""
        self.t.hover_button = None
        self.t.claim_left = None

    def build_buttons(self) -> None:
        obs = self.t.obs
        if obs is None:
            self.t.buttons = []
            return
        specs: list[tuple[str, str, Action | None, str, int | None]] = []
        tiles: list[int | None] = []  # the tile each button takes, drawn on it
        claimed = obs.last_discard[1] if obs.phase == "claims" and obs.last_discard is not None else None
        if obs.phase == "rob":
            claimed = obs.rob_tile
        by_kind: dict[ActionKind, list[Action]] = {}
        for a in obs.legal_actions:
            by_kind.setdefault(a.kind, []).append(a)
        # 定缺 (docs/rules.md §15.3): a button a suit in play, the suit's 1 drawn on it, keys 1 2 3.
        named = by_kind.get(ActionKind.DINGQUE, [])
        for i, a in reversed(list(enumerate(named))):  # laid out right to left: 万 筒 条 read left to right
            assert a.tile is not None
            specs.append((S.tr("btn_dingque", suit=S.suit_short(a.tile // 9)), "pass", a, "", pygame.K_1 + i))
            tiles.append(a.tile)
        if ActionKind.WIN in by_kind:
            label = S.tr("btn_self_draw") if obs.phase == "turn" else S.tr("btn_win")
            specs.append((label, "win", by_kind[ActionKind.WIN][0], "", pygame.K_w))
            tiles.append(claimed)
        for kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.KONG):
            for a in by_kind.get(kind, []):
                specs.append((S.tr("btn_kong"), "kong", a, "", pygame.K_k))
                tiles.append(a.tile if a.tile is not None else claimed)
        if ActionKind.PUNG in by_kind:
            specs.append((S.tr("btn_pung"), "pung", by_kind[ActionKind.PUNG][0], "", pygame.K_p))
            tiles.append(by_kind[ActionKind.PUNG][0].tile or claimed)
        if any(a.kind is ActionKind.DISCARD and a.declare for a in obs.legal_actions):
            label = S.tr("btn_ready_cancel") if self.t.declare_mode else S.tr("btn_ready")
            specs.append((label, "ready", None, "ready", pygame.K_r))
            tiles.append(None)
        if ActionKind.PASS in by_kind:
            specs.append((S.tr("btn_pass"), "pass", by_kind[ActionKind.PASS][0], "", pygame.K_n))
            tiles.append(None)
        layout = self.t.layout
        self.t.buttons = lay_out_buttons(specs, layout.zones["buttons"], layout.font["button"], tiles)

    def hand_tiles(self) -> list[int]:
        m = self.t.model
        tiles = list(m.hands[0])
        if m.drawn[0] is not None:
            tiles.append(m.drawn[0])
        return tiles

    def tile_index(self, tile: int, prefer_drawn: bool = False) -> int | None:
        """Where `tile` is in the player's hand as shown (the drawn tile last), or None."""
        tiles = self.hand_tiles()
        if prefer_drawn and self.t.model.drawn[0] == tile:
            return len(tiles) - 1
        return tiles.index(tile) if tile in tiles else None

    def discard_action(self, index: int) -> Action | None:
        """The legal discard of the tile at `index` (declaring ready in 报听 mode), or None."""
        obs = self.t.obs
        tiles = self.hand_tiles()
        if obs is None or obs.phase != "turn" or not 0 <= index < len(tiles):
            return None
        tile = tiles[index]
        for a in obs.legal_actions:
            if a.kind is ActionKind.DISCARD and a.tile == tile and a.declare == self.t.declare_mode:
                return a
        return None

    def selectable(self) -> list[int]:
        return [i for i in range(len(self.hand_tiles())) if self.discard_action(i) is not None]

    def act(self, action: Action) -> None:
        """Play the player's action (after any warning it needs)."""
        obs = self.t.obs
        if obs is None:
            return
        warning = self.warning(action, obs)
        if warning is not None:
            message, yes = warning
            self.t.host.stack.push(ConfirmScene(self.t.host, message, yes, lambda: self.commit(action)))
            return
        self.commit(action)

    def commit(self, action: Action, stand_in: bool = False) -> None:
        """Make the move (`stand_in`: the AI's for the seat's person); an illegal one is refused with its reason."""
        reason = self.t.session.check(action)
        if reason is not None:
            self.t.message = S.tr("err_illegal", reason=reason)
            return
        self.clear_controls()
        self.t.player_moves += 1
        if self.t.shared:
            # Hide the hand before the engine answers, unless the same person moves again (a discard after a pung,
            # or the draw of the seat that answered a discard last). While the people answer a discard in turn,
            # an answer shows nothing until the last (game/match/controller.py, the claim window).
            self.t.look(NOBODY)
            events = self.t.session.apply(action, stand_in)
            if self.t.session.to_move() == [action.seat]:
                self.t.look(action.seat)
            else:
                self.t.presenter.feed(events)
            return
        self.t.presenter.feed(self.t.session.apply(action, stand_in))

    def warning(self, action: Action, obs: Observation) -> tuple[str, str] | None:
        """A warning before a move that costs: passing a win (过水 / 包牌), or winning under 包牌."""
        mode = self.t.rules.play.passed_win
        others = S.table_word(self.t.rules.players, "others")  # 包牌 pays every other seat (docs/rules.md §15.4)
        can_win = any(a.kind is ActionKind.WIN for a in obs.legal_actions)
        if action.kind is ActionKind.PASS and can_win and obs.phase in ("claims", "rob"):
            if mode == "guoshui":
                return S.tr("warn_guoshui"), S.tr("warn_pass_anyway")
            if mode == "baopai":
                return S.tr("warn_baopai_pass", others=others), S.tr("warn_pass_anyway")
        if action.kind is ActionKind.WIN and obs.phase in ("claims", "rob") and obs.baopai_pending and mode == "baopai":
            return S.tr("warn_baopai_win", others=others), S.tr("warn_win_anyway")
        return None

    def press(self, button: Button) -> None:
        if button.command == "ready":
            self.t.declare_mode = not self.t.declare_mode
            self.t.message = S.tr("declare_mode") if self.t.declare_mode else S.tr("your_turn")
            if self.t.selected is not None and self.discard_action(self.t.selected) is None:
                self.t.selected = None
            self.build_buttons()
            return
        if button.action is not None:
            self.act(button.action)
