"""The local table's session: the match controller seen from the window.

It is the client's only door to the engine. The table learns what happened from events as the
viewing seat may see them (game.engine.visibility), decides from observations, acts through `apply`,
and reads the settlement when a hand is over; the match itself is game.match.controller's.
ui/table/net_session.py is the same door when the referee is a network host.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.engine.actions import Action
from game.engine.events import Event, HandSettled
from game.engine.observation import Observation
from game.engine.round import Round
from game.engine.visibility import SPECTATOR, visible
from game.match.agents import Agent
from game.match.controller import ClaimWindow, MatchController
from game.match.match import Match
from game.records.savefile import SaveData, take_back
from game.records.saves import SaveWriter
from ui.table.rotation import turn_event
from ui.words import strings as S

NOBODY = SPECTATOR  # the viewer when no seat's hand may be shown (several people share the screen)


class TableSession:
    """Hands of a match played one after another; `agents[seat]` is None for a seat a person plays."""

    def __init__(
        self,
        rules: Ruleset,
        seed: str,
        agents: Sequence[Agent | None],
        viewer: int = 0,
        config: dict[str, Any] | None = None,
    ) -> None:
        self.rules = rules
        self.control = MatchController(rules, seed, agents, config=config)
        self.control.on_save = self._saved
        self.control.on_hand_done = self._hand_done
        self.viewer = viewer  # whose hidden tiles the events show (NOBODY: no one's)
        self.turn = 0  # the seat the table is turned for: it sits at the bottom (model seat 0)
        self.hands_settled = 0
        self.on_save: Callable[[SaveData], None] | None = None  # the match so far, after every action
        self.save_writer: SaveWriter | None = None  # set by keep(): the save of a match that is kept
        self.on_hand_done: Callable[[Round, bool], None] | None = None  # a settled hand, and if it was practice

    @classmethod
    def from_save(
        cls, rules: Ruleset, data: SaveData, agents: Sequence[Agent | None], where: str = "save"
    ) -> TableSession:
        """The session of a saved match, at the very point it was saved (SaveError if it does not replay)."""
        session = cls(rules, str(data.head["seed"]), agents)
        session.control.resume(data, where)
        session.hands_settled = len(session.control.finished)
        session.control.finished = []  # the settled hands are not needed in play
        return session

    def keep(self, save_name: str, on_error: Callable[[str], None] | None = None) -> None:
        """Keep the match: the save called `save_name` after every action, each settled hand in the replay log;
        `on_error` is told the first time either cannot be written (play goes on, the last good save stays)."""
        from game.records.replaylog import config_names, new_match_id

        save = self.save
        if not save.match_id:
            save.match_id = new_match_id()
        writer = SaveWriter(save_name)
        keeper = self.control.replay_log(save.match_id)
        keeper.names = config_names(save.config)
        writer.on_error = keeper.on_error = on_error
        self.save_writer = writer
        self.on_save = writer
        self.on_hand_done = keeper

    @property
    def replay_path(self) -> Path | None:
        """The log the match's finished hands are kept in; None when the match is not kept or keeping it failed."""
        from game.records.replaylog import ReplayLog, replay_dir  # the log's folder only where a match is kept

        keeper = self.on_hand_done
        if not isinstance(keeper, ReplayLog) or keeper.error is not None:
            return None
        return replay_dir() / keeper.file_name

    @property
    def hold_answers(self) -> bool:
        """True at a shared screen: each discard holds the table while every person answers in turn (the match
        controller's claim window)."""
        return self.control.answer_in_turn

    @hold_answers.setter
    def hold_answers(self, on: bool) -> None:
        self.control.answer_in_turn = on
        # A match resumed in the middle of a claim round asks every person again, as a fresh round would.
        self.control.reopen()

    @property
    def held(self) -> ClaimWindow | None:
        """The table held at a discard while the people answer it in turn, or None."""
        return self.control.window

    @property
    def match(self) -> Match:
        """The match so far: scores, hand number, ledgers."""
        return self.control.match

    @property
    def agents(self) -> list[Agent | None]:
        """The agent behind each seat; None where a person plays."""
        return self.control.agents

    @property
    def save(self) -> SaveData:
        """The match as saved, up to the hand in play's last action."""
        return self.control.save_data()

    @property
    def _round(self) -> Round | None:
        return self.control.round

    @property
    def unsaved(self) -> str | None:
        """Why the latest save failed, or None when the match is saved (or not kept at all)."""
        return None if self.save_writer is None else self.save_writer.error

    @property
    def leave_question(self) -> str:
        """Back to the menu: the match is saved (or says why the latest save failed)."""
        unsaved = self.unsaved
        return S.tr("leave_confirm") if unsaved is None else S.tr("leave_confirm_unsaved", reason=unsaved)

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [seat for seat, agent in enumerate(self.agents) if agent is None]

    @property
    def watching(self) -> bool:
        """False: the match is played at this computer (when only AIs play, the player watches them as its host)."""
        return False

    @property
    def practice(self) -> bool:
        """True when the hand in play has had a move taken back."""
        return self.match.hand_no in self.save.practice

    def look(self, viewer: int, turn: int) -> list[Event]:
        """Show the table to `viewer` (NOBODY: hide every hand), turned for seat `turn`; the hand's events so far."""
        self.viewer, self.turn = viewer, turn
        return self._shown(self.control.shown_events())

    def take_back(self, seat: int) -> bool:
        """Undo `seat`'s last discard of this hand and everything after it (practice); False if there is none."""
        data = take_back(self.save, seat)
        if data is None:
            return False
        self.control.resume(data)
        self.control.finished = []
        self._saved()
        return True

    def _saved(self) -> None:
        if self.on_save is not None:
            self.on_save(self.control.save_data())

    def _hand_done(self, rnd: Round) -> None:
        if self.on_hand_done is not None:
            self.on_hand_done(rnd, self.practice)

    # ------------------------------------------------------------------ a hand

    def start_hand(self) -> list[Event]:
        """Deal the next hand; returns its opening events (dice, wall, deal) as the viewer sees them."""
        return self._shown(self.control.start_hand())

    @property
    def in_hand(self) -> bool:
        """True while a hand is dealt and not yet settled."""
        return self._round is not None

    @property
    def opens_at_deal(self) -> bool:
        """True before the first hand is dealt; a resumed hand opens as it stands."""
        return not self.in_hand

    @property
    def hand_over(self) -> bool:
        """True when the hand in play has ended and waits to be settled."""
        return self.control.hand_over

    def to_move(self) -> list[int]:
        """Seats that must act now (while the table is held: the next person to answer, alone)."""
        return self.control.to_move()

    def observe(self, seat: int) -> Observation:
        """What `seat` sees now, with its legal actions (while the table is held: as it stood at the move)."""
        return self.control.observe(seat)

    def check(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None."""
        return self.control.check(action)

    def apply(self, action: Action, stand_in: bool = False) -> list[Event]:
        """Carry out a legal action (`stand_in`: the AI's for the seat's person, 托管); returns the events that
        followed, as the viewer sees them."""
        if self.held is not None:
            # An answer in turn: nothing shows until the last, then what followed the held move.
            return self._shown(self.control.submit(action, stand_in))
        return self._moved(lambda: self.control.submit(action, stand_in))

    def agent_move(self, seat: int) -> list[Event]:
        """Let the agent behind `seat` choose and act."""
        agent = self.agents[seat]
        if agent is None:
            raise ValueError(f"seat {seat} is played by a person")
        return self._moved(lambda: self.control.play_for(seat, agent))

    def _moved(self, move: Callable[[], list[Event]]) -> list[Event]:
        """Make a move; a discard or an added kong that holds the table for the people's answers shows only up to
        the move itself."""
        rnd = self._round
        start = len(rnd.events) if rnd is not None else 0
        events = move()
        window = self.held
        if window is not None and rnd is not None:
            return self._shown(rnd.events[start : window.mark])
        return self._shown(events)

    @property
    def result(self) -> HandResult | None:
        """The ended hand laid open (what settlement reads), until it is settled; None while play goes on."""
        return self._round.state.result if self._round is not None else None

    def settle(self) -> tuple[HandSettled, Ledger]:
        """Settle the finished hand: the settlement event and the hand's ledger."""
        settled = self.control.settle()
        self.hands_settled += 1
        return settled, self.control.ledger

    @property
    def scores(self) -> tuple[int, ...]:
        """Running scores of the match."""
        return tuple(self.match.scores)

    def _shown(self, events: Sequence[Event]) -> list[Event]:
        viewer, turn = self.viewer, self.turn
        out = []
        for e in events:
            shown = visible(e, viewer)
            if shown is not None:
                out.append(turn_event(shown, turn, self.rules.players))
        return out


def local_session(source: object) -> TableSession:
    """`source` as the session of a match played in this process (AssertionError at a network table)."""
    assert isinstance(source, TableSession), "the match is played at a network host"
    return source
