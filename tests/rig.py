"""Stacked walls for rule tests: deal chosen hands and chosen draws through the real deal."""

from __future__ import annotations

from game.core.ruleset import Ruleset
from game.core.tiles import NUM_KINDS, Tile, parse_tiles
from game.engine.round import HandSetup, Round

# Front positions the deal takes for each seat, counted from the dealer in play order
# (docs/rules.md §3: 4-4-4 by stacks, then 跳牌: the dealer the tops of the next first and third stacks).
_GRAB_POSITIONS: list[list[int]] = [[], [], [], []]
for _round in range(3):
    for _k in range(4):
        base = (_round * 4 + _k) * 4
        _GRAB_POSITIONS[_k].extend(range(base, base + 4))
_GRAB_POSITIONS[0].extend((48, 52))
_GRAB_POSITIONS[1].append(49)
_GRAB_POSITIONS[2].append(50)
_GRAB_POSITIONS[3].append(51)
FIRST_DRAW = 53


def _tail_positions() -> list[int]:
    # Replacement tiles: the last stack's top, then its bottom, then the stack before it.
    out: list[int] = []
    for stack in range(53, -1, -1):
        out.extend((stack * 2, stack * 2 + 1))
    return out


def stacked_wall(hands: list[str], draws: str = "", tail: str = "", dealer: int = 0) -> tuple[Tile, ...]:
    """A wall that deals `hands` (by seat; the dealer's has 14 tiles), then draws `draws`, replacements `tail`."""
    slots: list[Tile | None] = [None] * 108
    for seat in range(4):
        tiles = parse_tiles(hands[seat])
        positions = _GRAB_POSITIONS[(seat - dealer) % 4]
        if len(tiles) != len(positions):
            raise ValueError(f"seat {seat} needs {len(positions)} tiles, got {len(tiles)}")
        for pos, t in zip(positions, tiles, strict=True):
            slots[pos] = t
    for i, t in enumerate(parse_tiles(draws)):
        slots[FIRST_DRAW + i] = t
    for pos, t in zip(_tail_positions(), parse_tiles(tail), strict=False):
        if slots[pos] is not None:
            raise ValueError("tail tiles overlap the draws")
        slots[pos] = t
    counts = [0] * NUM_KINDS
    for slot in slots:
        if slot is not None:
            counts[slot] += 1
    if any(c > 4 for c in counts):
        raise ValueError("more than four of a tile")
    spare = [t for t in range(NUM_KINDS) for _ in range(4 - counts[t])]
    # Fill the rest from the middle of the wall outward so draws and tails stay as written.
    for i in range(108):
        if slots[i] is None:
            slots[i] = spare.pop()
    return tuple(t for t in slots if t is not None)


def rigged_round(
    rules: Ruleset, hands: list[str], draws: str = "", tail: str = "", dealer: int = 0, streak: int = 0
) -> Round:
    """A round with a stacked wall, dice fixed so the break is the same every time."""
    wall = stacked_wall(hands, draws, tail, dealer)
    return Round(rules, "rig", HandSetup(dealer=dealer, streak=streak, break_dice=(3, 4), wall=wall))
