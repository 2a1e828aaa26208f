"""settle(): run every registered payment rule over a finished hand (docs/rules.md §5-§10, §12, §13)."""

from __future__ import annotations

import importlib

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement.context import SettleContext
from game.core.settlement.ledger import Ledger
from game.core.settlement.registry import registered_rules

# The payment families register their rules on import; this order is the order a ledger lists them in.
RULE_MODULES: tuple[str, ...] = (
    "game.core.settlement.win",
    "game.core.settlement.bonuses",
    "game.core.settlement.kongs",
    "game.core.settlement.chickens",
    "game.core.settlement.draw",
)
for _module in RULE_MODULES:
    importlib.import_module(_module)


def settle(result: HandResult, rules: Ruleset) -> Ledger:
    """The itemised payments of a finished hand under `rules`; the ledger sums to zero."""
    ctx = SettleContext(result, rules)
    for _rule_id, rule in registered_rules():
        rule(ctx)
    return Ledger(tuple(ctx.items), rules.players)
