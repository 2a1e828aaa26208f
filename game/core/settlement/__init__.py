"""Settlement: a finished hand becomes a Ledger of itemised payments (docs/rules.md §5-§10, §12, §13).

Each kind of payment is a registered rule (game.core.settlement.registry) in a module per family:
win (pattern, 包牌), bonuses, kongs, chickens, draw (查叫).
"""

from game.core.settlement.ledger import Ledger, LedgerItem
from game.core.settlement.settle import settle

__all__ = ["Ledger", "LedgerItem", "settle"]
