"""The hand builder the settlement tests share: a finished hand written in tile notation for the seats that
matter, the other seats filled with hands that are not ready, read through the hand-file reader; and the
ledger in rows to compare."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.core.hand import is_ready
from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger, settle
from game.core.tiles import (
    COPIES,
    NUM_KINDS,
    WUGUJI,
    YAOJI,
    format_tiles,
    next_in_suit,
    parse_tile,
    parse_tiles,
    prev_in_suit,
    to_counts,
)
from game.handfile import parse_hand_file
from game.rules.loader import load_ruleset


@dataclass
class S:
    """One seat of a test hand, in tile notation."""

    hand: str
    melds: tuple[str, ...] = ()
    discards: str = ""
    declared: bool = False


@dataclass
class Deal:
    """A finished hand for a test: the seats given, the rest filled with hands that are not ready."""

    ruleset: str | Ruleset
    seats: dict[int, S]
    win: str | None = None  # the YAML flow mapping of the `win` key, e.g. "{by: [1], tile: 5s, from: self}"
    flip: str | None = "4p"  # turns 5p into the chicken, a tile the usual test hands leave out
    dealer: int = 0
    streak: int = 0
    extra: str = ""  # more top-level YAML lines
    avoid: str = ""  # tiles the filler hands must not use
    fill_discards: dict[int, str] = field(default_factory=dict)

    def rules(self) -> Ruleset:
        """The deal's ruleset, loaded."""
        return self.ruleset if isinstance(self.ruleset, Ruleset) else load_ruleset(self.ruleset)

    def text(self) -> str:
        """The hand-file text: one seat per player of the ruleset (docs/rules.md §15.2)."""
        name = self.ruleset if isinstance(self.ruleset, str) else "guiyang-classic"
        seats = dict(self.seats)
        players = self.rules().players
        fillers = _fillers(self, seats, players, self.rules().kinds)
        lines = [f"ruleset: {name}", f"dealer: {self.dealer}", f"streak: {self.streak}", "seats:"]
        for i in range(players):
            s = seats.get(i) or fillers[i]
            lines.append(f"  - hand: {s.hand}")
            lines.append(f"    melds: [{', '.join(s.melds)}]")
            lines.append(f"    discards: {s.discards or EMPTY}")
            lines.append(f"    declared_ready: {str(s.declared).lower()}")
        if self.win is not None:
            lines.append(f"win: {self.win}")
        if self.flip is not None and self.win is not None:
            lines.append(f"flip: {self.flip}")
        if self.extra:
            lines.append(self.extra)
        return "\n".join(lines) + "\n"

    def result(self) -> HandResult:
        """The checked HandResult (the hand file reader validates it)."""
        rules = self.ruleset if isinstance(self.ruleset, Ruleset) else None
        return parse_hand_file(self.text(), "test.yaml", rules)

    def ledger(self) -> Ledger:
        """Settle under the deal's ruleset."""
        return settle(self.result(), self.rules())


EMPTY = '""'

# A spread of kinds that keeps a filler hand from being ready; the seat number rotates it.
_SPREAD = [
    int(x)
    for x in [
        "0",
        "13",
        "26",
        "4",
        "17",
        "8",
        "21",
        "3",
        "12",
        "25",
        "7",
        "16",
        "20",
        "1",
        "14",
        "23",
        "5",
        "10",
        "19",
        "2",
        "15",
        "24",
        "6",
        "11",
        "22",
        "9",
        "18",
    ]
]


def _seat_tiles(s: S) -> list[int]:
    tiles = parse_tiles(s.hand) + parse_tiles(s.discards)
    for m in s.melds:
        t = parse_tile(m.split()[1])
        tiles += [t] * (4 if m.startswith("kong") else 3)
    return tiles


def _fillers(deal: Deal, seats: dict[int, S], players: int, kinds: tuple[int, ...]) -> dict[int, S]:
    pool = [COPIES if t in kinds else 0 for t in range(NUM_KINDS)]
    for s in seats.values():
        for t in _seat_tiles(s):
            pool[t] -= 1
    if deal.flip is not None:
        pool[parse_tile(deal.flip)] -= 1
    avoid = {YAOJI, WUGUJI, *parse_tiles(deal.avoid)}
    if deal.flip is not None:
        f = parse_tile(deal.flip)
        avoid |= {f, next_in_suit(f), prev_in_suit(f)}
    out: dict[int, S] = {}
    for i in range(players):
        if i in seats:
            continue
        discards = deal.fill_discards.get(i, "")
        for t in parse_tiles(discards):
            pool[t] -= 1
        for rotation in range(NUM_KINDS):
            order = _SPREAD[(i * 7 + rotation) % NUM_KINDS :] + _SPREAD[: (i * 7 + rotation) % NUM_KINDS]
            picked: list[int] = []
            for limit in (1, 2, 3):
                for t in order:
                    if len(picked) < 13 and t not in avoid and pool[t] > 0 and picked.count(t) < limit:
                        picked.append(t)
                        pool[t] -= 1
            if len(picked) == 13 and not is_ready(to_counts(picked), []):
                break
            for t in picked:
                pool[t] += 1
        else:
            raise AssertionError("no filler hand fits")
        out[i] = S(format_tiles(picked, spaced=True), discards=discards)
    return out


def items(ledger: Ledger) -> list[tuple[int, int, str, int]]:
    """The ledger as sorted (payer, payee, rule, amount) rows."""
    return sorted((i.payer, i.payee, i.rule, i.amount) for i in ledger)


def rows(*spec: tuple[int, int, str, int]) -> list[tuple[int, int, str, int]]:
    """Expected rows, sorted the same way."""
    return sorted(spec)


def from_each(
    payee: int, rule: str, amount: int, payers: tuple[int, ...] | None = None
) -> list[tuple[int, int, str, int]]:
    """The same payment from each other seat (or the seats named)."""
    return [(p, payee, rule, amount) for p in (payers if payers is not None else range(4)) if p != payee]


def with_rules(name: str, **sections: dict[str, Any]) -> Ruleset:
    """A built-in ruleset with some values changed, e.g. with_rules('guiyang-classic', optional={'benji': 1})."""
    rules = load_ruleset(name)
    changes = {sec: replace(getattr(rules, sec), **vals) for sec, vals in sections.items()}
    return replace(rules, **changes)


PLAIN = "123m 456m 234p 234s 55s"  # 平胡 on 5s, no chicken under the default flip
PLAIN_WITH_KONG = "123m 456m 234s 55s"  # plus `kong 9p ...`: the pass of docs/rules.md §6
