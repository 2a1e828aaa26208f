"""The table scene: hands of a match played out on screen, the player at seat 0 against the AIs.

The scene asks the engine for more only when the presenter has shown everything so far: then
either an AI acts (after a pause a person can follow), or the player's buttons and tiles come
alive, or the finished hand is settled and its panel shown.
"""

from __future__ import annotations

import gc
import logging
import math
import time
from collections.abc import Callable
from functools import partial

import pygame

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.core.settlement.chickens import chicken_tiles
from game.engine.actions import Action, ActionKind
from game.engine.events import HandSettled
from game.engine.observation import Observation
from game.match.agents import Agent
from ui.kit.buttons import Button, draw_buttons
from ui.kit.dialogs import ChoiceScene, ConfirmScene, NoticeScene
from ui.kit.discard_gesture import cue_text, draw_cue, draw_dragged
from ui.kit.metrics import focus_ring, metrics
from ui.look import palette as pal
from ui.look import text as T
from ui.look.chosen import Chosen, chosen, follow
from ui.look.layout import DEFAULT_SIZE, Layout, table_layout
from ui.match.config import MatchConfig
from ui.match.opponents import opponent
from ui.sound import TableSounds
from ui.stage.scene import Host, Scene
from ui.table.board import Board
from ui.table.frame_work import FrameWork
from ui.table.hints import Hints
from ui.table.jobs import FrameJobs, Jobs
from ui.table.model import TableModel
from ui.table.panel_info import PanelInfo
from ui.table.player_move import PlayerMove
from ui.table.pond_view import last_discard_rect, marker_picture, place_marker
from ui.table.presenter import Presenter
from ui.table.prewarm import art_jobs, draw_loading
from ui.table.privacy import PrivacyScene
from ui.table.rack_view import geometry_for
from ui.table.read_aloud import TableVoice
from ui.table.repaint import Repaint
from ui.table.rotation import turned_scores
from ui.table.seat_words import seat_label, seat_word
from ui.table.session import NOBODY, TableSession, local_session
from ui.table.settlement_port import SettlementPanel, settlement_parts
from ui.table.source import TableSource
from ui.table.table_input import TableInput
from ui.table.thinker import Thinker
from ui.table.timers import TableTimers
from ui.table.tuoguan import Tuoguan
from ui.table.turn_flow import TurnFlow
from ui.table.view import HandUi, TableView
from ui.words import keys as K
from ui.words import strings as S

log = logging.getLogger(__name__)
STEP_BUDGET = 0.012  # seconds of engine work per frame at instant speed
# Seconds into a frame by which the pictures prepared ahead of need must be done (no job starts that is
# expected to end later): the board's zones are redrawn before them, and only what moves over the board is
# drawn after, so most frames end within 2.5 ms and a loaded machine still has room to spare.
PREWARM_UNTIL = 0.002
AMBIENT_FPS = 30  # frames a second while the table waits and only its marks bob
LOADING_UNTIL = 0.002  # before the first hand, while only the loading banner moves


def _seats(
    host: Host,
    rules: Ruleset,
    seed: str,
    human: int | None,
    agents: list[Agent | None] | None,
    config: MatchConfig | None,
) -> tuple[int | None, list[Agent | None]]:
    """The seat the player sits at (None: the AIs play alone) and the agent behind each seat (None: a person)."""
    think_ms = host.settings.think_ms
    if config is not None:
        config.check_players(rules.players)
    if config is not None and agents is None:
        human = config.humans[0] if config.humans else None
        agents = [
            None if c.kind == "human" else opponent(c.level, f"{seed}:{i}", rules, think_ms)
            for i, c in enumerate(config.seats)
        ]
    if agents is None:
        agents = [
            None if seat == human else opponent(host.settings.level, f"{seed}:{seat}", rules, think_ms)
            for seat in range(rules.players)
        ]
    return human, agents


def seat_names(config: MatchConfig | None, players: int) -> tuple[str, ...]:
    """The name shown for each seat: what its person gave at the start ("" for an AI or no name)."""
    if config is None:
        return ("",) * players
    return tuple(c.name if c.kind == "human" else "" for c in config.seats)


def _parts(
    table: TableScene,
) -> tuple[PlayerMove, FrameWork, TableTimers, Hints, PanelInfo, TurnFlow, TableInput]:
    """The parts of the table, each made with the others it calls on."""
    moves = PlayerMove(table)
    frame_work = FrameWork(table)
    timers = TableTimers(table, moves)
    hints = Hints(table, moves)
    panels = PanelInfo(table, moves)
    flow = TurnFlow(table, frame_work, moves, panels, timers)
    return moves, frame_work, timers, hints, panels, flow, TableInput(table, hints, moves, panels)


class TableScene(Scene):
    """A match at one table of the ruleset's players, the player at seat 0 unless the AIs play alone."""

    key_lines = K.TABLE

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
        self.config = config
        human, agents = _seats(host, rules, seed, human, agents, config)
        self.human = human
        cfg = config.to_json() if config is not None else None
        self.session: TableSource = session or TableSession(rules, seed, agents, viewer=0, config=cfg)
        # Who looks at the table: one person sees their own seat at the bottom; several people
        # share the screen through the hand-off screen, and while no one of them decides, no hand shows.
        humans = self.session.humans
        self.shared = len(humans) > 1
        self.view_seat = humans[0] if humans else 0  # the seat at the bottom
        self.handoff: PrivacyScene | None = None
        self.names: tuple[str, ...] = seat_names(config, rules.players)  # the names people gave ("" for none, or an AI)
        if self.shared:  # every person answers every discard in turn: the hand-offs tell no one who can claim
            local_session(self.session).hold_answers = True
        self._unsaved_notice: Scene | None = None  # a save failure told once the table is on screen
        if save_name is not None:
            # The session owns the save and the replay log; a failure to write either is told once.
            local_session(self.session).keep(save_name, on_error=self._tell_unsaved)
        self.model = self.fresh_model()
        size = host.stack.size if host.stack.size != (0, 0) else DEFAULT_SIZE
        self.layout: Layout = table_layout(size, rules, host.settings.tile_size)
        # What the table is laid out and drawn for from the settings: the tile size and the look.
        self.laid_for: tuple[str, Chosen] = (host.settings.tile_size, chosen())
        self.presenter = Presenter(self.model, rules, lambda: self.layout, lambda: self.host.settings.speed.factor)
        self.sounds = TableSounds(host.settings)
        self.sounds.voice = TableVoice(
            host.settings, seat_word=lambda place: seat_word(self.model, self.model.engine(place))
        )
        self.presenter.on_beat = self.sounds.play_event
        self.board, self.repaint = Board(), Repaint()  # the screen keeps the last frame: a frame repaints what changed
        self.front: Scene = self  # the scene that draws this table (a network table's overlay draws it and more)
        self.autopilot: Agent | None = None  # plays the player's seat when set (screenshots, tests)
        self.pause_autopilot: Callable[[], bool] | None = None  # the autopilot waits while this is True
        self.tuoguan = Tuoguan(rules, str(seed))  # 托管: the player hands the seat to the AI
        self.on_panel: Callable[[SettlementPanel], None] | None = None
        # Match flow (ui/menu/match_flow.py): told of each settled hand; asked before the next one
        # whether the match is over (True: it has taken the table away).
        self.on_settled: Callable[[], None] | None = None
        self.end_match: Callable[[], bool] | None = None
        self.on_leave: Callable[[], None] | None = None  # Escape with nothing to cancel offers to leave
        self.claim_left: float | None = None  # seconds left to answer a claim (the claim timer setting)
        self._controls()
        self.frames = self.looks = 0  # frames updated; times laid out afresh for a viewer (hand-offs do it unseen)
        # Engine work allowed per frame at instant speed; None: none of it is cut by the clock (screenshots,
        # which must come out the same on every machine).
        self.step_budget: float | None = STEP_BUDGET
        self.jobs = FrameJobs()
        # Draw the tile pictures before the first hand (a short loading moment), unless nothing animates.
        self.loading = host.settings.speed.factor > 0
        self.loading_caption = S.tr("loading" if self.session.opens_at_deal else "loading_table")  # no shuffle mid-hand
        self.moves, self.frame_work, self.timers, self.hints, self.panels, self.flow, self.input = _parts(self)
        if self.session.in_hand:
            self.look(self.viewer_at_rest())  # a resumed match: the table as it was left
        else:
            self.session.look(self.viewer_at_rest(), self.view_seat)
            self.presenter.feed(self.session.start_hand())

    def _controls(self) -> None:
        """The player's controls and the hand's state as a new table starts them."""
        self.obs: Observation | None = None  # the player's observation while it is their move
        self.selected: int | None = None
        self.hover: int | None = None
        self.hover_button: int | None = None
        self.hover_takeback = False  # the pointer is on the 悔牌 button
        self.declare_mode = False
        self.hinted_action: Action | None = None
        self.message = self.detail = ""  # the prompt's line, and a smaller one under it (the hint's reason)
        self.buttons: list[Button] = []
        self.panel_obs: Observation | None = None  # what the panels show, refreshed as the table catches up
        self.phase = "hand"  # hand, settled, panel
        self.think_left: float | None = None  # seconds before the AI seat to move acts
        self.settled: HandSettled | None = None
        self.ledger: Ledger | None = None
        self.result: HandResult | None = None  # the ended hand laid open, for the settlement screen
        self.hands_done = 0
        self.player_moves = 0  # actions the player has taken (tests, statistics)

    # ------------------------------------------------------------------ who sees what

    def viewer_at_rest(self) -> int:
        """Whose tiles show while no person decides: the one player's, no one's when several share the screen."""
        return NOBODY if self.shared else self.view_seat

    def look(self, viewer: int) -> None:
        """Rebuild the table at once for `viewer` (NOBODY: every hand hidden), turned for `view_seat`."""
        self.presenter.skip()
        self.presenter.queue.clear()
        self.model = self.fresh_model()
        for e in self.session.look(viewer, self.view_seat):
            self.model.apply(e)
        self.presenter.model = self.model
        self.board.invalidate()
        self.looks += 1
        self.panel_obs = None
        self.panels.forget()

    def rebuild_view(self) -> None:
        """Draw the table afresh from the session (a network table after its host sent the hand anew)."""
        self.look(self.viewer_at_rest())

    def fresh_model(self) -> TableModel:
        """An empty table turned for `view_seat`, with the running scores, who the people are and their names."""
        scores = self.session.scores
        model = TableModel(self.rules.players, viewer=0, scores=turned_scores(scores, self.view_seat))
        model.turned_by = self.view_seat
        model.people = frozenset(self.session.humans)
        model.names = self.names
        model.watching = self.session.watching
        return model

    def seat_label(self, seat: int) -> str:
        """How the settlement names engine seat `seat`: its wind and the person's name, or as the viewer calls it."""
        name = self.names[seat] if seat < len(self.names) else ""
        return f"{S.wind(seat, self.rules.players)}·{name}" if name else seat_label(self.model, seat)

    def offer_leave(self) -> None:
        """Esc: ask whether to leave the match (back to the menu), where the table may be left."""
        if self.on_leave is not None:
            self.host.stack.push(ConfirmScene(self.host, self.session.leave_question, S.tr("leave_yes"), self.on_leave))

    def hand_off(self, seat: int) -> None:
        """Cover the table until `seat`'s person clicks; then turn the table to them and show their hand."""
        self.look(NOBODY)
        name = self.names[seat] if seat < len(self.names) else ""

        def reveal() -> None:
            self.handoff = None
            self.view_seat = seat
            self.look(seat)

        self.handoff = PrivacyScene(self.host, seat, self.rules, name, reveal, self.offer_leave)
        self.host.stack.push(self.handoff)

    @property
    def practice_game(self) -> bool:
        """A practice game: one person at this computer's own match, with the practice setting on (悔牌 allowed)."""
        return self.host.settings.practice and len(self.session.humans) == 1 and isinstance(self.session, TableSession)

    def takeback_button(self) -> Button | None:
        """The 悔牌 button beside the hand in a practice game, right of the melds (None in other games)."""
        if not self.practice_game or self.phase != "hand" or not self.session.in_hand or self.human is None:
            return None
        zones = self.layout.zones
        rack, column = zones["rack0"], zones["buttons"]
        h = column.height
        font = self.layout.font["button"]
        label = S.tr("btn_takeback")
        room = column.right - rack.right - self.layout.gap
        w = min(room, max(round(h * 1.9), T.label(label, font, bold=True).get_width() + h))
        rect = pygame.Rect(column.right - w, rack.centery - h // 2, w, h)
        return Button(label, rect, "ready", command="takeback", key=pygame.K_z)

    def tuoguan_buttons(self) -> list[Button]:
        """The 托管 / 取消托管 buttons in the corner while a hand is played: the one person's own, or at a shared
        screen 托管 for the person deciding and 取消托管 for each seat handed over (none under a hand-off)."""
        if self.autopilot is not None or self.phase != "hand" or not self.session.in_hand or not self.session.humans:
            return []
        if not self.shared:
            return [self.tuoguan.button(self.layout)] if len(self.session.humans) == 1 else []
        if self.handoff is not None:
            return []
        deciding = self.obs.seat if self.obs is not None else None
        return self.tuoguan.shared_buttons(self.layout, deciding)

    def tuoguan_button(self) -> Button | None:
        """The first of the 托管 buttons (the one T presses), or None."""
        buttons = self.tuoguan_buttons()
        return buttons[0] if buttons else None

    def press_tuoguan(self, button: Button) -> None:
        """A 托管 button (or T): the one person's seat handed over or taken back at its next decision; at a shared
        screen the seat the button names. A person handing over the decision before them hides their hand at once."""
        if self.tuoguan.asks_which(button):
            choices = [(self.seat_label(seat), partial(self.give_back, seat)) for seat in sorted(self.tuoguan.seats)]
            self.host.stack.push(ChoiceScene(self.host, S.tr("tuoguan_which"), choices))
            return
        seat = self.tuoguan.seat_of(button)
        if seat is None:
            self.tuoguan.toggle()
            return
        on = self.tuoguan.toggle_seat(seat)
        self.think_left = None  # a pause begun for the seat's AI (or for the person's) starts afresh
        if on and self.obs is not None and self.obs.seat == seat:
            self.moves.clear_controls()
            self.look(NOBODY)

    def give_back(self, seat: int) -> None:
        """At a shared screen: `seat` is its person's again from its next decision."""
        if self.tuoguan.holds(seat):
            self.tuoguan.toggle_seat(seat)
            self.think_left = None

    def take_back(self) -> bool:
        """Practice: undo the player's last discard and all that followed (one person at the table only)."""
        humans = self.session.humans
        if len(humans) != 1 or self.phase != "hand" or not self.session.in_hand:
            return False
        if not self.session.take_back(humans[0]):
            self.message = S.tr("takeback_none")
            return False
        self.moves.clear_controls()
        self.think_left = None
        self.flow.thinker = Thinker()  # nothing is thinking on the player's turn; start clean all the same
        self.look(humans[0])
        self.message = S.tr("takeback_done")
        return True

    # ------------------------------------------------------------------ the flow

    @property
    def waiting_for_player(self) -> bool:
        """True when the table waits for the player's move."""
        return self.obs is not None

    def update(self, dt: float) -> None:
        self.follow_settings()
        self.jobs.start_frame()
        self.frames += 1
        self.timers.tick_claim_timer(dt)
        if self.loading:
            self.loading = self.jobs.run(self.frame_work.opening, LOADING_UNTIL)
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
            if not self.flow.advance():
                break
            self.presenter.update(0.0)
            if self.step_budget is not None and time.perf_counter() > deadline:
                break
        if self.presenter.idle:
            self.panels.refresh_panels()
        self.hints.collect_deep_hint()
        if self.speed() > 0 and self.step_budget is not None:
            # The zones this frame redraws first, so the pictures made ahead take only what is left of it.
            self.board.render(self.view())
            self.frame_work.prewarm_some(PREWARM_UNTIL)

    def speed(self) -> float:
        return self.host.settings.speed.factor

    # ------------------------------------------------------------------ the player's move

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

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to the mouse and keys (ui/table/table_input.py)."""
        self.input.handle_event(event)

    def tile_index(self, tile: int, prefer_drawn: bool = False) -> int | None:
        """Where `tile` is in the player's hand as shown (the drawn tile last), or None."""
        return self.moves.tile_index(tile, prefer_drawn)

    def show_hint(self) -> None:
        """Suggest a move (the H key): select the tile to discard or light the button to press."""
        self.hints.show_hint()

    def skip(self) -> None:
        """Finish the running animations and any AI pause now."""
        self.presenter.skip()
        if self.think_left is not None:
            self.think_left = 0.0

    # ------------------------------------------------------------------ drawing

    def still(self) -> tuple[object, ...] | None:
        """Under another scene the table is not updated: its picture holds until it is on top again."""
        return None if self.host.stack.top is self.front else (self.frames, self.looks, self.layout.size)

    def leave(self) -> None:
        self.repaint.forget()  # a scene is laid over the table: the screen will not hold its frame

    def resize(self, size: tuple[int, int]) -> None:
        self.repaint.forget()  # a new window surface, even at the same size (F11)
        if size != self.layout.size:
            self.lay_out(size)

    def follow_settings(self) -> None:
        """Lay the table out again if the tile size or the look was changed in the settings since it was laid out:
        the next frame shows the change."""
        follow(self.host.settings)
        wanted = (self.host.settings.tile_size, chosen())
        if wanted == self.laid_for:
            return
        self.laid_for = wanted
        self.repaint.forget()
        self.board = Board()  # the felt (its line round the walls too) and every zone, drawn afresh
        self.lay_out(self.layout.size)

    def lay_out(self, size: tuple[int, int]) -> None:
        """The table laid out for a window of `size` at the tile size of the settings, its pictures drawn anew."""
        # Tiles in flight were aimed at the old layout: land them now; queued beats play on normally.
        self.presenter.drop_actors()
        self.layout = table_layout(size, self.rules, self.host.settings.tile_size)
        self.frame_work.opening = Jobs(self.frame_work.opening_jobs())
        self.frame_work.prewarm = Jobs(art_jobs(self.layout, self.rules))
        if self.obs is not None:
            self.moves.build_buttons()

    def view(self) -> TableView:
        """The snapshot of this frame that the board draws."""
        p = self.presenter
        obs = self.obs
        dimmed: frozenset[int] = frozenset()
        if obs is not None and obs.phase == "turn":
            choices = set(self.moves.selectable())
            dimmed = frozenset(i for i in range(len(self.moves.hand_tiles())) if i not in choices)
        hinted = None
        ha = self.hinted_action
        if ha is not None and ha.kind is ActionKind.DISCARD and ha.tile is not None:
            hinted = self.moves.tile_index(ha.tile, prefer_drawn=True)
        dragged = self.input.gesture.dragging if obs is not None else None
        ui = HandUi(self.selected, self.hover, dimmed, hinted, chicken_tiles(self.rules, None), dragged)
        claimable = obs is not None and obs.phase == "claims"
        info = self.panels.chicken_panel()
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
            waits=self.panels.waits(),
            speed_name=S.tr("speed_" + self.host.settings.speed.value),
            autoplay=self.human is None,
            language=S.language(),
            practice=self.practice_game,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.follow_settings()
        if self.loading:
            draw_loading(surface, self.layout, self.board, self.loading_caption)
            self.repaint.forget()
            return
        view = self.view()
        board = self.board.render(view)
        self.repaint.begin(surface, board, self.board.take_changed())
        mark = self.repaint.mark
        mark(self._draw_marker(surface, view))
        mark(self.presenter.draw(surface))
        mark(self._draw_discard_cue(surface, view))
        hinted = None
        if self.hinted_action is not None:
            hinted = next((i for i, b in enumerate(self.buttons) if b.action == self.hinted_action), None)
        mark(draw_buttons(surface, self.buttons, self.layout.font["button"], self.hover_button, hinted))
        takeback = self.takeback_button()
        if takeback is not None:
            hover = 0 if self.hover_takeback else None
            mark(draw_buttons(surface, [takeback], self.layout.font["button"], hover, None))
        tuoguan = self.tuoguan_buttons()
        if tuoguan:
            mark(draw_buttons(surface, tuoguan, self.layout.font["button"], None, None))
        focused = self.input.focused()
        if focused is not None:
            mark(focus_ring(surface, focused.rect, metrics(self.layout.size)))
        mark(self._draw_prompt(surface))
        # Only while this table is the top of the stack does the screen still hold its frame at the next one.
        self.repaint.end(covered=self.host.stack.top is not self.front)

    def frame_rate(self) -> int | None:
        """While the table only waits (nothing flies, no tile dragged) its marks bob at half rate: a frame costs a
        whole window's present where the window is a texture drawn in software."""
        waiting = not self.loading and self.presenter.idle and not self.presenter.animating
        return AMBIENT_FPS if waiting and self.input.gesture.dragging is None else None

    def damage(self) -> list[pygame.Rect] | None:
        return None if self.loading else self.repaint.damage()  # only the board laid again and what is on it

    def _draw_prompt(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The message, its reason and the claim timer, bottom right above the buttons; where they went."""
        zone = self.layout.zones["prompt"]
        bottom = zone.bottom
        drawn = []
        if self.detail:
            # The reason may take two lines on a narrow window (the answer a person at a shared screen is told).
            small = self.layout.font["small"]
            lines = T.wrap(self.detail, small, zone.width - 2)  # (the shadow takes a pixel or two)
            if len(lines) > 2:
                lines = [lines[0], self.detail[len(lines[0]) :].strip()]  # the rest fitted, cut short if it must be
            for line in reversed(lines):
                pic = T.fit(line, small, zone.width, pal.TEXT)
                drawn.append(surface.blit(pic, pic.get_rect(bottomright=(zone.right, bottom))))
                bottom -= pic.get_height()
        if self.message:
            pic = T.fit(self.message, self.layout.font["body"], zone.width, pal.TEXT_GOLD, bold=True)
            drawn.append(surface.blit(pic, pic.get_rect(bottomright=(zone.right, bottom))))
            bottom -= pic.get_height()
        if self.claim_left is not None:
            left = S.tr("claim_timer_left", n=max(1, math.ceil(self.claim_left)))
            pic = T.fit(left, self.layout.font["small"], zone.width, pal.TEXT_RED, bold=True)
            drawn.append(surface.blit(pic, pic.get_rect(bottomright=(zone.right, bottom))))
        return drawn

    def _draw_discard_cue(self, surface: pygame.Surface, view: TableView) -> list[pygame.Rect]:
        """The tag over the raised tile saying what the next click does, and a dragged tile under the pointer;
        where they went."""
        if self.obs is None or self.obs.phase != "turn":
            return []
        geo = geometry_for(self.layout, self.model, 0)
        slots = [*geo.hand, *([geo.drawn] if geo.drawn is not None else [])]
        tiles = self.moves.hand_tiles()
        gesture = self.input.gesture
        dragged, at = gesture.dragging, gesture.drag_at
        if dragged is not None and at is not None and dragged < min(len(slots), len(tiles)):
            return draw_dragged(surface, slots[dragged].art, tiles[dragged], at)
        index = view.hand_ui.selected
        if index is None or index >= len(slots) or self.moves.discard_action(index) is None:
            return []
        slot = slots[index]
        rect = slot.rect
        text = cue_text(self.host.settings.discard_clicks)
        bob = 1.5 * self.layout.scale * (1 + math.sin(self.presenter.clock * 4))
        return [draw_cue(surface, (rect.centerx, rect.top - slot.art.lift), text, self.layout.font["small"], bob)]

    def _draw_marker(self, surface: pygame.Surface, view: TableView) -> pygame.Rect | None:
        found = last_discard_rect(view)
        if found is None:
            return None
        seat, rect = found
        scale = self.layout.scale
        pic = T.cached(("marker", round(scale * 100), seat), lambda: marker_picture(scale, seat))
        bob = round(2 * scale * (1 + math.sin(self.presenter.clock * 5)) / 2)
        return surface.blit(pic, place_marker(pic, seat, rect, bob))
