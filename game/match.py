"""A match: hands in sequence, the dealer passing as the rules say, running scores (RULES.md §10)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.events import HandSettled
from game.result import HandResult
from game.round import HandSetup, Round
from game.ruleset import Ruleset
from game.settlement import Ledger, settle


def next_dealer(result: HandResult, rules: Ruleset) -> int:
    """Who deals the next hand (RULES §10): the winner; on several winners or a draw, as the ruleset says."""
    dealer = result.dealer
    win = result.win
    if win is None:
        if rules.dealer.draw == "keep":
            return dealer
        ready = [s.ready for s in result.seats]
        count = sum(ready)
        if count in (0, 4) or ready[dealer]:
            return dealer
        if count == 3:
            return ready.index(False)  # C: three ready, the one not ready deals
        return next((dealer + k) % 4 for k in (1, 2, 3) if ready[(dealer + k) % 4])
    if len(win.winners) == 1:
        return win.winners[0]
    rule = rules.dealer.two_winners if len(win.winners) == 2 else rules.dealer.three_winners
    if rule == "discarder" and win.discarder is not None:
        return win.discarder
    # I: the first winner counted from the last dealer in play order, the dealer first.
    return next((dealer + k) % 4 for k in range(4) if (dealer + k) % 4 in win.winners)


@dataclass
class Match:
    """Hands played one after another from one seed; each hand has its own derived generator."""

    rules: Ruleset
    seed: str
    first_setup: HandSetup = field(default_factory=HandSetup)
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hand_no: int = 0
    dealer: int | None = None
    streak: int = 0
    ledgers: list[Ledger] = field(default_factory=list)
    keep_ledgers: bool = True  # False: only the last hand's ledger is kept (long simulations stay flat)

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
        result = rnd.result
        if result is None:
            raise ValueError("the hand is not over")
        ledger = settle(result, self.rules)
        if not self.keep_ledgers:
            self.ledgers.clear()
        self.ledgers.append(ledger)
        nets = ledger.nets()
        for s in range(4):
            self.scores[s] += nets[s]
        new_dealer = next_dealer(result, self.rules)
        self.streak = self.streak + 1 if new_dealer == result.dealer else 0
        self.dealer = new_dealer
        event = HandSettled(tuple(nets), tuple(self.scores), new_dealer, self.streak)
        rnd.events.append(event)
        return event
