"""A match: hands in sequence, the dealer passing as the rules say (game.engine.next_deal), running scores
(docs/rules.md §10)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.ruleset import Ruleset
from game.core.settlement import Ledger, settle
from game.engine.events import HandSettled
from game.engine.next_deal import next_deal
from game.engine.round import HandSetup, Round


@dataclass
class Match:
    """Hands played one after another from one seed; each hand has its own derived generator."""

    rules: Ruleset
    seed: str
    first_setup: HandSetup = field(default_factory=HandSetup)
    scores: list[int] = field(default_factory=list)  # each seat's running total; zeros at the start
    hand_no: int = 0
    dealer: int | None = None
    streak: int = 0
    ledgers: list[Ledger] = field(default_factory=list)
    keep_ledgers: bool = True  # False: only the last hand's ledger is kept (long simulations stay flat)

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [0] * self.rules.players

    def new_round(self) -> Round:
        """Deal the next hand."""
        self.hand_no += 1
        if self.hand_no == 1:
            setup = self.first_setup
        else:
            setup = HandSetup(hand=self.hand_no, dealer=self.dealer, streak=self.streak)
        return Round(self.rules, self.seed, setup)

    def finish_round(self, rnd: Round) -> HandSettled:
        """Settle a finished hand, move the deal on, and return the settlement event (also added to the round's log)."""
        result = rnd.state.result
        if result is None:
            raise ValueError("the hand is not over")
        ledger = settle(result, self.rules)
        if not self.keep_ledgers:
            self.ledgers.clear()
        self.ledgers.append(ledger)
        nets = ledger.nets()
        for s, net in enumerate(nets):
            self.scores[s] += net
        new_dealer, self.streak = next_deal(result, self.rules)
        self.dealer = new_dealer
        event = HandSettled(tuple(nets), tuple(self.scores), new_dealer, self.streak)
        rnd.events.append(event)
        return event
