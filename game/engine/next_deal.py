"""Who deals the next hand and the dealer's streak (docs/rules.md §10): one function for the match and `settle`."""

from __future__ import annotations

from game.core.result import HandResult
from game.core.ruleset import Ruleset


def next_dealer(result: HandResult, rules: Ruleset) -> int:
    """Who deals the next hand (docs/rules.md §10): the winner; on several winners or a draw, as the ruleset says."""
    dealer = result.dealer
    win = result.win
    n = rules.players
    others = rules.others(dealer)
    if win is None:
        if rules.dealer.draw == "keep":
            return dealer
        ready = [s.ready for s in result.seats]
        count = sum(ready)
        if count == n - 1 and n > 2:
            # C: three ready and one not, the one not ready deals, whoever the dealer was (C's
            # special case comes first, so a ready dealer does not keep the deal here). At three, two
            # ready and one not; at two the rule would hand the deal to the seat not ready every time,
            # so the nearest ready seat deals as below (docs/rules.md §15.7).
            return ready.index(False)
        if count in (0, n) or ready[dealer]:
            return dealer
        return next(s for s in others if ready[s])
    if len(win.winners) == 1:
        return win.winners[0]
    rule = rules.dealer.two_winners if len(win.winners) == 2 else rules.dealer.three_winners
    if rule == "discarder" and win.discarder is not None:
        return win.discarder
    # I: the first winner counted from the last dealer in play order, the dealer first.
    return next(s for s in (dealer, *others) if s in win.winners)


def next_deal(result: HandResult, rules: Ruleset) -> tuple[int, int]:
    """(next dealer, its streak): the streak grows by one when the dealer keeps the deal, else starts at 0."""
    dealer = next_dealer(result, rules)
    return dealer, (result.streak + 1 if dealer == result.dealer else 0)
