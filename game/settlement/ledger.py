"""The Ledger: every payment of a hand, itemised, summing to zero (DESIGN.md, settlement)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.tiles import Tile, format_tiles


@dataclass(frozen=True, slots=True)
class LedgerItem:
    """One payment: `payer` gives `payee` fan x base = amount under rule `rule`.

    `on_behalf` names the seat whose share the payer covers (抢杠 and 包牌), else None.
    """

    payer: int
    payee: int
    fan: int
    amount: int
    rule: str
    label_zh: str
    label_en: str
    tiles: tuple[Tile, ...] = ()
    on_behalf: int | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, tiles in notation."""
        return {
            "payer": self.payer,
            "payee": self.payee,
            "fan": self.fan,
            "amount": self.amount,
            "rule": self.rule,
            "label_zh": self.label_zh,
            "label_en": self.label_en,
            "tiles": format_tiles(self.tiles, sort=False),
            "on_behalf": self.on_behalf,
        }


@dataclass(frozen=True, slots=True)
class Ledger:
    """The itemised settlement of one hand; its items always sum to zero."""

    items: tuple[LedgerItem, ...]

    def __post_init__(self) -> None:
        # Every item moves points from one seat to another, so the nets must cancel out.
        assert sum(self.nets()) == 0, "a ledger must sum to zero"
        for item in self.items:
            assert item.payer != item.payee and item.fan > 0, f"bad ledger item {item}"

    def __iter__(self) -> Iterator[LedgerItem]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def nets(self) -> tuple[int, int, int, int]:
        """Each seat's net amount: what it collected minus what it paid."""
        net = [0, 0, 0, 0]
        for item in self.items:
            net[item.payer] -= item.amount
            net[item.payee] += item.amount
        return net[0], net[1], net[2], net[3]

    def by_rule(self, rule: str) -> tuple[LedgerItem, ...]:
        """The items of one rule id."""
        return tuple(i for i in self.items if i.rule == rule)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the items and the nets."""
        return {"items": [i.to_json() for i in self.items], "nets": list(self.nets())}
