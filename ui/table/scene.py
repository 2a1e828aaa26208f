"""The table scene: hands of a match played out on screen, the player at seat 0 against three AIs.

The scene asks the engine for more only when the presenter has shown everything so far: then
either an AI acts (after a pause a person can follow), or the player's buttons and tiles come
alive, or the finished hand is settled and its panel shown.
"""

from __future__ import annotations

import gc
import logging
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial

import pygame

from game import hand as analysis
from game.actions import Action, ActionKind
from game.agents import Agent, SimpleAgent
from game.events import HandSettled
from game.observation import Observation
from game.result import HandResult
from game.ruleset import Ruleset
from game.settlement import Ledger
from game.tiles import to_counts
from ui import palette as pal
from ui import screens
from ui import strings as S
from ui import text as T
from ui.kit.buttons import Button, draw_buttons, lay_out_buttons
from ui.kit.dialogs import ConfirmScene, NoticeScene
from ui.layout import BOARD_ZONES, DEFAULT_SIZE, Layout, compute_layout
from ui.match_config import MatchConfig
from ui.opponents import Suggestion, deep_hint, hint, opponent
from ui.scene import Host, Scene
from ui.sound import TableSounds
from ui.table.actors import banner_jobs, banner_picture
from ui.table.board import Board
from ui.table.insight import ChickenInfo, chicken_info, discard_choices_keeping_ready, final_chickens, waits_of
from ui.table.jobs import FrameJobs, Job, Jobs, each_step
from ui.table.model import HIDDEN, TableModel, WinView
from ui.table.pond_view import last_discard_rect, marker_picture, place_marker
from ui.table.presenter import Presenter, banner_fit
from ui.table.prewarm import art_jobs, opening_jobs
from ui.table.privacy import PrivacyScene
from ui.table.rack_view import geometry_for
from ui.table.rotation import engine_seat, turn_event, turned_seat
from ui.table.session import NOBODY, TableSession, local_session
from ui.table.settlement_port import SettlementPanel, settlement_parts
from ui.table.source import TableSource
from ui.table.thinker import Thinker, thinks_long
from ui.table.view import HandUi, TableView, WaitsInfo

log = logging.getLogger(__name__)

# Seconds an AI waits before acting, at normal speed, so a person can follow the play.
THINK_TURN = 0.55
THINK_CLAIM = 0.3
SETTLE_PAUSE = 2.5  # how long the end panel stays up on its own when the AIs play alone
STEP_BUDGET = 0.012  # seconds of engine work per frame at instant speed
# Seconds into a frame by which the pictures prepared ahead of need must be done (no job starts that is
# expected to end later): the frame's drawing comes after, and a loaded machine may take twice as long
# over all of it, still within the 16.7 ms of a 60 Hz screen.
PREWARM_UNTIL = 0.003
LOADING_UNTIL = 0.004  # before the first hand, while only the loading banner moves

HOTKEYS = {
    pygame.K_w: "win",
    pygame.K_k: "kong",
    pygame.K_p: "pung",
    pygame.K_n: "pass",
    pygame.K_x: "pass",
    pygame.K_r: "ready",
}


class TableScene(Scene):
    """A match at one table: four seats, the player at seat 0 unless the AIs play alone."""

    def __init__(
        self,
        host: Host,
        rules: Ruleset,
        seed: str,
        human: int | None = 0,
        agents: list[Agent | None] | None = None,
        config: MatchConfig | None = None,
        session: TableSource | None = None,
        save_name: str | None = None,
    ) -> None:
        super().__init__(host)
        self.rules = rules
        self.settlement = settlement_parts()  # the screen after each hand, found by name
        settings = host.settings
        self.config = config
        if config is not None and agents is None:
            human = config.humans[0] if config.humans else None
            agents = [
                None if c.kind == "human" else opponent(c.level, f"{seed}:{i}", rules, settings.think_ms)
                for i, c in enumerate(config.seats)
            ]
        self.human = human
        if agents is None:
            agents = [
                None if seat == human else opponent(settings.level, f"{seed}:{seat}", rules, settings.think_ms)
                for seat in range(4)
            ]
        cfg = config.to_json() if config is not None else None
        self.session: TableSource = session or TableSession(rules, seed, agents, viewer=0, config=cfg)
        # Who looks at the table: one person sees their own seat at the bottom; several people
        # share the screen through the hand-off screen, and while no one of them decides, no hand shows.
        humans = self.session.humans
        self.shared = len(humans) > 1
        self.view_seat = humans[0] if humans else 0  # the seat at the bottom
        self.handoff: PrivacyScene | None = None
        self._unsaved_notice: Scene | None = None  # a save failure told once the table is on screen
        if save_name is not None:
            # The session owns the save and the replay log; a failure to write either is told once.
            local_session(self.session).keep(save_name, on_error=self._tell_unsaved)
        self.model = TableModel(viewer=0)
        self.layout: Layout = compute_layout(host.stack.size if host.stack.size != (0, 0) else DEFAULT_SIZE)
        self.presenter = Presenter(self.model, rules, lambda: self.layout, lambda: self.host.settings.speed.factor)
        self.sounds = TableSounds(host.settings)
        self.presenter.on_beat = self.sounds.play_event
        self.board = Board()
        self.autopilot: Agent | None = None  # plays the player's seat when set (screenshots, tests)
        self.pause_autopilot: Callable[[], bool] | None = None  # the autopilot waits while this is True
        self.on_panel: Callable[[SettlementPanel], None] | None = None
        # Match flow (ui/menu/match_flow.py): told of each settled hand; asked before the next one
        # whether the match is over (True: it has taken the table away).
        self.on_settled: Callable[[], None] | None = None
        self.end_match: Callable[[], bool] | None = None
        self.on_leave: Callable[[], None] | None = None  # Escape with nothing to cancel offers to leave
        self.claim_left: float | None = None  # seconds left to answer a claim (the claim timer setting)
        # The player's controls.
        self.obs: Observation | None = None  # the player's observation while it is their move
        self.selected: int | None = None
        self.hover: int | None = None
        self.hover_button: int | None = None
        self.declare_mode = False
        self.hinted_action: Action | None = None
        self.message = ""
        self.detail = ""  # a second, smaller line under the message (the hint's reason)
        self.buttons: list[Button] = []
        # What the panels show, refreshed whenever the table is caught up with the engine.
        self.panel_obs: Observation | None = None
        self._panel_version = -1
        self._waits_cache: dict[tuple[int, int | None, bool], WaitsInfo] = {}
        # Flow.
        self.phase = "hand"  # hand, settled, panel
        self.think_left: float | None = None
        self.thinker = Thinker()  # a searching AI's decision, made beside the frame loop
        self.deep_hint: Thinker | None = None  # the expert's hint, while it is worked out
        self._deep_hint_for: tuple[Observation | None, list[Suggestion | None]] = (None, [])
        self.settled: HandSettled | None = None
        self.ledger: Ledger | None = None
        self.result: HandResult | None = None  # the ended hand laid open, for the settlement screen
        self.hands_done = 0
        self.player_moves = 0  # actions the player has taken (tests, statistics)
        self.frames = 0
        # Engine work allowed per frame at instant speed; None: none of it is cut by the clock (screenshots,
        # which must come out the same on every machine).
        self.step_budget: float | None = STEP_BUDGET
        self.jobs = FrameJobs()
        self._opening = Jobs(self._opening_jobs())
        self._prewarm = Jobs(art_jobs(self.layout, rules))
        self._sheet: Jobs | None = None  # the ended hand's settlement pictures, drawn while its end plays
        self._banners_drawn: set[str] = set()
        self._banners = Jobs(())  # the banners of the events in the queue, drawn before they show
        self._panel: SettlementPanel | None = None  # the next settlement screen, made before it shows
        self._panel_steps: Jobs | None = None  # its sheet, drawn a part per frame
        self._shown_panel: SettlementPanel | None = None
        self._canvas: pygame.Surface | None = None  # for the next sheet: the last one's picture, or one made ahead
        # Draw the tile pictures before the first hand (a short loading moment), unless nothing animates.
        self.loading = host.settings.speed.factor > 0
        self._chicken_info: tuple[int, ChickenInfo | None] = (-2, None)  # never a panel version
        if self.session.in_hand:
            self._look(self._viewer_at_rest())  # a resumed match: the table as it was left
        else:
            self.session.look(self._viewer_at_rest(), self.view_seat)
            self.presenter.feed(self.session.start_hand())

    # ------------------------------------------------------------------ who sees what

    def _viewer_at_rest(self) -> int:
        """Whose tiles show while no person decides: the one player's, no one's when several share the screen."""
        return NOBODY if self.shared else self.view_seat

    def _look(self, viewer: int) -> None:
        """Rebuild the table at once for `viewer` (NOBODY: every hand hidden), turned for `view_seat`."""
        self.presenter.skip()
        self.presenter.queue.clear()
        scores = self.session.scores
        self.model = TableModel(viewer=0, scores=tuple(scores[engine_seat(k, self.view_seat)] for k in range(4)))
        self.model.turned_by = self.view_seat
        self.model.people = frozenset(self.session.humans)
        for e in self.session.look(viewer, self.view_seat):
            self.model.apply(e)
        self.presenter.model = self.model
        self.board.invalidate()
        self._panel_version = -1

    def rebuild_view(self) -> None:
        """Draw the table afresh from the session (a network table after its host sent the hand anew)."""
        self._look(self._viewer_at_rest())

    def _hand_off(self, seat: int) -> None:
        """Cover the table until `seat`'s person clicks; then turn the table to them and show their hand."""
        self._look(NOBODY)
        name = self.config.seats[seat].name if self.config is not None and seat < len(self.config.seats) else ""

        def reveal() -> None:
            self.handoff = None
            self.view_seat = seat
            self._look(seat)

        self.handoff = PrivacyScene(self.host, seat, name, reveal)
        self.host.stack.push(self.handoff)

    def take_back(self) -> bool:
        """Practice: undo the player's last discard and all that followed (one person at the table only)."""
        humans = self.session.humans
        if len(humans) != 1 or self.phase != "hand" or not self.session.in_hand:
            return False
        if not self.session.take_back(humans[0]):
            self.message = S.tr("takeback_none")
            return False
        self._clear_controls()
        self.think_left = None
        self.thinker = Thinker()  # nothing is thinking on the player's turn; start clean all the same
        self._look(humans[0])
        self.message = S.tr("takeback_done")
        return True

    # ------------------------------------------------------------------ the flow

    @property
    def waiting_for_player(self) -> bool:
        """True when the table waits for the player's move."""
        return self.obs is not None

    def update(self, dt: float) -> None:
        self.jobs.start_frame()
        self.frames += 1
        self._tick_claim_timer(dt)
        if self.loading:
            self.loading = self.jobs.run(self._opening, LOADING_UNTIL)
            if not self.loading:
                # What is loaded now stays for the whole game: set it aside from the collector, whose full
                # pass over it would otherwise cost a frame (15 ms at 1920x1080) at some moment of play.
                gc.freeze()
            return
        self.presenter.update(dt)
        if self.think_left is not None:
            self.think_left -= dt
        deadline = time.perf_counter() + (self.step_budget or 0.0)
        while self.presenter.idle:
            if not self._advance():
                break
            self.presenter.update(0.0)
            if self.step_budget is not None and time.perf_counter() > deadline:
                break
        if self.presenter.idle:
            self._refresh_panels()
        self._collect_deep_hint()
        if self._speed() > 0 and self.step_budget is not None:
            self._prewarm_some(PREWARM_UNTIL)

    def _prewarm_some(self, until: float) -> bool:
        """Prepare pictures ahead of need until `until` seconds into the frame; False once all are ready."""
        run = self.jobs.run
        if self._panel_steps is not None:
            if run(self._panel_steps, until):
                return True
            self._panel_steps = None
        if self.presenter.queue and self._banners.head() is None:
            self._banners = Jobs(self._banner_jobs())  # any new ones
        if run(self._banners, until):
            return True
        result = self.session.result
        if self._sheet is None and result is not None and self.phase == "hand":
            self._sheet = Jobs(self.settlement.sheet_jobs(result, self.layout.size, self.rules))
        if self._sheet is not None and run(self._sheet, until):
            return True
        return run(self._opening, until) or run(self._prewarm, until)

    def _opening_jobs(self) -> Iterator[Job]:
        """What the table loads before its first frame: the opening's pictures, then each zone of the board."""
        yield from opening_jobs(self.layout, self.board)
        yield self._make_canvas
        for name in BOARD_ZONES:
            yield partial(self._draw_zone, name)

    def _draw_zone(self, name: str) -> None:
        self.board.render_zone(self.view(), name)

    def _banner_jobs(self) -> Iterator[Job]:
        """The banners of the events waiting in the queue (the opening's dice, dealer, shuffle and break)."""
        for text in self.presenter.upcoming_banners():
            if text not in self._banners_drawn:
                self._banners_drawn.add(text)
                yield from banner_jobs(text, *banner_fit(text, self.layout))

    def _speed(self) -> float:
        return self.host.settings.speed.factor

    def _advance(self) -> bool:
        """Take the next step of the hand; False when the table must wait (a pause, the player, the panel)."""
        s = self.session
        if self.phase == "panel":
            return False
        if self.phase == "settled":
            if self._panel_steps is not None and (self._speed() <= 0 or self.step_budget is None):
                self._panel_steps.finish()  # no frames to spread it over any more (instant speed)
                self._panel_steps = None
            if self._panel_steps is None:
                self._show_panel()
            return False
        movers = s.to_move()
        if not movers:
            self.result = s.result
            settled, ledger = s.settle()
            self.settled, self.ledger = settled, ledger
            self.phase = "settled"
            # The session settles in engine seats (as the settlement screen reads them); the table is turned.
            self.presenter.feed([turn_event(settled, self.model.turned_by)])
            self._panel = self._settlement_panel()
            if self._speed() > 0 and self.step_budget is not None:
                # The sheet is drawn a part per frame before it shows (see _prewarm_some).
                self._panel.resize(self.host.stack.size if self.host.stack.size != (0, 0) else self.layout.size)
                self._panel_steps = Jobs(each_step(self._panel.render_steps(), "sheet"))
            return True
        ai = [seat for seat in movers if s.agents[seat] is not None]
        if ai:
            agent = s.agents[ai[0]]
            if self.think_left is None:
                obs = s.observe(ai[0])
                self.think_left = (THINK_TURN if obs.phase == "turn" else THINK_CLAIM) * self._speed()
                if agent is not None and thinks_long(agent):
                    self.thinker.start(ai[0], agent.choose, obs)
                    self.model.thinking = (ai[0] - self.model.turned_by) % 4
            if self.think_left > 0:
                return False
            if self.thinker.busy:
                return self._collect_thought()
            self.think_left = None
            self.presenter.feed(s.agent_move(ai[0]))
            return True
        if self.handoff is not None:
            return False
        if self.shared and (self.session.viewer != movers[0] or self.view_seat != movers[0]):
            self._hand_off(movers[0])
            return False
        if self.obs is None:
            self._player_to_move(s.observe(movers[0]))
            if self._auto_answer():
                return True
        paused = self.pause_autopilot is not None and self.pause_autopilot()
        if self.autopilot is not None and self.obs is not None and not paused:
            self._commit(self.autopilot.choose(self.obs))
            return True
        return False

    def _collect_thought(self) -> bool:
        """Play the searching AI's move once it is ready; False while it still thinks (the frame goes on)."""
        if not self.thinker.done():
            return False
        seat = self.thinker.seat
        action, error = self.thinker.take()
        self.think_left = None
        self.model.thinking = None
        assert seat is not None
        if action is None or self.session.check(action) is not None:
            # Never a stalled table: a failed search gives way to the quick built-in move.
            log.warning("seat %d: the AI's decision failed (%s); playing the quick move", seat, error or action)
            action = SimpleAgent().choose(self.session.observe(seat))
        self.presenter.feed(self.session.apply(action))
        return True

    def _show_panel(self) -> None:
        assert self.settled is not None and self.ledger is not None
        self.phase = "panel"
        self.hands_done += 1
        if self.on_settled is not None:
            self.on_settled()
        panel = self._panel or self._settlement_panel()
        self._panel = None
        self._shown_panel = panel
        self.host.stack.push(panel)
        if self.on_panel is not None:
            self.on_panel(panel)

    def _settlement_panel(self) -> SettlementPanel:
        """The settlement screen of the hand just settled."""
        assert self.settled is not None and self.ledger is not None
        settings = self.host.settings
        auto = SETTLE_PAUSE * self._speed() if settings.autoplay or self.autopilot is not None else None
        return self.settlement.panel(
            self.host,
            self.settled,
            self.ledger,
            self._engine_win(),
            self.view_seat,
            self._next_hand,
            auto,
            result=self.result,
            rules=self.rules,
            hand_no=self.model.hand_no,
            on_leave=self.on_leave,
            canvas=self._take_canvas(),
        )

    def _take_canvas(self) -> pygame.Surface | None:
        canvas, self._canvas = self._canvas, None
        return canvas

    def _make_canvas(self) -> None:
        """A picture of the settlement sheet's size to draw the first sheet on (made ahead, as it takes a while)."""
        if self._canvas is None:
            self._canvas = self.settlement.sheet_canvas(self.layout.size)

    def _next_hand(self) -> None:
        settings = self.host.settings
        if self.end_match is not None and self.end_match():
            return
        if settings.hands and self.hands_done >= settings.hands:
            self.host.quit(0)
            return
        self.phase = "hand"
        self._sheet = None
        if self._shown_panel is not None:
            # The closed sheet's picture is drawn over for the next hand's.
            self._canvas, self._shown_panel = self._shown_panel.canvas_left(), None
        if self.ledger is not None:
            self.presenter.pay(self._payments(self.ledger), self.layout)
        self.settled = self.ledger = None
        self._clear_controls()
        # The last hand's waits and chickens go with it: nothing of it shows through the next deal.
        self.panel_obs = None
        self._panel_version = -1
        self._waits_cache.clear()
        self.session.look(self._viewer_at_rest(), self.view_seat)
        self.presenter.feed(self.session.start_hand())

    def _payments(self, ledger: Ledger) -> list[tuple[int, int, int]]:
        """The hand's payments as (payer, payee, amount) between the seats as the table shows them,
        one per pair of seats, largest first."""
        pairs: dict[tuple[int, int], int] = {}
        turn = self.model.turned_by
        for item in ledger.items:
            if item.amount > 0 and item.payer != item.payee:
                key = (turned_seat(item.payer, turn), turned_seat(item.payee, turn))
                pairs[key] = pairs.get(key, 0) + item.amount
        return sorted(((a, b, n) for (a, b), n in pairs.items()), key=lambda p: (-p[2], p[0], p[1]))

    def _engine_win(self) -> WinView | None:
        """The hand's win with engine seat numbers (the model's are turned for the seat at the bottom)."""
        win = self.model.win
        if win is None or self.view_seat == 0:
            return win
        turn = self.view_seat
        discarder = None if win.discarder is None else engine_seat(win.discarder, turn)
        return replace(win, winners=tuple(engine_seat(w, turn) for w in win.winners), discarder=discarder)

    # ------------------------------------------------------------------ the player's move

    def _player_to_move(self, obs: Observation) -> None:
        self.obs = obs
        self.detail = ""
        self.selected = None
        self.declare_mode = False
        self.hinted_action = None
        self._build_buttons()
        if obs.phase == "turn":
            self.message = S.tr("declared_discard") if obs.declared[obs.seat] else S.tr("your_turn")
            if obs.declared[obs.seat] and len(self._selectable()) == 1:
                self.selected = self._selectable()[0]  # 报听 leaves one discard: ready to go
        elif obs.phase == "rob" and obs.rob_tile is not None:
            self.message = S.tr("your_rob", seat=S.seat_label(obs.turn, obs.seat), tile=S.tile_label(obs.rob_tile))
        elif obs.last_discard is not None:
            seat, tile, _hot = obs.last_discard
            self.message = S.tr("your_claim", seat=S.seat_label(seat, obs.seat), tile=S.tile_label(tile))

    def _clear_controls(self) -> None:
        self.obs = None
        self.selected = None
        self.declare_mode = False
        self.hinted_action = None
        self.buttons = []
        self.message = ""
        self.detail = ""
        self.hover_button = None
        self.claim_left = None

    def _auto_answer(self) -> bool:
        """Play the player's move alone when the settings say so (True if it did); else start the claim timer."""
        obs = self.obs
        if obs is None or self.autopilot is not None:
            return False
        settings = self.host.settings
        only = obs.legal_actions[0] if len(obs.legal_actions) == 1 else None
        # Nothing to decide: a lone pass, or the one discard a declared (报听) hand is allowed.
        if settings.auto_pass and only is not None and only.kind in (ActionKind.PASS, ActionKind.DISCARD):
            self._commit(only)
            return True
        if settings.claim_timer > 0 and obs.phase in ("claims", "rob"):
            self.claim_left = float(settings.claim_timer)
        return False

    def _tick_claim_timer(self, dt: float) -> None:
        """Count the claim timer down while the player decides; at zero the claim is passed."""
        obs = self.obs
        if self.claim_left is None or obs is None:
            return
        self.claim_left -= dt
        if self.claim_left > 0:
            return
        self.claim_left = None
        passing = next((a for a in obs.legal_actions if a.kind is ActionKind.PASS), None)
        if passing is not None:
            self._commit(passing)

    def _build_buttons(self) -> None:
        obs = self.obs
        if obs is None:
            self.buttons = []
            return
        specs: list[tuple[str, str, Action | None, str, int | None]] = []
        tiles: list[int | None] = []  # the tile each button takes, drawn on it
        claimed = obs.last_discard[1] if obs.phase == "claims" and obs.last_discard is not None else None
        if obs.phase == "rob":
            claimed = obs.rob_tile
        by_kind: dict[ActionKind, list[Action]] = {}
        for a in obs.legal_actions:
            by_kind.setdefault(a.kind, []).append(a)
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
            label = S.tr("btn_ready_cancel") if self.declare_mode else S.tr("btn_ready")
            specs.append((label, "ready", None, "ready", pygame.K_r))
            tiles.append(None)
        if ActionKind.PASS in by_kind:
            specs.append((S.tr("btn_pass"), "pass", by_kind[ActionKind.PASS][0], "", pygame.K_n))
            tiles.append(None)
        layout = self.layout
        self.buttons = lay_out_buttons(specs, layout.zones["buttons"], layout.font["button"], tiles)

    def _hand_tiles(self) -> list[int]:
        m = self.model
        tiles = list(m.hands[0])
        if m.drawn[0] is not None:
            tiles.append(m.drawn[0])
        return tiles

    def tile_index(self, tile: int, prefer_drawn: bool = False) -> int | None:
        """Where `tile` is in the player's hand as shown (the drawn tile last), or None."""
        tiles = self._hand_tiles()
        if prefer_drawn and self.model.drawn[0] == tile:
            return len(tiles) - 1
        return tiles.index(tile) if tile in tiles else None

    def _discard_action(self, index: int) -> Action | None:
        """The legal discard of the tile at `index` (declaring ready in 报听 mode), or None."""
        obs = self.obs
        tiles = self._hand_tiles()
        if obs is None or obs.phase != "turn" or not 0 <= index < len(tiles):
            return None
        tile = tiles[index]
        for a in obs.legal_actions:
            if a.kind is ActionKind.DISCARD and a.tile == tile and a.declare == self.declare_mode:
                return a
        return None

    def _selectable(self) -> list[int]:
        return [i for i in range(len(self._hand_tiles())) if self._discard_action(i) is not None]

    def _act(self, action: Action) -> None:
        """Play the player's action (after any warning it needs)."""
        obs = self.obs
        if obs is None:
            return
        warning = self._warning(action, obs)
        if warning is not None:
            message, yes = warning
            self.host.stack.push(ConfirmScene(self.host, message, yes, lambda: self._commit(action)))
            return
        self._commit(action)

    def _commit(self, action: Action) -> None:
        reason = self.session.check(action)
        if reason is not None:
            self.message = S.tr("err_illegal", reason=reason)
            return
        self._clear_controls()
        self.player_moves += 1
        if self.shared:
            # Hide the hand before the engine answers, unless the same person moves again (a discard after a pung).
            self._look(NOBODY)
            events = self.session.apply(action)
            if self.session.to_move() == [action.seat]:
                self._look(action.seat)
            else:
                self.presenter.feed(events)
            return
        self.presenter.feed(self.session.apply(action))

    def _warning(self, action: Action, obs: Observation) -> tuple[str, str] | None:
        """A warning before a move that costs: passing a win (过水 / 包牌), or winning under 包牌."""
        mode = self.rules.play.passed_win
        can_win = any(a.kind is ActionKind.WIN for a in obs.legal_actions)
        if action.kind is ActionKind.PASS and can_win and obs.phase in ("claims", "rob"):
            if mode == "guoshui":
                return S.tr("warn_guoshui"), S.tr("warn_pass_anyway")
            if mode == "baopai":
                return S.tr("warn_baopai_pass"), S.tr("warn_pass_anyway")
        if action.kind is ActionKind.WIN and obs.phase in ("claims", "rob") and obs.baopai_pending and mode == "baopai":
            return S.tr("warn_baopai_win"), S.tr("warn_win_anyway")
        return None

    def _press(self, button: Button) -> None:
        if button.command == "ready":
            self.declare_mode = not self.declare_mode
            self.message = S.tr("declare_mode") if self.declare_mode else S.tr("your_turn")
            if self.selected is not None and self._discard_action(self.selected) is None:
                self.selected = None
            self._build_buttons()
            return
        if button.action is not None:
            self._act(button.action)

    def _tell_unsaved(self, reason: str) -> None:
        """A save or replay write failed (full disk, read-only folder): say so once; play goes on."""
        notice = NoticeScene(self.host, S.tr("save_failed_title"), S.tr("save_failed", reason=reason))
        if self in self.host.stack.scenes():
            self.host.stack.push(notice)
        else:
            self._unsaved_notice = notice  # the first save failed before the table was shown

    def enter(self) -> None:
        super().enter()
        if self._unsaved_notice is not None:
            notice, self._unsaved_notice = self._unsaved_notice, None
            self.host.stack.push(notice)

    def show_hint(self) -> None:
        """Suggest a move (the H key): select the tile to discard or light the button to press."""
        obs = self.obs
        if not self.host.settings.hints:
            self.message = S.tr("hints_off")
            return
        if obs is None:
            self.message = S.tr("hint_none")
            return
        if self.hinted_action is not None and self.deep_hint is None:
            self._start_deep_hint(obs)  # a second H: ask the expert
            return
        self._show_suggestion(hint(obs, self.rules))

    def _start_deep_hint(self, obs: Observation) -> None:
        """Work out the expert's move for the player beside the frame loop; shown when ready."""
        found: list[Suggestion | None] = []
        think_ms = self.host.settings.think_ms
        rules = self.rules

        def work(o: Observation) -> Action:
            found.append(deep_hint(o, rules, think_ms))
            got = found[-1]
            if got is None:
                raise ValueError("no deeper hint")
            return got.action

        self.deep_hint = Thinker()
        self.deep_hint.start(obs.seat, work, obs)
        self._deep_hint_for = (obs, found)
        self.message = S.tr("hint_deep_wait")
        self.detail = ""

    def _collect_deep_hint(self) -> None:
        if self.deep_hint is None or not self.deep_hint.done():
            return
        self.deep_hint.take()
        self.deep_hint = None
        obs, found = self._deep_hint_for
        if self.obs is obs and found and found[-1] is not None:
            self._show_suggestion(found[-1])

    def _show_suggestion(self, suggestion: Suggestion | None) -> None:
        """Select the suggested tile or light the suggested button, with the reason under the message."""
        action = suggestion.action if suggestion is not None else None
        self.hinted_action = action
        if suggestion is not None:
            self.detail = suggestion.reason_zh if S.language() == "zh" else suggestion.reason_en
        if action is None:
            self.message = S.tr("hint_none")
        elif action.kind is ActionKind.DISCARD and action.tile is not None:
            if action.declare and not self.declare_mode:
                self.declare_mode = True
                self._build_buttons()
            idx = self.tile_index(action.tile, prefer_drawn=True)
            self.selected = idx
            self.message = S.tr("hint_discard", tile=S.tile_label(action.tile))
            if action.declare:
                self.message += f" ({S.tr('call_ready')})"
        else:
            label = next((b.label for b in self.buttons if b.action == action), action.kind.value)
            self.message = S.tr("hint_action", action=label)

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if self.presenter.animating or (self.think_left is not None and self.think_left > 0):
                if event.button == 1:
                    self.skip()
                return
            if event.button == 1:
                self._click(event.pos)
            elif event.button == 3:
                self.selected = None
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def skip(self) -> None:
        """Finish the running animations and any AI pause now."""
        self.presenter.skip()
        if self.think_left is not None:
            self.think_left = 0.0

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_button = next((i for i, b in enumerate(self.buttons) if b.hit(pos)), None)
        self.hover = self._tile_at(pos)

    def _tile_at(self, pos: tuple[int, int]) -> int | None:
        if self.model.revealed[0] is not None:
            return None
        geo = geometry_for(self.layout, self.model, 0)
        slots = list(geo.hand) + ([geo.drawn] if geo.drawn is not None else [])
        for i, slot in enumerate(slots):
            rect = slot.rect
            rect.top -= slot.art.lift  # the raised tile still counts
            rect.height += slot.art.lift
            if rect.collidepoint(pos):
                return i
        return None

    def _click(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            if b.hit(pos):
                self._press(b)
                return
        index = self._tile_at(pos)
        if index is None or self.obs is None:
            return
        if self._discard_action(index) is None:
            return
        if self.selected == index:
            action = self._discard_action(index)
            if action is not None:
                self._act(action)
        else:
            self.selected = index
            self.sounds.play("click")

    def _key(self, key: int) -> None:
        settings = self.host.settings
        if key == pygame.K_SPACE:
            self.skip()
        elif key == pygame.K_s:
            settings.speed = settings.speed.next()
        elif key == pygame.K_l:
            settings.language = "en" if settings.language == "zh" else "zh"
            S.set_language(settings.language)
            self._relabel()
        elif key == pygame.K_h:
            self.show_hint()
        elif key == pygame.K_F1:
            screens.push(self.host, "guide", ruleset=self.rules.name)
        elif key in (pygame.K_BACKSPACE, pygame.K_z) and settings.practice:
            self.take_back()
        elif key == pygame.K_ESCAPE:
            if self.on_leave is not None and not self.declare_mode and self.selected is None:
                unsaved = self.session.unsaved
                ask = S.tr("leave_confirm") if unsaved is None else S.tr("leave_confirm_unsaved", reason=unsaved)
                self.host.stack.push(ConfirmScene(self.host, ask, S.tr("leave_yes"), self.on_leave))
            if self.declare_mode:
                self.declare_mode = False
                self._build_buttons()
            self.selected = None
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move_selection(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.selected is not None:
                action = self._discard_action(self.selected)
                if action is not None:
                    self._act(action)
        elif key in HOTKEYS:
            wanted = HOTKEYS[key]
            for b in self.buttons:
                if b.style == wanted:
                    self._press(b)
                    return

    def _move_selection(self, step: int) -> None:
        choices = self._selectable()
        if not choices:
            return
        if self.selected not in choices:
            # Right starts at the left end; Left starts at the right end, where the drawn tile sits.
            self.selected = choices[0] if step > 0 else choices[-1]
            return
        assert self.selected is not None
        self.selected = choices[(choices.index(self.selected) + step) % len(choices)]

    def _relabel(self) -> None:
        """Rebuild text that was made in the old language."""
        if self.obs is not None:
            obs = self.obs
            self.obs = None
            self._player_to_move(obs)
        self._waits_cache.clear()
        self.board.invalidate()

    # ------------------------------------------------------------------ panels

    def _refresh_panels(self) -> None:
        """Recompute the player's observation for the panels once the table has caught up."""
        if self.model.version == self._panel_version or self.phase != "hand" or not self.session.in_hand:
            return
        self._panel_version = self.model.version
        viewer = self.session.viewer
        self.panel_obs = self.session.observe(viewer) if viewer != NOBODY else None
        self._waits_cache.clear()

    def _chicken_panel(self) -> ChickenInfo | None:
        m = self.model
        key = m.version if m.ended else self._panel_version
        version, info = self._chicken_info
        if version != key:
            if self.panel_obs is not None:
                during_play: ChickenInfo | None = chicken_info(self.panel_obs, self.rules)
            elif m.dealer is not None:
                # The player's observation is not taken while the table catches up (or while
                # several people share the screen): the 常鸡 and the tiles in view still show.
                fixed = self.rules.chickens.fixed
                own = [*m.hands[m.viewer], m.drawn[m.viewer]] if 0 <= m.viewer < 4 else []
                mine = tuple(sorted(t for t in own if t is not None and t in fixed))
                during_play = ChickenInfo(tuple(sorted(fixed.items())), (), (), mine, self._model_ready())
            else:
                during_play = None
            info = final_chickens(m, self.rules, self.presenter.chickens, during_play) if m.ended else during_play
            self._chicken_info = (key, info)
        return info

    def _model_ready(self) -> bool:
        """Whether the viewer's hand as the table shows it is one tile from winning (RULES §5)."""
        m = self.model
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

    def _waits(self) -> WaitsInfo:
        obs = self.panel_obs
        if obs is None or self.model.revealed[0] is not None or self.model.dealing:
            return WaitsInfo()
        melds = len(obs.melds[obs.seat])
        discard = None
        if len(obs.hand) == 14 - 3 * melds:
            tiles = self._hand_tiles()
            if self.selected is None or self.selected >= len(tiles):
                if discard_choices_keeping_ready(obs):
                    return WaitsInfo(note="waits_hint")
                return WaitsInfo()
            discard = tiles[self.selected]
        key = (self.model.version, discard, self.declare_mode)
        info = self._waits_cache.get(key)
        if info is None:
            waits = waits_of(obs, self.rules, discard, self.declare_mode)
            info = WaitsInfo(waits, discard)
            self._waits_cache[key] = info
        return info

    # ------------------------------------------------------------------ drawing

    def resize(self, size: tuple[int, int]) -> None:
        if size == self.layout.size:
            return
        # Tiles in flight were aimed at the old layout: land them now; queued beats play on normally.
        self.presenter.drop_actors()
        self.layout = compute_layout(size)
        self._opening = Jobs(self._opening_jobs())
        self._prewarm = Jobs(art_jobs(self.layout, self.rules))
        if self.obs is not None:
            self._build_buttons()

    def view(self) -> TableView:
        """The snapshot of this frame that the board draws."""
        p = self.presenter
        obs = self.obs
        dimmed: frozenset[int] = frozenset()
        if obs is not None and obs.phase == "turn":
            choices = set(self._selectable())
            dimmed = frozenset(i for i in range(len(self._hand_tiles())) if i not in choices)
        hinted = None
        ha = self.hinted_action
        if ha is not None and ha.kind is ActionKind.DISCARD and ha.tile is not None:
            hinted = self.tile_index(ha.tile, prefer_drawn=True)
        ui = HandUi(self.selected, self.hover, dimmed, hinted, frozenset(self.rules.chickens.fixed))
        claimable = obs is not None and obs.phase == "claims"
        info = self._chicken_panel()
        return TableView(
            layout=self.layout,
            model=self.model,
            rules=self.rules,
            hidden=p.hidden(),
            hand_ui=ui,
            wall_gap=p.wall_gap(),
            marked_stacks=p.marked_stacks(),
            counted=p.counted(),
            lit=p.lit(),
            dice=p.dice_showing(),
            walls_hidden=p.walls_rising(),
            scores=p.shown_scores(),
            chickens=p.chickens,
            claimable=claimable,
            chicken_info=info,
            waits=self._waits(),
            speed_name=S.tr("speed_" + self.host.settings.speed.value),
            autoplay=self.human is None,
            language=S.language(),
        )

    def draw(self, surface: pygame.Surface) -> None:
        if self.loading:
            self._draw_loading(surface)
            return
        view = self.view()
        surface.blit(self.board.render(view), (0, 0))
        self._draw_marker(surface, view)
        self.presenter.draw(surface)
        hinted = None
        if self.hinted_action is not None:
            hinted = next((i for i, b in enumerate(self.buttons) if b.action == self.hinted_action), None)
        draw_buttons(surface, self.buttons, self.layout.font["button"], self.hover_button, hinted)
        zone = self.layout.zones["prompt"]
        bottom = zone.bottom
        if self.detail:
            pic = T.fit(self.detail, self.layout.font["small"], zone.width, pal.TEXT)
            surface.blit(pic, pic.get_rect(bottomright=(zone.right, bottom)))
            bottom -= pic.get_height()
        if self.message:
            pic = T.fit(self.message, self.layout.font["body"], zone.width, pal.TEXT_GOLD, bold=True)
            surface.blit(pic, pic.get_rect(bottomright=(zone.right, bottom)))
            bottom -= pic.get_height()
        if self.claim_left is not None:
            left = S.tr("claim_timer_left", n=max(1, math.ceil(self.claim_left)))
            pic = T.fit(left, self.layout.font["small"], zone.width, pal.TEXT_RED, bold=True)
            surface.blit(pic, pic.get_rect(bottomright=(zone.right, bottom)))

    def _draw_loading(self, surface: pygame.Surface) -> None:
        """While the table loads: the felt (a plain cloth until it is drawn) and the loading caption on a ribbon."""
        layout = self.layout
        felt = self.board.felt(layout)
        if felt is None:
            surface.fill(pal.TABLE_GREEN_DARK)
            return  # the caption's font opens in a later loading frame, not in the first one
        surface.blit(felt, (0, 0))
        pic = banner_picture(S.tr("loading"), layout.font["title"], round(layout.zones["compass"].width * 1.6))
        surface.blit(pic, pic.get_rect(center=layout.centre))

    def _draw_marker(self, surface: pygame.Surface, view: TableView) -> None:
        found = last_discard_rect(view)
        if found is None:
            return
        seat, rect = found
        scale = self.layout.scale
        pic = T.cached(("marker", round(scale * 100), seat), lambda: marker_picture(scale, seat))
        bob = round(2 * scale * (1 + math.sin(self.presenter.clock * 5)) / 2)
        surface.blit(pic, place_marker(pic, seat, rect, bob))
