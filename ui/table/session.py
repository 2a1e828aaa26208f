"""The client's only door to the engine: a Match, the hand in play, and the seats' players.

The table learns what happened from events redacted for the viewing seat, decides from
observations, acts through `apply`, and reads the settlement when a hand is over. Nothing
else of the Round is touched (DESIGN.md: the engine is a referee).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.actions import Action
from game.agents import Agent
from game.events import Event, HandSettled, redact
from game.match import Match
from game.observation import Observation, observe
from game.result import HandResult
from game.round import Round
from game.ruleset import Ruleset
from game.settlement import Ledger


class TableSession:
    """Hands of a match played one after another; `agents[seat]` is None for a seat a person plays."""

    def __init__(self, rules: Ruleset, seed: str, agents: Sequence[Agent | None], viewer: int = 0) -> None:
        if len(agents) != 4:
            raise ValueError(f"a table has four seats, got {len(agents)} players")
        self.rules = rules
        self.match = Match(rules, seed)
        self.agents = list(agents)
        self.viewer = viewer
        self._round: Round | None = None
        self.hands_settled = 0

    # ------------------------------------------------------------------ a hand

    def start_hand(self) -> list[Event]:
        """Deal the next hand; returns its opening events (dice, wall, deal) as the viewer sees them."""
        self._round = self.match.new_round()
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
        return self._redacted(self._round.apply(action))

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
        settled = self.match.finish_round(self._round)
        self._round = None
        self.hands_settled += 1
        return settled, self.match.ledgers[-1]

    @property
    def scores(self) -> tuple[int, ...]:
        """Running scores of the match."""
        return tuple(self.match.scores)

    def _redacted(self, events: Sequence[Event]) -> list[Event]:
        return [redact(e, self.viewer) for e in events]
