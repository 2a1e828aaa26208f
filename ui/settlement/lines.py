"""A ledger read seat by seat: each seat's payments grouped by rule, with who pays whom.

Pure functions of a Ledger; the settlement screen draws what they return.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.settlement import Ledger


@dataclass(frozen=True, slots=True)
class PaymentLine:
    """Payments of one rule to one payee: `count` items of `amount` in total from each payer.

    Read "金鸡 ×2 东→南 4": rule label, count, payers → payee, amount from each payer.
    """

    rule: str
    label_zh: str
    label_en: str
    payers: tuple[int, ...]
    payee: int
    count: int
    amount: int

    def signed(self, seat: int) -> int:
        """What this line means to `seat`: + what it collects, - what it pays, 0 if it is not involved."""
        if seat == self.payee:
            return self.amount * len(self.payers)
        return -self.amount if seat in self.payers else 0


def _per_payer(ledger: Ledger) -> list[PaymentLine]:
    """One line per rule, label, payer and payee, in the ledger's order."""
    order: list[tuple[str, str, int, int]] = []
    found: dict[tuple[str, str, int, int], tuple[str, int, int]] = {}
    for item in ledger.items:
        key = (item.rule, item.label_zh, item.payer, item.payee)
        if key not in found:
            order.append(key)
            found[key] = (item.label_en, 0, 0)
        en, count, amount = found[key]
        found[key] = (en, count + 1, amount + item.amount)
    return [PaymentLine(k[0], k[1], found[k][0], (k[2],), k[3], found[k][1], found[k][2]) for k in order]


def payment_lines(ledger: Ledger) -> list[PaymentLine]:
    """Every payment grouped by rule and payee; payers that paid the same are folded into one line."""
    order: list[tuple[str, str, int, int, int]] = []
    groups: dict[tuple[str, str, int, int, int], list[PaymentLine]] = {}
    for line in _per_payer(ledger):
        key = (line.rule, line.label_zh, line.payee, line.count, line.amount)
        if key not in groups:
            order.append(key)
            groups[key] = []
        groups[key].append(line)
    out = []
    for key in order:
        first = groups[key][0]
        payers = tuple(sorted(p for line in groups[key] for p in line.payers))
        out.append(
            PaymentLine(first.rule, first.label_zh, first.label_en, payers, first.payee, first.count, first.amount)
        )
    return out


def seat_lines(ledger: Ledger, seat: int) -> list[PaymentLine]:
    """The payments `seat` took part in: what it collected (folded over payers) and what it paid (its own share)."""
    out = [line for line in payment_lines(ledger) if line.payee == seat]
    out += [line for line in _per_payer(ledger) if seat in line.payers]
    return out


def standings(scores: tuple[int, ...] | list[int]) -> list[int]:
    """Each seat's place (1 = first) by score; equal scores share a place."""
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]
