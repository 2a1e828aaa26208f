"""What the player's observation tells them: waits, whether each wait may win off a discard, chickens.

Pure functions of an Observation and the Ruleset; the panels draw what these return.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import hand as analysis
from game.core import rulings
from game.core.melds import Meld
from game.core.ruleset import Ruleset
from game.core.settlement.chickens import charge_kinds, chicken_tiles, fixed_chickens, pond_counts
from game.core.tiles import Tile, to_counts
from game.engine.observation import Observation
from ui.table.model import TableModel


@dataclass(frozen=True, slots=True)
class Wait:
    """A tile that completes the hand: how many copies the player cannot see, and whether a
    discard of it may be won on (else only a self-draw wins)."""

    tile: Tile
    unseen: int
    off_discard: bool


@dataclass(frozen=True, slots=True)
class ChickenInfo:
    """The live chicken panel: 常鸡, 冲锋鸡 and 责任鸡 holders, the player's own chickens."""

    fixed: tuple[tuple[Tile, int], ...]  # tile, value
    charge: tuple[tuple[Tile, int], ...]  # tile, seat that discarded the first copy (冲锋鸡)
    liable: tuple[tuple[Tile, int, int], ...]  # tile, claimer, discarder (责任鸡)
    mine: tuple[Tile, ...]  # the player's chicken tiles in scope
    counting: bool  # ready now, so they would score
    flip: tuple[Tile, Tile] | None = None  # the turned tile and its chicken, at the end


def wait_needs_no_pass(counts: list[int], melds: tuple[Meld, ...], tile: Tile, rules: Ruleset, declared: bool) -> bool:
    """Whether an ordinary discard of `tile` may be won on by this hand (game.core.rulings, docs/rules.md §6)."""
    return rulings.may_win_on(counts, melds, tile, rules, declared=declared)


def waits_of(
    obs: Observation, rules: Ruleset, discard: Tile | None = None, declaring: bool = False
) -> tuple[Wait, ...]:
    """The player's waits now (13 - 3k tiles), or after discarding `discard` (14 - 3k tiles);
    `declaring`: that discard declares ready (报听), which may stand in for the pass."""
    tiles = list(obs.hand)
    if discard is not None:
        if discard not in tiles:
            return ()
        tiles.remove(discard)
    melds = obs.melds[obs.seat]
    if len(tiles) != 13 - 3 * len(melds):
        return ()
    counts = to_counts(tiles)
    declared = obs.declared[obs.seat] or declaring
    return tuple(
        Wait(t, obs.unseen_count(t), wait_needs_no_pass(counts, melds, t, rules, declared))
        for t in analysis.waits(counts, melds)
    )


def discard_choices_keeping_ready(obs: Observation) -> frozenset[Tile]:
    """Tiles whose discard leaves the hand ready (for 报听 and the waits preview)."""
    melds = obs.melds[obs.seat]
    if len(obs.hand) != 14 - 3 * len(melds):
        return frozenset()
    return frozenset(analysis.discard_waits(to_counts(obs.hand), melds))


def is_ready_now(obs: Observation) -> bool:
    """Ready with 13 - 3k tiles, or, holding 14 - 3k, ready after some discard."""
    melds = obs.melds[obs.seat]
    counts = to_counts(obs.hand)
    n = len(obs.hand)
    if n == 13 - 3 * len(melds):
        return analysis.is_ready(counts, melds)
    if n == 14 - 3 * len(melds):
        return bool(analysis.discard_waits(counts, melds))
    return False


def chicken_info(obs: Observation, rules: Ruleset) -> ChickenInfo:
    """The chicken panel's content for this observation."""
    ch = rules.chickens
    fixed = fixed_chickens(rules)
    charge = obs.first_chicken if charge_kinds(rules) else ()
    first = dict(obs.first_chicken)
    liable = (
        tuple((t, claimer, first.get(t, -1)) for t, claimer in obs.first_chicken_claimed_by if t in ch.liability)
        if ch.liability
        else ()
    )
    kinds = chicken_tiles(rules, None)
    # Counted as settlement counts them: the hand and the melds, and the pond where discards count.
    mine = [t for t in obs.hand if t in kinds]
    mine += [m.tile for m in obs.melds[obs.seat] for _ in range(m.size) if m.tile in kinds]
    if pond_counts(rules):
        mine += [t for t in obs.ponds[obs.seat] if t in kinds]
    return ChickenInfo(fixed, tuple(charge), liable, tuple(sorted(mine)), is_ready_now(obs))


def final_chickens(
    model: TableModel, rules: Ruleset, chickens: frozenset[Tile], during_play: ChickenInfo | None
) -> ChickenInfo:
    """The chicken panel once the hands are laid open: the viewer's chickens among its final tiles
    (the turned tile's chicken included), counting if the viewer won or is ready (docs/rules.md §12.8)."""
    ch = rules.chickens
    seat = model.viewer
    tiles = [t for t in model.concealed(seat) if t in chickens]
    tiles += [mv.tile for mv in model.melds[seat] for _ in range(3 if mv.kind == "pung" else 4) if mv.tile in chickens]
    if pond_counts(rules):
        tiles += [t for t in model.ponds[seat] if t in chickens]
    ready = model.ready is not None and model.ready[seat]
    flip = (model.flip.tile, model.flip.chicken) if model.flip is not None else None
    counting = ready or ch.collectors == "every_seat"
    charge = during_play.charge if during_play is not None else ()
    liable = during_play.liable if during_play is not None else ()
    return ChickenInfo(fixed_chickens(rules), charge, liable, tuple(sorted(tiles)), counting, flip)
