"""The registry of payment rules: each kind of payment is a function registered under an id.

`settle` runs the registered rules in registration order; a rule reads its values from
the Ruleset and adds items through the context. No rule asks which ruleset is running.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.settlement.context import SettleContext

SettleRule = Callable[["SettleContext"], None]

_RULES: dict[str, SettleRule] = {}


def register(rule_id: str) -> Callable[[SettleRule], SettleRule]:
    """Decorator: register a payment rule under `rule_id` (ids are unique)."""

    def add(func: SettleRule) -> SettleRule:
        if rule_id in _RULES:
            raise ValueError(f"payment rule {rule_id!r} is registered twice")
        _RULES[rule_id] = func
        return func

    return add


def registered_rules() -> list[tuple[str, SettleRule]]:
    """Every registered rule as (id, function), in the order they run."""
    return list(_RULES.items())
