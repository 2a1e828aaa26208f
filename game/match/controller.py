"""The match controller: the one driver of a Round, for the window, the network host, the coach and the arena.

It owns the Match, the hand in play, the agent behind each seat (None where a person plays), the
save and the replay log. Drivers deal hands, hand in the moves of people, let the agents move,
and settle; what a seat or spectator may see of the events is game.engine.visibility's one rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.engine.actions import Action
from game.engine.events import Event, HandSettled
from game.engine.observation import Observation, observe
from game.engine.round import HandSetup, Round
from game.engine.visibility import visible_events
from game.match.agents import Agent
from game.match.feed import MatchFeed
from game.match.match import Match
from game.records.savefile import SaveData, new_save, record, restore

if TYPE_CHECKING:
    from game.records.replaylog import ReplayLog


class MatchController:
    """A match played hand after hand; `agents[seat]` answers for a seat, None where a person plays."""

    def __init__(
        self,
        rules: Ruleset,
        seed: str,
        agents: Sequence[Agent | None] = (None, None, None, None),
        first_setup: HandSetup | None = None,
        config: dict[str, Any] | None = None,
        keep_save: bool = True,
        keep_ledgers: bool = True,
        keep_feed: bool = False,
    ) -> None:
        if len(agents) != 4:
            raise ValueError(f"a table has four seats, got {len(agents)} players")
        self.rules = rules
        self.seed = seed
        self.agents: list[Agent | None] = list(agents)
        self.match = Match(rules, seed, first_setup or HandSetup(), keep_ledgers=keep_ledgers)
        self.round: Round | None = None
        self.finished: list[Round] = []  # hands settled before a resume (the save replays them); not kept in play
        # The save is brought up to date only when asked for (save_data): a move's events go out first.
        self.save: SaveData | None = new_save(rules, seed, self.match.first_setup, config) if keep_save else None
        self._stale = False
        self.on_save: Callable[[], None] | None = None  # the save changed: save_data() has the match as it stands
        # Every event of the match, with each viewer's numbered view of it (a network host sends these).
        self.feed: MatchFeed | None = MatchFeed() if keep_feed else None
        self.on_hand_done: Callable[[Round], None] | None = None  # a hand just settled (the replay log)

    @classmethod
    def from_save(
        cls, rules: Ruleset, data: SaveData, agents: Sequence[Agent | None] = (None,) * 4, where: str = "save"
    ) -> MatchController:
        """The match of a save, at the very point it was saved (SaveError if it does not replay)."""
        ctl = cls(rules, str(data.head["seed"]), agents)
        ctl.resume(data, where)
        return ctl

    @classmethod
    def playing(cls, rnd: Round, agents: Sequence[Agent | None]) -> MatchController:
        """A controller for a hand already dealt (a copy being played out): no save, no match before it."""
        ctl = cls(rnd.rules, "", agents, keep_save=False, keep_ledgers=False)
        ctl.round = rnd
        return ctl

    def resume(self, data: SaveData, where: str = "save") -> None:
        """Put the match back to where `data` left it (SaveError if it does not replay); the hands it settled
        are in `finished`."""
        restored = restore(data, self.rules, where)
        self.match, self.round, self.save = restored.match, restored.round, data
        self.finished = restored.finished
        if self.feed is not None:
            for rnd in [*self.finished, *([self.round] if self.round is not None else [])]:
                self.feed.begin_hand()
                self.feed.add(rnd.events)
        # A save cut back by a take-back holds the hand's actions alone: its record is made again.
        self._stale = self.round is not None

    def replay_log(self, match_id: str) -> ReplayLog:
        """The replay log of this match, which starts from the match's own first deal."""
        from game.records.replaylog import ReplayLog  # the log's files and folders only where a match is kept

        def people() -> list[int]:
            return [seat for seat, agent in enumerate(self.agents) if agent is None]

        return ReplayLog(match_id, self.rules, self.seed, self.match.first_setup, people)

    # ------------------------------------------------------------------ the save

    def save_data(self) -> SaveData:
        """The save, with the hand in play's record as it stands now."""
        if self.save is None:
            raise RuntimeError("this match keeps no save")
        if self._stale and self.round is not None:
            self._record(self.round, False)
        return self.save

    def _record(self, rnd: Round, settled: bool) -> None:
        assert self.save is not None
        rec = record(rnd, settled)
        hands = self.save.hands
        if len(hands) < self.match.hand_no:
            hands.append(rec)
        else:
            hands[self.match.hand_no - 1] = rec
        self._stale = False

    def _changed(self) -> None:
        if self.save is not None:
            self._stale = True
            if self.on_save is not None:
                self.on_save()

    # ------------------------------------------------------------------ a hand

    def start_hand(self) -> list[Event]:
        """Deal the next hand; returns its opening events (the whole truth)."""
        self.round = self.match.new_round()
        if self.feed is not None:
            self.feed.begin_hand()
            self.feed.add(self.round.events)
        self._changed()
        return self.round.events

    @property
    def hand_over(self) -> bool:
        """True when the hand in play has ended and waits to be settled."""
        return self.round is not None and self.round.ended

    def to_move(self) -> list[int]:
        """Seats that must act now (none between hands)."""
        return [] if self.round is None else self.round.to_move()

    def observe(self, seat: int) -> Observation:
        """What `seat` sees now, with its legal actions."""
        if self.round is None:
            raise RuntimeError("no hand is dealt")
        return observe(self.round, seat)

    def check(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None."""
        if self.round is None:
            return "no hand is dealt"
        return self.round.check(action)

    def submit(self, action: Action) -> list[Event]:
        """Carry out a legal action (IllegalAction otherwise); returns the events that followed."""
        if self.round is None:
            raise RuntimeError("no hand is dealt")
        events = self.round.apply(action)
        if self.feed is not None:
            self.feed.add(events)
        self._changed()
        return events

    def play_for(self, seat: int, agent: Agent) -> list[Event]:
        """Let `agent` choose for `seat` and carry the choice out; the events that followed."""
        return self.submit(agent.choose(self.observe(seat)))

    def step(self) -> list[Event]:
        """Let the agent of the first seat to move act; ValueError when a person must move."""
        seat = self.to_move()[0]
        agent = self.agents[seat]
        if agent is None:
            raise ValueError(f"seat {seat} is played by a person")
        return self.play_for(seat, agent)

    def run_agents(self) -> None:
        """Let the agents move until a person must or the hand ends."""
        rnd = self.round
        if rnd is None:
            raise RuntimeError("no hand is dealt")
        agents = self.agents
        # The plain loop when nothing is kept: the arena plays thousands of hands through it.
        keeps = self.save is not None or self.feed is not None
        movers = rnd.to_move()
        while movers:  # nobody is to move once the hand has ended
            seat = movers[0]
            agent = agents[seat]
            if agent is None:
                return
            if keeps:
                self.submit(agent.choose(observe(rnd, seat)))
            else:
                rnd.apply(agent.choose(observe(rnd, seat)))
            movers = rnd.to_move()

    def settle(self) -> HandSettled:
        """Settle the ended hand: the deal moves on, the save and the replay log take it; the settlement event."""
        rnd = self.round
        if rnd is None or not rnd.ended:
            raise RuntimeError("the hand is not over")
        settled = self.match.finish_round(rnd)
        if self.feed is not None:
            self.feed.add([settled])
        if self.save is not None:
            self._record(rnd, True)
            if self.on_save is not None:
                self.on_save()
        if self.on_hand_done is not None:
            self.on_hand_done(rnd)
        self.round = None
        return settled

    @property
    def ledger(self) -> Ledger:
        """The ledger of the hand settled last."""
        return self.match.ledgers[-1]

    def play_hand(self) -> HandSettled:
        """Deal, play and settle one hand with the agents alone (every seat must have one)."""
        self.start_hand()
        self.run_agents()
        if not self.hand_over:
            raise ValueError("a person must move: play_hand needs an agent at every seat")
        return self.settle()

    def view(self, events: list[Event], viewer: int) -> list[Event]:
        """`events` as `viewer` (a seat, or game.engine.visibility.SPECTATOR) may see them."""
        return visible_events(events, viewer)
