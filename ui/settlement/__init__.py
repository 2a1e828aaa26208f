"""The settlement screen shown after each hand (scene), the pieces it is drawn from, and the final standings."""

from ui.settlement.lines import PaymentLine, payment_lines, seat_lines, standings
from ui.settlement.scene import SettlementScene, headline
from ui.settlement.whatif import WhatIf, ruleset_choices, what_if, win_notes

__all__ = [
    "PaymentLine",
    "SettlementScene",
    "WhatIf",
    "headline",
    "payment_lines",
    "ruleset_choices",
    "seat_lines",
    "standings",
    "what_if",
    "win_notes",
]
