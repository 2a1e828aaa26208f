"""The hand played on: the AI seats act after a pause, the player is asked, the settled hand is shown."""

from __future__ import annotations

import logging
from dataclasses import replace

from game.core.settlement import Ledger
from game.engine.events import Event
from game.match.agents import SimpleAgent
from ui.table.frame_work import FrameWork
from ui.table.jobs import Jobs, each_step
from ui.table.model import WinView
from ui.table.panel_info import PanelInfo
from ui.table.player_move import PlayerMove
from ui.table.review_entry import settlement_review
from ui.table.rotation import engine_seat, turn_event, turned_seat
from ui.table.session import NOBODY
from ui.table.settlement_port import SettlementPanel
from ui.table.table_state import TableState
from ui.table.thinker import Thinker, thinks_long
from ui.table.timers import TableTimers

log = logging.getLogger(__name__)
# Seconds an AI waits before acting, at normal speed, so a person can follow the play.
THINK_TURN = 0.55
THINK_CLAIM = 0.3
SETTLE_PAUSE = 2.5  # how long the end panel stays up on its own when the AIs play alone


class TurnFlow:
    """The hand played on: the AI seats act after a pause, the player is asked, the settled hand is shown."""

    def __init__(
        self, table: TableState, frame_work: FrameWork, moves: PlayerMove, panels: PanelInfo, timers: TableTimers
    ) -> None:
        self.t = table
        self.frame_work = frame_work
        self.moves = moves
        self.panels = panels
        self.timers = timers
        self.thinker = Thinker()  # a searching AI's decision, made beside the frame loop
        self.panel: SettlementPanel | None = None  # the next settlement screen, made before it shows
        self.shown_panel: SettlementPanel | None = None

    def advance(self) -> bool:
        """Take the next step of the hand; False when the table must wait (a pause, the player, the panel)."""
        s = self.t.session
        if self.t.phase == "panel":
            return False
        if self.t.phase == "settled":
            if self.frame_work.panel_steps is not None and (self.t.speed() <= 0 or self.t.step_budget is None):
                self.frame_work.panel_steps.finish()  # no frames to spread it over any more (instant speed)
                self.frame_work.panel_steps = None
            if self.frame_work.panel_steps is None:
                self.show_panel()
            return False
        movers = s.to_move()
        if self.t.obs is not None and self.t.obs.seat not in movers:
            # The question was answered elsewhere (a network host's clock played the seat's move): its
            # buttons, prompt and hint go with it, and the next question is asked afresh.
            self.moves.clear_controls()
        if not movers:
            self.t.result = s.result
            settled, ledger = s.settle()
            self.t.settled, self.t.ledger = settled, ledger
            self.t.phase = "settled"
            # The session settles in engine seats (as the settlement screen reads them); the table is turned.
            self.t.presenter.feed([turn_event(settled, self.t.model.turned_by, self.t.rules.players)])
            self.panel = self.settlement_panel()
            if self.t.speed() > 0 and self.t.step_budget is not None:
                # The sheet is drawn a part per frame before it shows (see _prewarm_some).
                self.panel.resize(self.t.host.stack.size if self.t.host.stack.size != (0, 0) else self.t.layout.size)
                self.frame_work.panel_steps = Jobs(each_step(self.panel.render_steps(), "sheet"))
            return True
        ai = [seat for seat in movers if s.agents[seat] is not None]
        if not ai and self.t.shared:
            # 托管 at a shared screen: the seat's AI answers for its person, with no hand-off screen (the others'
            # hand-offs come as ever, so none of them tells whether the seat could claim).
            ai = [seat for seat in movers if self.t.tuoguan.holds(seat)]
        if ai:
            agent = s.agents[ai[0]] or self.t.tuoguan.agent(ai[0])
            if self.t.think_left is None:
                self.hide_for(ai[0])
                obs = s.observe(ai[0])
                self.t.think_left = (THINK_TURN if obs.phase == "turn" else THINK_CLAIM) * self.t.speed()
                if agent is not None and thinks_long(agent):
                    self.thinker.start(ai[0], agent.choose, obs)
                    self.t.model.thinking = turned_seat(ai[0], self.t.model.turned_by, self.t.rules.players)
            if self.t.think_left > 0:
                return False
            if self.thinker.busy:
                return self.collect_thought()
            self.t.think_left = None
            self.t.presenter.feed(self.agent_move(ai[0]))
            return True
        if self.t.handoff is not None:
            return False
        if self.t.shared and (self.t.session.viewer != movers[0] or self.t.view_seat != movers[0]):
            self.t.hand_off(movers[0])
            return False
        if self.t.obs is None:
            self.moves.player_to_move(s.observe(movers[0]))
            if self.timers.auto_answer():
                return True
        paused = self.t.pause_autopilot is not None and self.t.pause_autopilot()
        pilot = self.t.autopilot or self.t.tuoguan.pilot()  # 托管 at this computer: its AI plays the seat
        if pilot is not None and self.t.obs is not None and not paused:
            # 托管's moves are marked as the AI's; the autopilot of screenshots and tests plays as the person would.
            self.moves.commit(pilot.choose(self.t.obs), stand_in=self.t.autopilot is None)
            return True
        return False

    def hide_for(self, seat: int) -> None:
        """Before the AI plays a person's seat handed over at a shared screen: no hand shows, no control is live."""
        if self.t.session.agents[seat] is None:
            self.moves.clear_controls()
            if self.t.session.viewer != NOBODY:
                self.t.look(NOBODY)

    def agent_move(self, seat: int) -> list[Event]:
        """The move of the AI behind `seat`: its own agent, or at a shared screen the one a person handed it to."""
        s = self.t.session
        if s.agents[seat] is not None:
            return s.agent_move(seat)
        self.hide_for(seat)
        return s.apply(self.t.tuoguan.agent(seat).choose(s.observe(seat)), stand_in=True)

    def collect_thought(self) -> bool:
        """Play the searching AI's move once it is ready; False while it still thinks (the frame goes on)."""
        if not self.thinker.done():
            return False
        seat = self.thinker.seat
        action, error = self.thinker.take()
        self.t.think_left = None
        self.t.model.thinking = None
        assert seat is not None
        if action is None or self.t.session.check(action) is not None:
            # Never a stalled table: a failed search gives way to the quick built-in move.
            log.warning("seat %d: the AI's decision failed (%s); playing the quick move", seat, error or action)
            action = SimpleAgent().choose(self.t.session.observe(seat))
        self.t.presenter.feed(self.t.session.apply(action))
        return True

    def show_panel(self) -> None:
        assert self.t.settled is not None and self.t.ledger is not None
        self.t.phase = "panel"
        self.t.hands_done += 1
        if self.t.on_settled is not None:
            self.t.on_settled()
        panel = self.panel or self.settlement_panel()
        self.panel = None
        if self.t.tuoguan.on:
            panel.stop_tuoguan = self.t.tuoguan.toggle
        self.shown_panel = panel
        self.t.host.stack.push(panel)
        if self.t.on_panel is not None:
            self.t.on_panel(panel)

    def settlement_panel(self) -> SettlementPanel:
        """The settlement screen of the hand just settled."""
        assert self.t.settled is not None and self.t.ledger is not None
        settings = self.t.host.settings
        auto = SETTLE_PAUSE * self.t.speed() if settings.autoplay or self.t.autopilot is not None else None
        return self.t.settlement.panel(
            self.t.host,
            self.t.settled,
            self.t.ledger,
            self.engine_win(),
            self.t.view_seat,
            self.next_hand,
            auto,
            result=self.t.result,
            rules=self.t.rules,
            hand_no=self.t.model.hand_no,
            on_leave=self.t.on_leave,
            leave_question=self.t.session.leave_question,
            canvas=self.frame_work.take_canvas(),
            seat_label=self.t.seat_label,
            on_review=settlement_review(self.t),
        )

    def next_hand(self) -> None:
        settings = self.t.host.settings
        if self.t.end_match is not None and self.t.end_match():
            return
        if settings.hands and self.t.hands_done >= settings.hands:
            self.t.host.quit(0)
            return
        self.t.phase = "hand"
        self.frame_work.sheet = None
        if self.shown_panel is not None:
            # The closed sheet's picture is drawn over for the next hand's.
            self.frame_work.canvas, self.shown_panel = self.shown_panel.canvas_left(), None
        if self.t.ledger is not None:
            self.t.presenter.pay(self.payments(self.t.ledger), self.t.layout)
        self.t.settled = self.t.ledger = None
        self.moves.clear_controls()
        # The last hand's waits and chickens go with it: nothing of it shows through the next deal.
        self.t.panel_obs = None
        self.panels.panel_version = -1
        self.panels.waits_cache.clear()
        self.t.session.look(self.t.viewer_at_rest(), self.t.view_seat)
        self.t.presenter.feed(self.t.session.start_hand())

    def payments(self, ledger: Ledger) -> list[tuple[int, int, int]]:
        """The hand's payments as (payer, payee, amount) between the seats as the table shows them,
        one per pair of seats, largest first."""
        pairs: dict[tuple[int, int], int] = {}
        turn, players = self.t.model.turned_by, self.t.rules.players
        for item in ledger.items:
            if item.amount > 0 and item.payer != item.payee:
                key = (turned_seat(item.payer, turn, players), turned_seat(item.payee, turn, players))
                pairs[key] = pairs.get(key, 0) + item.amount
        return sorted(((a, b, n) for (a, b), n in pairs.items()), key=lambda p: (-p[2], p[0], p[1]))

    def engine_win(self) -> WinView | None:
        """The hand's win with engine seat numbers (the model's are turned for the seat at the bottom)."""
        win = self.t.model.win
        if win is None:
            return win
        turn, players = self.t.view_seat, self.t.rules.players
        discarder = None if win.discarder is None else engine_seat(win.discarder, turn, players)
        return replace(win, winners=tuple(engine_seat(w, turn, players) for w in win.winners), discarder=discarder)
