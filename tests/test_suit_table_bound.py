"""The per-suit tables behind shanten, waits and the AI stay bounded and give the same answers (docs/rules.md §5).

A long run meets ever rarer suits; each table stops taking new suits at SUIT_TABLE_LIMIT
(game.core.suit_tables.remember) and works the rarer ones out each time, so memory stays flat.
That must never change an answer.
"""

from __future__ import annotations

import random

import pytest

from game.ai.judgement import efficiency
from game.core import shanten as shanten_module
from game.core import suit_tables
from game.core.hand import completing_tiles, is_complete
from game.core.shanten import lowest_discards, shanten
from game.core.tiles import NUM_KINDS, parse_tiles, to_counts

WALL = [t for t in range(NUM_KINDS) for _ in range(4)]
LIMIT = 64


def _tables() -> dict[str, dict[tuple[int, ...], object]]:
    return {
        "ROW_OF": suit_tables.ROW_OF,  # type: ignore[dict-item]
        "SEVEN_OF": suit_tables.SEVEN_OF,  # type: ignore[dict-item]
        "BOTH_OF": suit_tables.BOTH_OF,  # type: ignore[dict-item]
        "INFO_OF": suit_tables.INFO_OF,  # type: ignore[dict-item]
        "ADDS_OF": suit_tables.ADDS_OF,  # type: ignore[dict-item]
        "_DISCARDS": shanten_module._DISCARDS,  # type: ignore[dict-item]
        "_ADD": efficiency._ADD,  # type: ignore[dict-item]
        "_SUB": efficiency._SUB,  # type: ignore[dict-item]
    }


def _answers(hands: list[list[int]]) -> list[object]:
    out: list[object] = []
    for counts in hands:
        out.append((shanten(counts, 0), lowest_discards(counts, 0), is_complete(counts, 0)))
        less = list(counts)
        less[counts.index(next(c for c in counts if c))] -= 1
        out.append((shanten(less, 0), completing_tiles(less, 0), efficiency.accept(less, 0)))
    return out


def test_tables_stay_within_the_bound_and_answers_do_not_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/rules.md §5: 600 random 14-tile hands give the same shanten, discards and waits with tables of 64 suits."""
    rng = random.Random(5)
    hands = [to_counts(rng.sample(WALL, 14)) for _ in range(600)]
    hands.append(to_counts(parse_tiles("123m456p789s11222s")))
    expected = _answers(hands)  # with whatever the tables already hold
    monkeypatch.setattr(suit_tables, "_bounded", True)
    monkeypatch.setattr(suit_tables, "SUIT_TABLE_LIMIT", LIMIT)
    for table in _tables().values():
        table.clear()
    got: list[object] = []
    for i in range(0, len(hands), 20):
        got.extend(_answers(hands[i : i + 20]))
        for name, table in _tables().items():
            assert len(table) <= LIMIT, name
    assert got == expected
    assert len(suit_tables.ROW_OF) == LIMIT, "the table filled to its bound"
    kept = dict(suit_tables.ROW_OF)
    assert _answers(hands) == expected  # the second time round, from a full table and the rest worked out
    assert kept == suit_tables.ROW_OF, "a full table keeps the suits it has"
    assert is_complete(to_counts(parse_tiles("123m456p789s11222s")), 0)


def test_fill_all_lifts_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """After fill_all the tables are meant to hold every suit: a bound must not turn suits away."""
    monkeypatch.setattr(suit_tables, "_bounded", True)
    monkeypatch.setattr(suit_tables, "SUIT_TABLE_LIMIT", 10)
    suit_tables.fill_all(max_tiles=4)
    assert not suit_tables._bounded
    assert len(suit_tables.ROW_OF) >= 715
    key = (4, 4, 4, 2, 0, 0, 0, 0, 0)  # 14 tiles: beyond max_tiles=4, so not filled
    suit_tables.ROW_OF.pop(key, None)
    suit_tables.row_id(key)
    assert key in suit_tables.ROW_OF
