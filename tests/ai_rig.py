"""Hand-made positions for the AI tests: a real observation from a rigged deal, with chosen fields replaced.

The agents see only the observation, so a position is fully described by one; the legal actions
are written out here the way the engine lists them (docs/rules.md §4).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.core.melds import Meld
from game.core.tiles import Tile, parse_tile, parse_tiles, to_counts
from game.engine.actions import Action, ActionKind, make
from game.engine.observation import Observation, observe
from game.rules.loader import load_ruleset
from tests.rig import rigged_round

_DEAL = ["123456789m12345p", "6789p1234567s99s", "123m1234p89s1234m", "556677889m2345s"]


def _base(ruleset: str) -> Observation:
    return observe(rigged_round(load_ruleset(ruleset), _DEAL), 0)


def _with(obs: Observation, **fields: Any) -> Observation:
    # Observation is a frozen record; copy it with some fields changed, whichever kind of record it is.
    record: Any = obs
    if hasattr(record, "_replace"):
        return record._replace(**fields)  # type: ignore[no-any-return]
    return dataclasses.replace(record, **fields)  # type: ignore[no-any-return]


def _common(obs: Observation, hand: str, **fields: Any) -> dict[str, Any]:
    tiles = sorted(parse_tiles(hand))
    out: dict[str, Any] = {"hand": tuple(tiles)}
    if "counts" in getattr(obs, "_fields", ()) or hasattr(obs, "counts"):
        out["counts"] = tuple(to_counts(tiles))
    melds = fields.pop("melds", None)
    if melds is not None:
        out["melds"] = tuple(tuple(m) for m in melds)
        out["hand_sizes"] = tuple(14 - 3 * len(m) if s == 0 else 13 - 3 * len(m) for s, m in enumerate(melds))
    ponds = fields.pop("ponds", None)
    if ponds is not None:
        out["ponds"] = tuple(tuple(parse_tiles(p)) for p in ponds)
    out.update(fields)
    return out


def turn_position(
    ruleset: str,
    hand: str,
    *,
    melds: list[list[Meld]] | None = None,
    ponds: list[str] | None = None,
    declared: tuple[bool, bool, bool, bool] = (False, False, False, False),
    wall_remaining: int = 40,
    win: bool = False,
    declare: bool = False,
    first_chicken: tuple[tuple[Tile, int], ...] = (),
) -> Observation:
    """Seat 0 on its turn holding `hand` (14 - 3k tiles); every distinct tile may be discarded."""
    obs = _base(ruleset)
    tiles = sorted(set(parse_tiles(hand)))
    legal: list[Action] = [make(ActionKind.WIN, 0)] if win else []
    legal += [make(ActionKind.DISCARD, 0, t) for t in tiles]
    if declare:
        legal += [make(ActionKind.DISCARD, 0, t, True) for t in tiles]
    fields = _common(
        obs,
        hand,
        melds=melds,
        ponds=ponds,
        declared=declared,
        wall_remaining=wall_remaining,
        legal_actions=tuple(legal),
        phase="turn",
        turn=0,
        drawn=tiles[-1],
        first_chicken=first_chicken,
        last_discard=None,
        rob_tile=None,
    )
    return _with(obs, **fields)


def claim_position(
    ruleset: str,
    hand: str,
    discard: str,
    *,
    source: int = 3,
    options: tuple[ActionKind, ...] = (ActionKind.PUNG,),
    melds: list[list[Meld]] | None = None,
    ponds: list[str] | None = None,
    baopai_pending: bool = False,
    first_chicken: tuple[tuple[Tile, int], ...] = (),
    wall_remaining: int = 40,
) -> Observation:
    """Seat 0 holding `hand` (13 - 3k tiles) answering seat `source`'s discard of `discard`."""
    obs = _base(ruleset)
    tile = parse_tile(discard)
    legal = (*(make(k, 0) for k in options), make(ActionKind.PASS, 0))
    pond_list = ponds or ["", "", "", ""]
    pond_list = [p + (discard if s == source else "") for s, p in enumerate(pond_list)]
    fields = _common(
        obs,
        hand,
        melds=melds,
        ponds=pond_list,
        wall_remaining=wall_remaining,
        legal_actions=legal,
        phase="claims",
        turn=source,
        drawn=None,
        last_discard=(source, tile, False),
        rob_tile=None,
        baopai_pending=baopai_pending,
        first_chicken=first_chicken,
    )
    return _with(obs, **fields)


def rob_position(ruleset: str, hand: str, tile: str, *, robbed: int = 3) -> Observation:
    """Seat 0 holding `hand` (13 - 3k tiles) offered to rob seat `robbed`'s added kong of `tile` (抢杠)."""
    obs = claim_position(ruleset, hand, tile, source=robbed, options=(ActionKind.WIN,))
    return _with(obs, phase="rob", last_discard=None, rob_tile=parse_tile(tile))
