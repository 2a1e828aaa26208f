"""The end-of-hand screen's old home: the names stay importable from here; the screen is ui.settlement."""

from __future__ import annotations

from dataclasses import dataclass

from game.settlement import Ledger
from ui import strings as S
from ui.settlement import SettlementScene, headline

__all__ = ["LedgerLine", "SettlementScene", "fold_ledger", "headline"]


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """Ledger items folded together: one label, one payee, the same amount from each payer."""

    label: str
    payers: tuple[int, ...]
    payee: int
    amount: int


def fold_ledger(ledger: Ledger) -> list[LedgerLine]:
    """Group items that share rule, label, payee and amount, keeping the ledger's order."""
    groups: dict[tuple[str, str, int, int], list[int]] = {}
    labels: dict[tuple[str, str, int, int], str] = {}
    for item in ledger.items:
        key = (item.rule, item.label_zh, item.payee, item.amount)
        groups.setdefault(key, []).append(item.payer)
        labels[key] = S.ledger_label(item.label_zh, item.label_en)
    return [LedgerLine(labels[k], tuple(p), k[2], k[3]) for k, p in groups.items()]
