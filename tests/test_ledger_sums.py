"""Every ledger sums to zero over 10,000 simulated hands per ruleset (docs/rules.md §7; docs/design.md).

The hands are played by the built-in bots through the real engine and settled by the
registered payment rules; `simulate` also checks that all 108 tiles are accounted for
after each hand.
"""

from __future__ import annotations

import pytest

from game.match.simulate import simulate
from game.rules.loader import builtin_ruleset_names, load_ruleset

HANDS = 10_000


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_ten_thousand_hands_settle_to_zero(name: str) -> None:
    report = simulate(load_ruleset(name), f"zero-sum:{name}", HANDS)
    assert report.failures == []
    assert report.checks["ledger_sums_to_zero"] == HANDS
    assert report.checks["tiles_accounted"] == HANDS
    assert sum(report.scores) == 0
    # The hands cover the ways a hand ends, so the sum is checked on every kind of payment.
    for ending in ("self_draw", "discard", "draw", "hot_discard", "after_kong"):
        assert report.endings[ending] > 0, ending
