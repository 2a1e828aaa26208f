"""The local match controller: the Match, the hand in play, the seats' players, the save and the replay log.

It is the client's only door to the engine. The table learns what happened from events
redacted for the viewing seat, decides from observations, acts through `apply`, and reads the
settlement when a hand is over. Nothing else of the Round is touched (DESIGN.md: the engine is a
referee). ui/table/net_session.py is the same door when the referee is a network host.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.actions import Action
from game.agents import Agent
from game.events import Event, HandSettled, redact
from game.match import Match
from game.observation import Observation, observe
from game.result import HandResult
from game.round import HandSetup, Round
from game.ruleset import Ruleset
from game.savefile import SaveData, new_save, record, restore, take_back
from game.saves import SaveWriter
from game.settlement import Ledger
from ui.table.rotation import turn_event

NOBODY = -1  # the viewer when no seat's hand may be shown (several people share the screen)


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
        if len(agents) != 4:
            raise ValueError(f"a table has four seats, got {len(agents)} players")
        self.rules = rules
        self.match = Match(rules, seed)
        self.agents = list(agents)
        self.viewer = viewer  # whose hidden tiles the events show (NOBODY: no one's)
        self.turn = 0  # the seat the table is turned for: it sits at the bottom (model seat 0)
        self._round: Round | None = None
        self.hands_settled = 0
        # Save and replays: the match so far, written out after every action.
        self.save = new_save(rules, seed, HandSetup(), config)
        self.on_save: Callable[[SaveData], None] | None = None
        self.save_writer: SaveWriter | None = None  # set by keep(): the save of a match that is kept
        self.on_hand_done: Callable[[Round, bool], None] | None = None  # a settled hand, and if it was practice

    @classmethod
    def from_save(
        cls, rules: Ruleset, data: SaveData, agents: Sequence[Agent | None], where: str = "save"
    ) -> TableSession:
        """The session of a saved match, at the very point it was saved (SaveError if it does not replay)."""
        restored = restore(data, rules, where)
        session = cls(rules, str(data.head["seed"]), agents)
        session.match = restored.match
        session.save = data
        session._round = restored.round
        session.hands_settled = len(restored.finished)
        return session

    def keep(self, save_name: str, on_error: Callable[[str], None] | None = None) -> None:
        """Keep the match: the save called `save_name` after every action, each settled hand in the replay log;
        `on_error` is told the first time either cannot be written (play goes on, the last good save stays)."""
        from game.replaylog import ReplayLog, new_match_id

        if not self.save.match_id:
            self.save.match_id = new_match_id()
        writer = SaveWriter(save_name)
        keeper = ReplayLog(self.save.match_id, self.rules, str(self.save.head["seed"]))
        writer.on_error = keeper.on_error = on_error
        self.save_writer = writer
        self.on_save = writer
        self.on_hand_done = keeper

    @property
    def unsaved(self) -> str | None:
        """Why the latest save failed, or None when the match is saved (or not kept at all)."""
        return None if self.save_writer is None else self.save_writer.error

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [seat for seat, agent in enumerate(self.agents) if agent is None]

    @property
    def practice(self) -> bool:
        """True when the hand in play has had a move taken back."""
        return self.match.hand_no in self.save.practice

    def look(self, viewer: int, turn: int) -> list[Event]:
        """Show the table to `viewer` (NOBODY: hide every hand), turned for seat `turn`; the hand's events so far."""
        self.viewer, self.turn = viewer, turn
        return [] if self._round is None else self._redacted(self._round.events)

    def take_back(self, seat: int) -> bool:
        """Undo `seat`'s last discard of this hand and everything after it (practice); False if there is none."""
        data = take_back(self.save, seat)
        if data is None:
            return False
        restored = restore(data, self.rules)
        self.match, self._round, self.save = restored.match, restored.round, data
        self._saved()
        return True

    def _saved(self, settled: bool = False) -> None:
        """Bring the save up to date with the hand in play (or the one just settled) and hand it on."""
        rnd = self._round
        if rnd is not None:
            rec = record(rnd, settled)
            if len(self.save.hands) < self.match.hand_no:
                self.save.hands.append(rec)
            else:
                self.save.hands[self.match.hand_no - 1] = rec
        if self.on_save is not None:
            self.on_save(self.save)

    # ------------------------------------------------------------------ a hand

    def start_hand(self) -> list[Event]:
        """Deal the next hand; returns its opening events (dice, wall, deal) as the viewer sees them."""
        self._round = self.match.new_round()
        self._saved()
        return self._redacted(self._round.events)

    @property
    def in_hand(self) -> bool:
        """True while a hand is dealt and not yet settled."""
        return self._round is not None

    @property
    def hand_over(self) -> bool:
        """True when the hand in play has ended and waits to be settled."""
        return self._round is not None and self._round.ended

    def to_move(self) -> list[int]:
        """Seats that must act now."""
        return [] if self._round is None else self._round.to_move()

    def observe(self, seat: int) -> Observation:
        """What `seat` sees now, with its legal actions."""
        if self._round is None:
            raise RuntimeError("no hand is dealt")
        return observe(self._round, seat)

    def check(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None."""
        if self._round is None:
            return "no hand is dealt"
        return self._round.check(action)

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action; returns the events that followed, as the viewer sees them."""
        if self._round is None:
            raise RuntimeError("no hand is dealt")
        events = self._round.apply(action)
        self._saved()
        return self._redacted(events)

    def agent_move(self, seat: int) -> list[Event]:
        """Let the agent behind `seat` choose and act."""
        agent = self.agents[seat]
        if agent is None:
            raise ValueError(f"seat {seat} is played by a person")
        return self.apply(agent.choose(self.observe(seat)))

    @property
    def result(self) -> HandResult | None:
        """The ended hand laid open (what settlement reads), until it is settled; None while play goes on."""
        return self._round.result if self._round is not None else None

    def settle(self) -> tuple[HandSettled, Ledger]:
        """Settle the finished hand: the settlement event and the hand's ledger."""
        if self._round is None or not self._round.ended:
            raise RuntimeError("the hand is not over")
        rnd = self._round
        settled = self.match.finish_round(rnd)
        self._saved(settled=True)
        if self.on_hand_done is not None:
            self.on_hand_done(rnd, self.practice)
        self._round = None
        self.hands_settled += 1
        return settled, self.match.ledgers[-1]

    @property
    def scores(self) -> tuple[int, ...]:
        """Running scores of the match."""
        return tuple(self.match.scores)

    def _redacted(self, events: Sequence[Event]) -> list[Event]:
        return [turn_event(redact(e, self.viewer), self.turn) for e in events]
