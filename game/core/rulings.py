"""Rulings: the rules derived from a ruleset's values, each written once (docs/rules.md §6, §8).

The engine, the rollout path, the AI, hand files, the table's hints and the what-if view all
ask these functions rather than combining the ruleset's switches themselves, so that a reading
of the pass rule or of the turned chicken cannot differ from one reader to the next.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core import hand as analysis
from game.core.melds import Meld
from game.core.ruleset import PlayRules, Ruleset
from game.core.tiles import Tile, next_in_suit, prev_in_suit


def has_pass(melds: Sequence[Meld], play: PlayRules) -> bool:
    """A kong of one's own is the pass (通行证, docs/rules.md §6); a late kong (憨包豆) only where the ruleset says."""
    for m in melds:  # noqa: SIM110 (a plain loop: the engine asks this on every claim it offers)
        if m.kong is not None and (not m.late or play.late_kong_is_pass):
            return True
    return False


def needs_pass(pattern: str, play: PlayRules) -> bool:
    """True when a win of this pattern off another seat's tile needs a pass (docs/rules.md §6)."""
    return pattern in play.pass_patterns


def pass_exempt(
    play: PlayRules, *, declared: bool = False, hot: bool = False, robbing: bool = False, on_declared: bool = False
) -> bool:
    """Whether the way a tile is taken stands in for the pass (docs/rules.md §6).

    `declared`: the winner declared ready (报听); `hot`: the tile was discarded after a kong (热炮);
    `robbing`: it robs an added kong (抢杠); `on_declared`: its discarder declared ready (杀报).
    """
    return (
        (declared and play.pass_exempt_declared)
        or (hot and play.pass_exempt_hot)
        or (robbing and play.pass_exempt_rob_kong)
        or (on_declared and play.pass_exempt_declared_discard)
    )


def declared_wins_any_discard(play: PlayRules) -> bool:
    """Whether a declared-ready hand may win off any seat's discard whatever its pattern (docs/rules.md §4, §6)."""
    return play.pass_exempt_declared or not play.pass_patterns


def win_allowed(
    pattern: str | None,
    melds: Sequence[Meld],
    play: PlayRules,
    *,
    declared: bool = False,
    hot: bool = False,
    robbing: bool = False,
    on_declared: bool = False,
) -> bool:
    """May a hand of this best pattern be won off another seat's tile (docs/rules.md §6); None: no pattern, never."""
    if pattern is None:
        return False
    if pattern not in play.pass_patterns:
        return True
    if pass_exempt(play, declared=declared, hot=hot, robbing=robbing, on_declared=on_declared):
        return True
    return has_pass(melds, play)


def pattern_with(counts: list[int], melds: Sequence[Meld], tile: Tile, values: Mapping[str, int | None]) -> str | None:
    """The best pattern the concealed `counts` (13 - 3k tiles) make with `tile` added, or None (counts unchanged)."""
    counts[tile] += 1
    try:
        pats = analysis.matching_patterns(counts, melds, tile)
    finally:
        counts[tile] -= 1
    return analysis.best_pattern(pats, values)


def may_win_on(
    counts: list[int],
    melds: Sequence[Meld],
    tile: Tile,
    rules: Ruleset,
    *,
    declared: bool = False,
    hot: bool = False,
    robbing: bool = False,
    on_declared: bool = False,
) -> bool:
    """May this hand (concealed `counts`, 13 - 3k tiles) win on another seat's `tile`, pass rule included (docs/rules.md
    §6).

    Waits and 过水 are the caller's: this says only whether the completed hand may be taken.
    """
    pattern = pattern_with(counts, melds, tile, rules.patterns)
    return win_allowed(pattern, melds, rules.play, declared=declared, hot=hot, robbing=robbing, on_declared=on_declared)


def turned_chickens(flip: Tile | None, rules: Ruleset) -> list[Tile]:
    """The chickens a turned tile makes (docs/rules.md §8 翻鸡): one rank above, or below / both (摇摆鸡, 下鸡, §13)."""
    if flip is None or not rules.chickens.flip:
        return []
    mode = rules.optional.yaobai
    out = []
    if mode in ("off", "both"):
        out.append(next_in_suit(flip))
    if mode in ("both", "below"):
        out.append(prev_in_suit(flip))
    return out


def golden_chickens(flip: Tile | None, rules: Ruleset) -> frozenset[Tile]:
    """The golden chickens (金鸡, docs/rules.md §8) a turned tile makes: the fixed chickens it turns as well."""
    return frozenset(t for t in turned_chickens(flip, rules) if t in rules.chickens.golden)


def benji_tile(flip: Tile | None, rules: Ruleset) -> Tile | None:
    """The turned tile itself when it is a chicken too (本鸡, docs/rules.md §13), else None."""
    return flip if rules.optional.benji and flip is not None else None


def turned_chicken_fan(tile: Tile, rules: Ruleset) -> int:
    """What one copy of a turned chicken earns from each payer: its golden value when it is a 常鸡 too (金鸡, §8)."""
    ch = rules.chickens
    return ch.golden.get(tile, ch.flip_value)


def declared_bonus(rules: Ruleset, dealer: bool = False) -> tuple[str, int]:
    """How 报听 lifts a declared win and by how much (docs/rules.md §12.1): ("at_least" | "add" | "none", value).

    The value is the dealer's own where the ruleset has one (docs/rules.md §14).
    """
    b = rules.bonuses
    value = b.declared_win_value_dealer if dealer and b.declared_win_value_dealer is not None else b.declared_win_value
    return b.declared_win, value


def declared_win_fan(fan: int, rules: Ruleset, dealer: bool = False) -> int:
    """A declared winner's pattern `fan` after the 报听 bonus (docs/rules.md §12.1, §14)."""
    mode, value = declared_bonus(rules, dealer)
    if mode == "at_least":
        return max(fan, value)
    if mode == "add":
        return fan + value
    return fan
