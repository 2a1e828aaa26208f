"""Stacked walls for rule tests: deal chosen hands and chosen draws through the real deal."""

from __future__ import annotations

from game.core.ruleset import Ruleset
from game.core.tiles import NUM_KINDS, Tile, parse_tiles
from game.engine.round import HandSetup, Round


def _grab_positions(players: int) -> list[list[int]]:
    """Front positions the deal takes for each seat, counted from the dealer in play order (docs/rules.md §3:
    4-4-4 by stacks, then 跳牌; §15.2 at a smaller table: the dealer also takes the tile after the others')."""
    out: list[list[int]] = [[] for _ in range(players)]
    for rnd in range(3):
        for k in range(players):
            base = (rnd * players + k) * 4
            out[k].extend(range(base, base + 4))
    jump = 12 * players
    out[0].extend((jump, jump + players))
    for k in range(1, players):
        out[k].append(jump + k)
    return out


def first_draw(players: int) -> int:
    """The front position of the first tile drawn after the deal."""
    return 13 * players + 1


def _tail_positions(size: int) -> list[int]:
    # Replacement tiles: the last stack's top, then its bottom, then the stack before it.
    out: list[int] = []
    for stack in range(size // 2 - 1, -1, -1):
        out.extend((stack * 2, stack * 2 + 1))
    return out


def stacked_wall(
    hands: list[str], draws: str = "", tail: str = "", dealer: int = 0, kinds: tuple[Tile, ...] | None = None
) -> tuple[Tile, ...]:
    """A wall that deals `hands` (one per seat; the dealer's has 14 tiles), then draws `draws`, replacements `tail`;
    `kinds` are the tiles in play (all 27 by default, docs/rules.md §15.1)."""
    players = len(hands)
    kinds = tuple(range(NUM_KINDS)) if kinds is None else kinds
    size = len(kinds) * 4
    grabs = _grab_positions(players)
    slots: list[Tile | None] = [None] * size
    for seat in range(players):
        tiles = parse_tiles(hands[seat])
        positions = grabs[(seat - dealer) % players]
        if len(tiles) != len(positions):
            raise ValueError(f"seat {seat} needs {len(positions)} tiles, got {len(tiles)}")
        for pos, t in zip(positions, tiles, strict=True):
            slots[pos] = t
    for i, t in enumerate(parse_tiles(draws)):
        slots[first_draw(players) + i] = t
    for pos, t in zip(_tail_positions(size), parse_tiles(tail), strict=False):
        if slots[pos] is not None:
            raise ValueError("tail tiles overlap the draws")
        slots[pos] = t
    counts = [0] * NUM_KINDS
    for slot in slots:
        if slot is not None:
            counts[slot] += 1
    if any(c > 4 for c in counts):
        raise ValueError("more than four of a tile")
    if any(counts[t] for t in range(NUM_KINDS) if t not in kinds):
        raise ValueError("a tile not in play")
    spare = [t for t in kinds for _ in range(4 - counts[t])]
    # Fill the rest from the middle of the wall outward so draws and tails stay as written.
    for i in range(size):
        if slots[i] is None:
            slots[i] = spare.pop()
    return tuple(t for t in slots if t is not None)


def rigged_round(
    rules: Ruleset, hands: list[str], draws: str = "", tail: str = "", dealer: int = 0, streak: int = 0
) -> Round:
    """A round with a stacked wall, dice fixed so the break is the same every time."""
    wall = stacked_wall(hands, draws, tail, dealer, rules.kinds)
    return Round(rules, "rig", HandSetup(dealer=dealer, streak=streak, break_dice=(3, 4), wall=wall))
