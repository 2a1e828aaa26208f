"""What the side panels show: the waits of the tile in hand, the chickens, refreshed as the table catches up."""

from __future__ import annotations

from game.core import hand as analysis
from game.core.settlement.chickens import chicken_tiles, fixed_chickens
from game.core.tiles import to_counts
from ui.table.insight import ChickenInfo, chicken_info, discard_choices_keeping_ready, final_chickens, waits_of
from ui.table.model import HIDDEN
from ui.table.player_move import PlayerMove
from ui.table.session import NOBODY
from ui.table.table_state import TableState
from ui.table.view import WaitsInfo


class PanelInfo:
    """What the side panels show: the waits of the tile in hand, the chickens, refreshed as the table catches up."""

    def __init__(self, table: TableState, moves: PlayerMove) -> None:
        self.t = table
        self.moves = moves
        self.panel_version = -1
        self.waits_cache: dict[tuple[int, int | None, bool], WaitsInfo] = {}
        self.chicken_info: tuple[int, ChickenInfo | None] = (-2, None)  # never a panel version

    def forget(self) -> None:
        """The table was laid out afresh (a hand-off): nothing the panels worked out for the last viewer stays."""
        # A fresh model counts its versions from the start again, so a cached panel of another viewer (or of no
        # one, behind the hand-off screen) could carry the very version the new one reaches.
        self.panel_version = -1
        self.chicken_info = (-2, None)
        self.waits_cache.clear()

    def refresh_panels(self) -> None:
        """Recompute the player's observation for the panels once the table has caught up."""
        if self.t.model.version == self.panel_version or self.t.phase != "hand" or not self.t.session.in_hand:
            return
        self.panel_version = self.t.model.version
        viewer = self.t.session.viewer
        self.t.panel_obs = self.t.session.observe(viewer) if viewer != NOBODY else None
        self.waits_cache.clear()

    def chicken_panel(self) -> ChickenInfo | None:
        m = self.t.model
        key = m.version if m.ended else self.panel_version
        version, info = self.chicken_info
        if version != key:
            if self.t.panel_obs is not None:
                during_play: ChickenInfo | None = chicken_info(self.t.panel_obs, self.t.rules)
            elif m.dealer is not None:
                # The player's observation is not taken while the table catches up (or while
                # several people share the screen): the 常鸡 and the tiles in view still show.
                fixed = fixed_chickens(self.t.rules)
                kinds = chicken_tiles(self.t.rules, None)
                own = [*m.hands[m.viewer], m.drawn[m.viewer]] if 0 <= m.viewer < 4 else []
                mine = tuple(sorted(t for t in own if t is not None and t in kinds))
                during_play = ChickenInfo(fixed, (), (), mine, self.model_ready())
            else:
                during_play = None
            info = final_chickens(m, self.t.rules, self.t.presenter.chickens, during_play) if m.ended else during_play
            self.chicken_info = (key, info)
        return info

    def model_ready(self) -> bool:
        """Whether the viewer's hand as the table shows it is one tile from winning (docs/rules.md §5)."""
        m = self.t.model
        if not 0 <= m.viewer < 4:
            return False
        own = [t for t in (*m.hands[m.viewer], m.drawn[m.viewer]) if t is not None]
        melds = m.melds[m.viewer]
        if HIDDEN in own or len(own) != 13 - 3 * len(melds):
            return False
        counts = to_counts(own)
        for meld in melds:
            counts[meld.tile] += 4 if meld.kind != "pung" else 3  # copies in sight for the four-copies rule
        return any(counts[t] < 4 for t in analysis.completing_tiles(to_counts(own), len(melds)))

    def waits(self) -> WaitsInfo:
        obs = self.t.panel_obs
        if obs is None or self.t.model.revealed[0] is not None or self.t.model.dealing:
            return WaitsInfo()
        melds = len(obs.melds[obs.seat])
        discard = None
        if len(obs.hand) == 14 - 3 * melds:
            tiles = self.moves.hand_tiles()
            if self.t.selected is None or self.t.selected >= len(tiles):
                if discard_choices_keeping_ready(obs):
                    return WaitsInfo(note="waits_hint")
                return WaitsInfo()
            discard = tiles[self.t.selected]
        key = (self.t.model.version, discard, self.t.declare_mode)
        info = self.waits_cache.get(key)
        if info is None:
            waits = waits_of(obs, self.t.rules, discard, self.t.declare_mode)
            info = WaitsInfo(waits, discard)
            self.waits_cache[key] = info
        return info
